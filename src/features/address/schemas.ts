/**
 * The postal-code schema (on ./zipcode.ts's zod-free rules) and the GET /api/address/zipcode-to-address
 * response (docs/api.md), shared by the route and the recipient form. Isomorphic.
 */
import { z } from '@/lib/zod-ja';

import { ZIPCODE_INPUT_MAX_LENGTH, ZIPCODE_MESSAGE, normalizeZipcode } from './zipcode';

/** A postal code as typed → its 7 ASCII digits, with the one Japanese message otherwise. */
export const ZipcodeSchema = z
  .string({ error: ZIPCODE_MESSAGE })
  // Longer than any way of writing 7 digits: refuse before normalising.
  .max(ZIPCODE_INPUT_MAX_LENGTH, { error: ZIPCODE_MESSAGE })
  .transform(normalizeZipcode)
  .pipe(z.string().regex(/^\d{7}$/, { error: ZIPCODE_MESSAGE }));

export const AddressKanaSchema = z.strictObject({
  prefecture: z.string(),
  city: z.string(),
  town: z.string(),
});

export const AddressCandidateSchema = z.strictObject({
  /** 都道府県名, e.g. 東京都. */
  prefecture: z.string(),
  /** JIS X 0401, '01'–'47'. */
  prefectureCode: z.string().regex(/^(0[1-9]|[1-3]\d|4[0-7])$/),
  /** 市区町村 (郡 and 政令市の区 included), e.g. 千代田区, 札幌市中央区, 北都留郡小菅村. */
  city: z.string(),
  /** 町域 with the KEN_ALL notes removed; '' when the code covers the whole municipality. */
  town: z.string(),
  /** Readings in full-width katakana, when the data has them. */
  kana: AddressKanaSchema.optional(),
  /** A 事業所 (large-volume business) postal code rather than an area code. */
  isBusiness: z.boolean(),
  /** The business's name (事業所の名称), business codes only. */
  businessName: z.string().optional(),
  /** The business's 番地 and building (小字名、丁目、番地等), business codes only. */
  street: z.string().optional(),
});
export type AddressCandidate = z.infer<typeof AddressCandidateSchema>;

export const ZipcodeLookupResponseSchema = z.strictObject({
  zipcode: z.string().regex(/^\d{7}$/),
  candidates: z.array(AddressCandidateSchema).min(1),
});
export type ZipcodeLookupResponse = z.infer<typeof ZipcodeLookupResponseSchema>;
