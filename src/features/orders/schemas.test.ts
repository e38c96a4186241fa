import { describe, expect, it } from 'vitest';

import { fieldErrors } from '@/lib/zod-ja';
import { DESTINATION } from '@tests/support/purchase/fixtures';

import { destinationFilledIn } from './destination';
import { DestinationSchema, isValidCorporateNumber } from './schemas';

describe('isValidCorporateNumber', () => {
  it('accepts the NTA examples and refuses a wrong check digit or length', () => {
    for (const n of ['8040001999013', '5111101000006', '1180301018771', '4000012090001']) expect(isValidCorporateNumber(n)).toBe(true);
    expect(isValidCorporateNumber('9040001999013')).toBe(false);
    expect(isValidCorporateNumber('804000199901')).toBe(false);
  });
});

describe('DestinationSchema', () => {
  const valid = {
    recipient: '山田　太郎',
    destinationZipCode: '〒１００－０００５',
    destinationPrefecture: '東京都',
    destinationCity: '千代田区',
    destinationStreet: '丸の内１－１－１',
    receiptRecipient: '株式会社テスト',
  };

  it('normalises full-width digits, hyphens and spaces (NFKC) and defaults the building to empty', () => {
    const parsed = DestinationSchema.parse(valid);
    expect(parsed).toMatchObject({
      destinationZipCode: '1000005',
      destinationStreet: '丸の内1-1-1',
      recipient: '山田 太郎',
      destinationApartmentEtc: '',
    });
  });

  it('says what to do for each missing or wrong field, in Japanese', () => {
    const result = DestinationSchema.safeParse({ ...valid, recipient: ' ', destinationZipCode: '12345', destinationPrefecture: 'Tokyo' });
    expect(result.success).toBe(false);
    const f = result.success ? {} : fieldErrors(result.error);
    expect(f.recipient).toBe('お届け先の宛名を入力してください。');
    expect(f.destinationZipCode).toBe('郵便番号は7桁の数字で入力してください。');
    expect(f.destinationPrefecture).toBe('都道府県を選択してください。');
  });

  it('takes the postal code however it is written: 1000005, 100-0005, full width, 〒', () => {
    for (const zip of ['1000005', '100-0005', '１００－０００５', '〒100-0005', '100ー0005']) {
      expect(DestinationSchema.parse({ ...valid, destinationZipCode: zip }).destinationZipCode).toBe('1000005');
    }
  });

  it('refuses emoji and other unprintable characters in every text field, naming them (issue 13)', () => {
    const fields = ['recipient', 'destinationCity', 'destinationStreet', 'destinationApartmentEtc', 'receiptRecipient'] as const;
    for (const field of fields) {
      const result = DestinationSchema.safeParse({ ...valid, [field]: '丸の内🏢1' });
      expect(result.success, field).toBe(false);
      const f = result.success ? {} : fieldErrors(result.error);
      expect(f[field]).toMatch(/に使用できない文字「🏢」が含まれています。絵文字や一部の記号・外国の文字は/);
    }
    expect(DestinationSchema.safeParse({ ...valid, recipient: '𠮷野 髙橋 ｶﾀｶﾅ' }).success).toBe(true);
  });

  it('rejects unknown keys', () => {
    expect(DestinationSchema.safeParse({ ...valid, note: 'x' }).success).toBe(false);
  });
});

describe('destinationFilledIn (the zod-free presence check of the confirmation step)', () => {
  const valid = { ...DESTINATION };
  const fields = Object.keys(valid) as (keyof typeof valid)[];

  it('agrees with DestinationSchema on which fields are required: any of them blank fails both', () => {
    expect(destinationFilledIn(valid)).toBe(true);
    for (const field of fields) {
      for (const blank of ['', '　 ', undefined]) {
        const d = { ...valid, [field]: blank };
        const required = !DestinationSchema.safeParse(d).success;
        expect(destinationFilledIn(d), `${field} = ${JSON.stringify(blank)}`).toBe(!required);
      }
    }
  });

  it('leaves whether a filled-in value is valid to the schema', () => {
    const d = { ...valid, destinationPrefecture: '東京', destinationStreet: '丸の内🏢' };
    expect(destinationFilledIn(d)).toBe(true);
    expect(DestinationSchema.safeParse(d).success).toBe(false);
  });
});
