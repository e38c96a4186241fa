/**
 * Every PAY.JP error code (API v1 reference, plus payjp.js's validation codes) mapped to what the
 * buyer reads and what they can do about it. PAY.JP's own `message` is for the merchant and is
 * never shown. Codes only a bug on our side can cause get one honest general message.
 *
 * No `server-only` and no secrets here: the purchase page needs the same words for errors that
 * payjp.js returns in the browser (createToken), so a client component may import this file.
 */

import { CARD_NAME_MESSAGES } from '@/features/payments/card-holder';
import { PAYJP_GENERAL_FAILURE } from '@/features/payments/general-failure';
import { PAYMENT_HISTORY_PAGE } from '@/lib/page-names';
import { THREE_D_SECURE } from '@/lib/payment-terms';

/** What the buyer can do next; the page chooses its buttons from it. */
export type PayjpBuyerAction =
  /** Re-enter or correct the card details. */
  | 'check_card_details'
  /** This card will not work: try a different one. */
  | 'use_another_card'
  /** Temporary: try again in a while (nothing was charged). */
  | 'retry_later'
  /** Start the payment (and its 3-D Secure step) again. */
  | 'retry_payment'
  /** Outcome unknown: do not pay again; we are checking. */
  | 'wait_for_confirmation'
  /** Nothing the buyer can fix; offer the contact page. */
  | 'contact_support'
  /** No action needed (e.g. the card is already registered). */
  | 'none';

export interface PayjpBuyerMessage {
  code: string;
  message: string;
  action: PayjpBuyerAction;
}

const GENERAL_FAILURE = PAYJP_GENERAL_FAILURE;
const UNAVAILABLE = 'ただいまカードでのお支払いをご利用いただけません。時間をおいてお試しいただくか、お問い合わせください。';
const CHECK_EXPIRY = 'カードの有効期限が正しくありません。カードに記載の月・年をご確認ください。';

type Entry = readonly [message: string, action: PayjpBuyerAction];
const general: Entry = [GENERAL_FAILURE, 'contact_support'];
const unavailable: Entry = [UNAVAILABLE, 'contact_support'];

/** Every code PAY.JP API v1 documents for `error.code`. */
export const PAYJP_ERROR_MESSAGES = {
  // The card itself (402 card_error, or at tokenisation)
  invalid_number: ['カード番号が正しくありません。番号をご確認のうえ、もう一度入力してください。', 'check_card_details'],
  invalid_cvc: [
    'セキュリティコードが正しくありません。カード裏面（American Express は表面）の数字をご確認ください。',
    'check_card_details',
  ],
  invalid_expiration_date: [CHECK_EXPIRY, 'check_card_details'],
  invalid_expiry_month: [CHECK_EXPIRY, 'check_card_details'],
  invalid_expiry_year: [CHECK_EXPIRY, 'check_card_details'],
  incorrect_card_data: ['カード情報に誤りがあります。カード番号・有効期限・セキュリティコードをご確認ください。', 'check_card_details'],
  expired_card: ['カードの有効期限が切れています。別のカードをお使いください。', 'use_another_card'],
  card_declined: [
    'このカードではお支払いできませんでした。別のカードをお使いいただくか、カード会社にお問い合わせください。',
    'use_another_card',
  ],
  card_flagged: [
    'このカードは一時的にご利用いただけません。別のカードをお使いいただくか、時間をおいてお試しください。',
    'use_another_card',
  ],
  processing_error: [
    'カード会社との通信で問題が発生しました。料金は請求されていません。時間をおいてもう一度お試しください。',
    'retry_later',
  ],
  missing_card: ['カード情報が見つかりません。カード情報を入力してください。', 'check_card_details'],
  unacceptable_brand: ['このカードのブランドはご利用いただけません。別のカードをお使いください。', 'use_another_card'],
  invalid_card: ['カード情報が正しくありません。もう一度カード情報を入力してください。', 'check_card_details'],
  invalid_card_name: [CARD_NAME_MESSAGES.invalid, 'check_card_details'],
  invalid_card_country: ['カード情報の国が正しくありません。カード情報をご確認ください。', 'check_card_details'],
  invalid_card_address_zip: ['カード情報の郵便番号が正しくありません。', 'check_card_details'],
  invalid_card_address_state: ['カード情報の都道府県が正しくありません。', 'check_card_details'],
  invalid_card_address_city: ['カード情報の市区町村が正しくありません。', 'check_card_details'],
  invalid_card_address_line: ['カード情報の住所が正しくありません。', 'check_card_details'],
  invalid_address_zip: ['郵便番号が正しくありません。', 'check_card_details'],
  invalid_country: ['国の指定が正しくありません。', 'check_card_details'],
  invalid_email: ['メールアドレスの形式が正しくありません。ご確認のうえ、もう一度入力してください。', 'check_card_details'],
  test_card_on_livemode: ['このカードはご利用いただけません。別のカードをお使いください。', 'use_another_card'],

  // Tokens and registered cards
  token_already_used: ['カード情報の有効期限が切れました。お手数ですが、カード情報をもう一度入力してください。', 'check_card_details'],
  unverified_token: [`本人認証（${THREE_D_SECURE}）が完了していません。もう一度カード情報を入力してください。`, 'check_card_details'],
  already_have_card: ['このカードはすでに登録されています。', 'none'],
  already_have_the_same_card: ['このカードはすでに登録されています。', 'none'],
  dont_has_this_card: ['選択されたカードが見つかりません。カードを選び直してください。', 'check_card_details'],
  doesnt_have_card: ['登録済みのカードがありません。カード情報を入力してください。', 'check_card_details'],
  payment_method_duplicate: ['このカードはすでに登録されています。', 'none'],
  payment_method_duplicate_including_customer: ['このカードはすでに登録されています。', 'none'],
  no_payment_method: ['お支払い方法が登録されていません。カード情報を入力してください。', 'check_card_details'],

  // 3-D Secure
  three_d_secure_incompleted: [
    `本人認証（${THREE_D_SECURE}）が完了していません。お手数ですが、もう一度お支払い手続きを行ってください。`,
    'retry_payment',
  ],
  three_d_secure_failed: [
    `本人認証（${THREE_D_SECURE}）ができませんでした。カード会社の認証情報をご確認のうえもう一度お試しいただくか、別のカードをお使いください。`,
    'use_another_card',
  ],
  not_in_three_d_secure_flow: [
    `本人認証（${THREE_D_SECURE}）の受付時間が過ぎました。料金は請求されていません。お手数ですが、最初からお支払い手続きを行ってください。`,
    'retry_payment',
  ],

  // The payment as a whole
  failed_payment: ['お支払いが完了していません。別のカードをお使いいただくか、もう一度お試しください。', 'use_another_card'],
  over_capacity: ['ただいまお支払いが混み合っています。料金は請求されていません。少し時間をおいてもう一度お試しください。', 'retry_later'],
  payjp_wrong: ['決済サービスで一時的な問題が発生しました。時間をおいてもう一度お試しください。', 'retry_later'],
  pg_wrong: ['カード会社との通信で一時的な問題が発生しました。時間をおいてもう一度お試しください。', 'retry_later'],
  charge_expired: ['お支払いの有効期限が切れました。お手数ですが、もう一度お支払い手続きを行ってください。', 'retry_payment'],

  // Our configuration or account: nothing the buyer can fix
  no_api_key: unavailable,
  invalid_api_key: unavailable,
  not_activated_account: unavailable,
  apple_pay_disabled_in_livemode: unavailable,
  invalid_apple_pay_token: ['Apple Pay の情報を確認できませんでした。別のお支払い方法をお試しください。', 'use_another_card'],

  // Requests only a bug on our side would send
  invalid_id: general,
  invalid_plan: general,
  invalid_expiry_days: general,
  unnecessary_expiry_days: general,
  invalid_flexible_id: general,
  invalid_timestamp: general,
  invalid_trial_end: general,
  invalid_string_length: general,
  invalid_currency: general,
  invalid_amount: general,
  invalid_plan_amount: general,
  invalid_customer: general,
  invalid_boolean: general,
  no_allowed_param: general,
  no_param: general,
  invalid_querystring: general,
  missing_param: general,
  invalid_param_key: general,
  invalid_refund_amount: general,
  already_refunded: general,
  invalid_amount_to_not_captured: general,
  refund_amount_gt_net: general,
  capture_amount_gt_net: general,
  invalid_refund_reason: general,
  already_captured: general,
  cant_capture_refunded_charge: general,
  cant_reauth_refunded_charge: general,
  already_exist_id: general,
  invalid_interval: general,
  invalid_trial_days: general,
  invalid_billing_day: general,
  billing_day_for_non_monthly_plan: general,
  exist_subscribers: general,
  already_subscribed: general,
  already_canceled: general,
  already_paused: general,
  subscription_worked: general,
  cannot_change_prorate_status: general,
  too_many_metadata_keys: general,
  invalid_metadata_key: general,
  invalid_metadata_value: general,
  not_found: general,
  not_allowed_method: general,
  refund_limit_exceeded: general,
  cannot_prorated_refund_of_subscription: general,
  invalid_owner_type: general,

  // payjp.js v2 (card element change events and createToken before anything is sent)
  incomplete_error: ['カード情報を最後まで入力してください。', 'check_card_details'],
  invalid_expiry_year_past: ['カードの有効期限が切れています。別のカードをお使いください。', 'use_another_card'],
  invalid_expiry_month_past: ['カードの有効期限が切れています。別のカードをお使いください。', 'use_another_card'],
} as const satisfies Record<string, Entry>;

export type PayjpErrorCode = keyof typeof PAYJP_ERROR_MESSAGES;

/** Outcomes that are not PAY.JP codes but need words of their own. */
export const PAYJP_OUTCOME_MESSAGES = {
  /** Timeout, reset connection or unreadable answer on a charge: it may have gone through. */
  outcome_unknown: [
    `お支払いの結果をまだ確認できていません。二重のご請求を防ぐため、もう一度お支払いはせずに、しばらくしてからマイページの「${PAYMENT_HISTORY_PAGE.name}」で状況をご確認ください。`,
    'wait_for_confirmation',
  ],
  /** PAY.JP could not be reached and nothing was sent. */
  unreachable: ['決済サービスに接続できませんでした。料金は請求されていません。時間をおいてもう一度お試しください。', 'retry_later'],
  unknown_error: [GENERAL_FAILURE, 'contact_support'],
} as const satisfies Record<string, Entry>;

export function isPayjpErrorCode(code: string): code is PayjpErrorCode {
  return Object.hasOwn(PAYJP_ERROR_MESSAGES, code);
}

/** The buyer's message for a PAY.JP error code (from the API or from payjp.js in the browser). */
export function payjpBuyerMessage(code: string | null | undefined): PayjpBuyerMessage {
  if (code && isPayjpErrorCode(code)) {
    const [message, action] = PAYJP_ERROR_MESSAGES[code];
    return { code, message, action };
  }
  const [message, action] = PAYJP_OUTCOME_MESSAGES.unknown_error;
  return { code: code ?? 'unknown_error', message, action };
}

export function payjpOutcomeMessage(kind: keyof typeof PAYJP_OUTCOME_MESSAGES): PayjpBuyerMessage {
  const [message, action] = PAYJP_OUTCOME_MESSAGES[kind];
  return { code: kind, message, action };
}
