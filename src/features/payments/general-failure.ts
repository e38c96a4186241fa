/**
 * What the buyer reads when nothing more precise can be said about a payment problem: a code only
 * a bug on our side can cause (./server/payjp/messages.ts), or the words for a code that could not
 * be loaded (./client/buyer-message.ts). Apart so that the client face does not load the whole table.
 */
export const PAYJP_GENERAL_FAILURE =
  'お支払いの処理中に問題が発生しました。お手数ですが、時間をおいてもう一度お試しいただくか、お問い合わせください。';
