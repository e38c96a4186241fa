import { z } from 'zod';

/**
 * Everything the legal and help pages say about the operator. Filled from configuration
 * (src/config/env.ts OPERATOR_*, SERVICE_NAME, APP_BASE_URL) by `legalOperatorInfo` (from `getSiteInfo()`), so the
 * pages never hard-code a name, an address or a number (domain.md §5).
 */
export const OperatorInfoSchema = z.strictObject({
  /** 販売事業者 / 個人情報取扱事業者の名称, e.g. 株式会社ホウジン. */
  name: z.string().min(1),
  /** Title and name as it should be printed, e.g. 代表取締役 山田 太郎. */
  representative: z.string().min(1),
  /** 〒 without the mark: 100-0005. */
  postcode: z.string().regex(/^\d{3}-\d{4}$/),
  address: z.string().min(1),
  phone: z.string().min(1),
  supportEmail: z.email(),
  /** Human-readable hours, e.g. 平日 10:00〜17:00（土日祝日・年末年始を除く）. */
  supportHours: z.string().min(1),
  /** 適格請求書発行事業者登録番号: T + 13 digits. */
  invoiceNumber: z.string().regex(/^T\d{13}$/),
  serviceName: z.string().min(1),
  /** Public origin of the site, e.g. https://hojin.example (no trailing slash needed). */
  siteUrl: z.url({ protocol: /^https?$/ }),
});
export type OperatorInfo = z.infer<typeof OperatorInfoSchema>;

/** One certificate as priced on the 特商法 page (per copy). Amounts are integer yen. */
export const LegalPriceItemSchema = z.strictObject({
  name: z.string().min(1),
  /** 登記手続の手数料 paid to the Ministry of Justice: non-taxable, passed through. */
  ministryFeeYen: z.number().int().nonnegative(),
  /** Our fee, 10% consumption tax and postage included. */
  serviceFeeYenTaxIncluded: z.number().int().nonnegative(),
  /** Our fee on a member's first paid order (isFirstPayPrice). */
  firstPurchaseServiceFeeYenTaxIncluded: z.number().int().nonnegative(),
});
export type LegalPriceItem = z.infer<typeof LegalPriceItemSchema>;

const BusinessDayRangeSchema = z
  .strictObject({
    minBusinessDays: z.number().int().min(1),
    maxBusinessDays: z.number().int().min(1),
  })
  .refine((r) => r.minBusinessDays <= r.maxBusinessDays, { message: 'minBusinessDays は maxBusinessDays 以下にしてください' });

/**
 * How long delivery takes, as the purchase feature computes its date windows (issue 7):
 * business days counted from the day the order is confirmed, or from the next business day when
 * it is confirmed after the cut-off time. The pages must say the same as the order screens.
 */
export const DeliveryTermsSchema = z.strictObject({
  /** HH:MM, Asia/Tokyo (ORDER_CUTOFF_TIME). */
  cutoffTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
  normal: BusinessDayRangeSchema,
  express: BusinessDayRangeSchema,
  /** Extra charge per order for express delivery, tax included; 0 when express costs nothing extra. */
  expressSurchargeYenTaxIncluded: z.number().int().nonnegative(),
});
export type DeliveryTerms = z.infer<typeof DeliveryTermsSchema>;

/**
 * Where an outside processor handles data. Both parts are optional because they are deployment
 * facts, not code: an unknown value is printed as "ask us" rather than guessed.
 */
export const ProcessorLocationSchema = z.strictObject({
  /** Company name, e.g. Amazon Web Services, Inc. */
  provider: z.string().min(1).optional(),
  /** Country in Japanese, e.g. 日本 or 米国. */
  country: z.string().min(1).optional(),
});
export type ProcessorLocation = z.infer<typeof ProcessorLocationSchema>;

export const DataLocationsSchema = z.strictObject({
  /** Application servers and the database. */
  hosting: ProcessorLocationSchema.optional(),
  /** Object storage for files (maintenance notices and the like). */
  fileStorage: ProcessorLocationSchema.optional(),
  /** The SMTP delivery provider. */
  mail: ProcessorLocationSchema.optional(),
});
export type DataLocations = z.infer<typeof DataLocationsSchema>;

/** 制定日 and the latest 改定日 of one document, as ISO dates (YYYY-MM-DD, Asia/Tokyo). */
export type LegalDates = {
  enactedOn: string;
  revisedOn?: string;
};
