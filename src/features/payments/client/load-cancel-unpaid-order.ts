/**
 * この申込みを取り消す fetched on first use: the purchase confirmation needs it only for an
 * unfinished order, so it stays out of its first load (issue 13 §1, docs/decisions/0033). Its own
 * module: importing it from the face (index.ts), which also re-exports the panel itself, put the panel
 * back into the confirmation's first-load JavaScript (docs/decisions/0036).
 */
export const loadCancelUnpaidOrder = () => import('../components/unpaid-order').then((m) => ({ default: m.CancelUnpaidOrder }));
