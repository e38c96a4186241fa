import { addCard, type CardView } from '@/features/payments';
import { INITIAL_STATE, getClientState, setPiece } from '@/lib/client-store';

import { enteredCardOf, type CardChoice } from './card-section';

/**
 * What 「ご注文内容の確認へ進む」 keeps of the card chosen on the recipient step, in this tab's
 * storage for the confirmation: loaded with the address schema when the button is pressed, not
 * with the page (docs/decisions/0047).
 */
function keepRegisteredCard(card: CardView) {
  setPiece('registeredCard', {
    id: card.id,
    brand: card.brand,
    last4: card.last4,
    expDate: card.expDate,
    cardName: card.cardName,
    isSelected: true,
  });
  setPiece('newCard', INITIAL_STATE.newCard);
}

/** Stores the chosen card (a new one registered first when the buyer asked); throws an Error with the buyer's words. */
export async function keepChosenCard(chosen: CardChoice, { register }: { register: boolean }): Promise<void> {
  if (chosen.kind === 'entered') {
    const entered = enteredCardOf(getClientState().newCard);
    if (!entered) throw new Error('カード情報の有効期限が切れました。お手数ですが、カード情報をもう一度入力してください。');
    setPiece('newCard', { ...entered, isSelected: true });
    setPiece('registeredCard', INITIAL_STATE.registeredCard);
  } else if (chosen.kind === 'registered') {
    keepRegisteredCard(chosen.card);
  } else if (register) {
    keepRegisteredCard((await addCard(chosen.token.id)).card);
  } else {
    const { token } = chosen;
    setPiece('newCard', {
      token: token.id,
      brand: token.card.brand,
      last4: token.card.last4,
      expDate: { year: token.card.exp_year, month: token.card.exp_month },
      cardName: chosen.holderName,
      isSelected: true,
    });
    setPiece('registeredCard', INITIAL_STATE.registeredCard);
  }
}
