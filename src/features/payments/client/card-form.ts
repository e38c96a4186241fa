/**
 * What a card form beside PAY.JP's card field needs from the payments feature (the recipient and
 * resume steps, the confirmation's PAY.JP return, マイページ's card form): the カード名義 / e-mail
 * conversion and their checks (on demand); the buyer's words for a PAY.JP error code are
 * buyer-message.ts's, which a card form loads with PAY.JP's field. Apart from index.client.ts, whose この申込みを取り消す panel these
 * pages need not load, and from index.ts, which loads the whole messages table: the table
 * (~2.5 KiB gzipped) is loaded when a message is first shown (docs/decisions/0021, 0030).
 */
import type { cardEmailError, cardNameError } from '../card-holder';

/**
 * The カード名義 / e-mail checks and their messages, loaded when a form first checks (on leaving a
 * field, on submit): the converting functions above are all a form needs while it is typed into
 * (docs/decisions/0097).
 */
export function loadCardHolderChecks(): Promise<CardHolderChecks> {
  return import('../card-holder');
}
export interface CardHolderChecks {
  cardNameError: typeof cardNameError;
  cardEmailError: typeof cardEmailError;
}
