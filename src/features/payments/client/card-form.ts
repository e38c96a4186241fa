/**
 * What a card form beside PAY.JP's card field needs from the payments feature (the recipient and
 * resume steps, the confirmation's PAY.JP return): the カード名義 / e-mail rules, and the buyer's
 * words for a PAY.JP error code. Apart from index.client.ts, whose この申込みを取り消す panel these
 * pages need not load, and from index.ts, which loads the whole messages table: the table
 * (~2.5 KiB gzipped) is loaded when a message is first shown (docs/decisions/0021, 0030).
 */
export { cardEmailError, cardNameError, normalizeCardEmail, normalizeCardName, normalizeCardNameInput } from '../card-holder';
export { payjpBuyerMessageText } from './buyer-message';
