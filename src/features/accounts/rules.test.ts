import { describe, expect, it } from 'vitest';

import { LOGIN_REASON_MESSAGES, loginReason } from './rules';

describe('loginReason', () => {
  it('says the password was changed when a login ended for that (401 password_changed), else that it expired', () => {
    expect(loginReason('/my-page/basic-info', true, true)).toEqual({
      kind: 'password_changed',
      message: 'パスワードが変更されたため、ログアウトしました。新しいパスワードでログインしてください。',
    });
    expect(loginReason('/my-page/basic-info', true)?.kind).toBe('expired');
    // without expired=true (spec §8) the flag alone says nothing
    expect(loginReason('/my-page/basic-info', false, true)?.kind).toBe('member');
  });

  it('says why for 「この法人をウォッチ」 pressed while logged out (the page with ?watch=<法人番号>)', () => {
    expect(loginReason('/search-service/result?corporateNumber=8040001999013&watch=8040001999013', false)).toEqual({
      kind: 'watch',
      message: 'ウォッチリストに追加するにはログインが必要です。会員登録がお済みでない方は新規登録してください。',
    });
    expect(loginReason('/search?q=%E3%83%88%E3%83%A8%E3%82%BF&watch=8040001999013', false)?.kind).toBe('watch');
    expect(loginReason('/search?watch=abc', false)).toBeNull();
  });

  it('says a logout in another tab ended the login, not 「証明書の申請にはログインが必要です」 (issue 24)', () => {
    expect(loginReason('/purchase/recipient-info', false, false, true)).toEqual({
      kind: 'logged_out_elsewhere',
      message: '別のタブでログアウトしました。続けるには、もう一度ログインしてください。',
    });
    expect(loginReason('/my-page/basic-info', false, false, true)?.kind).toBe('logged_out_elsewhere');
    // an expiry is still an expiry
    expect(loginReason('/purchase/select', true, false, true)?.kind).toBe('expired');
  });

  it('says "expired" only for a login that really ended', () => {
    expect(loginReason('/purchase/select', true)?.message).toBe(LOGIN_REASON_MESSAGES.expired);
    expect(loginReason(null, true)?.kind).toBe('expired');
  });

  it('asks a first-time visitor neutrally to log in or register to order', () => {
    expect(loginReason('/purchase/select', false)).toEqual({
      kind: 'order',
      message: '証明書の申請にはログインが必要です。会員登録がお済みでない方は新規登録してください。',
    });
    expect(loginReason('/purchase/confirmation?payment_error=x', false)?.kind).toBe('order');
    expect(loginReason('/my-page/basic-info', false)?.kind).toBe('member');
  });

  it('says nothing when the login page was simply opened', () => {
    expect(loginReason(null, false)).toBeNull();
    expect(loginReason('/search', false)).toBeNull();
    expect(loginReason('/purchases-guide', false)).toBeNull();
  });
});
