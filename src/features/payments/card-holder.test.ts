import { describe, expect, it } from 'vitest';

import {
  CARD_EMAIL_MESSAGE,
  CARD_NAME_MESSAGES,
  cardEmailError,
  cardNameError,
  normalizeCardEmail,
  normalizeCardName,
  normalizeCardNameInput,
} from './card-holder';
import { payjpBuyerMessage } from '@/features/payments/payjp-messages';

describe('the カード名義 (issue 13: converted, not refused)', () => {
  it.each([
    ['ＴＡＲＯ　ＹＡＭＡＤＡ', 'TARO YAMADA'],
    ['taro yamada', 'TARO YAMADA'],
    ['  Taro   Yamada  ', 'TARO YAMADA'],
    ['ｔａｒｏ\tｙａｍａｄａ', 'TARO YAMADA'],
    ['J. SMITH-JONES', 'J. SMITH-JONES'],
  ])('%j → %j, which PAY.JP takes', (typed, sent) => {
    expect(normalizeCardName(typed)).toBe(sent);
    expect(cardNameError(typed)).toBeNull();
  });

  it('keeps the space being typed between the words while the member types', () => {
    expect(normalizeCardNameInput('ＴＡＲＯ　')).toBe('TARO ');
    expect(normalizeCardNameInput('　taro  y')).toBe('TARO Y');
  });

  it('refuses what PAY.JP refuses, with a message saying what to do', () => {
    expect(cardNameError('')).toBe(CARD_NAME_MESSAGES.required);
    expect(cardNameError('　 ')).toBe(CARD_NAME_MESSAGES.required);
    expect(cardNameError('ヤマダ タロウ')).toBe(CARD_NAME_MESSAGES.invalid);
    expect(cardNameError('山田太郎')).toBe(CARD_NAME_MESSAGES.invalid);
    expect(cardNameError('JOSÉ')).toBe(CARD_NAME_MESSAGES.invalid);
    expect(cardNameError('A'.repeat(45))).toBeNull();
    expect(cardNameError('A'.repeat(46))).toBe(CARD_NAME_MESSAGES.tooLong);
  });

  it('is the message the buyer reads when PAY.JP answers invalid_card_name', () => {
    expect(payjpBuyerMessage('invalid_card_name').message).toBe(CARD_NAME_MESSAGES.invalid);
  });
});

describe('the 3-D Secure e-mail address', () => {
  it('takes an address typed in full width or with spaces around it', () => {
    expect(normalizeCardEmail(' ｔａｒｏ@example.jp ')).toBe('taro@example.jp');
    expect(cardEmailError(' ｔａｒｏ@example.jp ')).toBeNull();
  });

  it.each([[''], ['taro'], ['taro@example'], ['ta ro@example.jp']])('refuses %j', (input) => {
    expect(cardEmailError(input)).toBe(CARD_EMAIL_MESSAGE);
  });
});
