import { describe, expect, it } from 'vitest';

import { isPayjpErrorCode, PAYJP_ERROR_MESSAGES, PAYJP_OUTCOME_MESSAGES, payjpBuyerMessage } from './payjp-messages';

// Every `error.code` in PAY.JP's API v1 reference (copied here so a code dropped from the map fails).
const DOCUMENTED_CODES = [
  'invalid_number',
  'invalid_cvc',
  'invalid_expiration_date',
  'incorrect_card_data',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'expired_card',
  'card_declined',
  'card_flagged',
  'processing_error',
  'missing_card',
  'unacceptable_brand',
  'invalid_id',
  'no_api_key',
  'invalid_api_key',
  'invalid_plan',
  'invalid_expiry_days',
  'unnecessary_expiry_days',
  'invalid_flexible_id',
  'invalid_timestamp',
  'invalid_trial_end',
  'invalid_string_length',
  'invalid_country',
  'invalid_currency',
  'invalid_address_zip',
  'invalid_amount',
  'invalid_plan_amount',
  'invalid_card',
  'invalid_card_name',
  'invalid_card_country',
  'invalid_card_address_zip',
  'invalid_card_address_state',
  'invalid_card_address_city',
  'invalid_card_address_line',
  'invalid_customer',
  'invalid_boolean',
  'invalid_email',
  'no_allowed_param',
  'no_param',
  'invalid_querystring',
  'missing_param',
  'invalid_param_key',
  'no_payment_method',
  'payment_method_duplicate',
  'payment_method_duplicate_including_customer',
  'failed_payment',
  'invalid_refund_amount',
  'already_refunded',
  'invalid_amount_to_not_captured',
  'refund_amount_gt_net',
  'capture_amount_gt_net',
  'invalid_refund_reason',
  'already_captured',
  'cant_capture_refunded_charge',
  'cant_reauth_refunded_charge',
  'charge_expired',
  'already_exist_id',
  'token_already_used',
  'already_have_card',
  'dont_has_this_card',
  'doesnt_have_card',
  'already_have_the_same_card',
  'invalid_interval',
  'invalid_trial_days',
  'invalid_billing_day',
  'billing_day_for_non_monthly_plan',
  'exist_subscribers',
  'already_subscribed',
  'already_canceled',
  'already_paused',
  'subscription_worked',
  'cannot_change_prorate_status',
  'too_many_metadata_keys',
  'invalid_metadata_key',
  'invalid_metadata_value',
  'apple_pay_disabled_in_livemode',
  'invalid_apple_pay_token',
  'test_card_on_livemode',
  'not_activated_account',
  'payjp_wrong',
  'pg_wrong',
  'not_found',
  'not_allowed_method',
  'over_capacity',
  'refund_limit_exceeded',
  'cannot_prorated_refund_of_subscription',
  'three_d_secure_incompleted',
  'three_d_secure_failed',
  'not_in_three_d_secure_flow',
  'unverified_token',
  'invalid_owner_type',
];

describe('PAY.JP error messages for buyers', () => {
  it('has a Japanese message and an action for every documented code', () => {
    for (const code of DOCUMENTED_CODES) {
      expect(isPayjpErrorCode(code), code).toBe(true);
      const { message, action } = payjpBuyerMessage(code);
      expect(message, code).toMatch(/[ぁ-んァ-ヶ一-龠]/);
      expect(action, code).toBeTruthy();
    }
  });

  it('writes every message as complete です・ます sentences', () => {
    const all = [...Object.values(PAYJP_ERROR_MESSAGES), ...Object.values(PAYJP_OUTCOME_MESSAGES)].map(([message]) => message);
    for (const message of all) {
      expect(message.endsWith('。'), message).toBe(true);
      expect(message, message).toMatch(/(ます|ません|ください|でした|です)。$/);
    }
  });

  it('sends the buyer to another card for declines and to a new attempt for an expired 3-D Secure flow', () => {
    expect(payjpBuyerMessage('card_declined').action).toBe('use_another_card');
    expect(payjpBuyerMessage('expired_card').action).toBe('use_another_card');
    expect(payjpBuyerMessage('invalid_cvc').action).toBe('check_card_details');
    expect(payjpBuyerMessage('processing_error').action).toBe('retry_later');
    expect(payjpBuyerMessage('over_capacity').action).toBe('retry_later');
    expect(payjpBuyerMessage('not_in_three_d_secure_flow').action).toBe('retry_payment');
    expect(payjpBuyerMessage('three_d_secure_incompleted').action).toBe('retry_payment');
  });

  it('never shows a merchant-side problem as the buyer’s fault', () => {
    expect(payjpBuyerMessage('invalid_api_key').action).toBe('contact_support');
    expect(payjpBuyerMessage('missing_param').action).toBe('contact_support');
  });

  it('falls back to a general message for an unknown code', () => {
    expect(payjpBuyerMessage('something_new')).toMatchObject({ code: 'something_new', action: 'contact_support' });
    expect(payjpBuyerMessage(null).code).toBe('unknown_error');
    expect(isPayjpErrorCode('toString')).toBe(false);
  });
});
