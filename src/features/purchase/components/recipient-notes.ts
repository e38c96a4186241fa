/**
 * The recipient step's fixed notices, imported by its server page only and passed to the form as
 * props: their words travel in the page's HTML, not in the step's first-load JavaScript, which is
 * at its budget (docs/decisions/0063).
 */
export const RECIPIENT_NOTES = {
  /** while card payment is switched off (`PAYJP_PUBLIC_KEY=` empty) */
  cardUnavailable:
    'ただいまカードでのお支払いをご利用いただけません。お届け先の入力は続けられますが、ご注文はお支払いが再開してからお願いします。時間をおいてお試しいただくか、お問い合わせください。',
  /** under the new card's fields, for the shared demo account */
  demoCard: 'デモアカウントではカードを登録できません。テスト用カード（例：4242 4242 4242 4242）をお使いください。',
} as const;

export type RecipientNotes = Record<keyof typeof RECIPIENT_NOTES, string>;
