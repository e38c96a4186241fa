import { deleteCard, type CardView } from '@/features/payments';
import { ApiError } from '@/lib/api-client';

import type { CardSectionState } from './card-section';

/**
 * 削除 beside a registered card on the recipient step, loaded when pressed: the step's first load
 * is at its budget (cards are managed in マイページ too, /my-page/cards; docs/decisions/0063).
 */
export async function removeCard(registered: CardView, card: CardSectionState): Promise<void> {
  if (!window.confirm(`${registered.brand}（末尾 ${registered.last4}）の登録を削除しますか？`)) return;
  try {
    await deleteCard(registered.id);
    await card.forget(registered.id);
  } catch (error) {
    card.setCardError(error instanceof ApiError ? error.message : 'カードを削除できませんでした。');
  }
}
