/**
 * Back office: the zod schemas shared by the admin forms and the /api/admin handlers, and the
 * small isomorphic facts (roles and their Japanese labels, audit action labels).
 * Codes, numbers and dates are NFKC-normalised before they are validated (security.md "Input"); prose
 * people read back (notices, notes, refund reasons) is kept as typed (docs/decisions/0066).
 */
import { CurrentPasswordSchema, EmailSchema, NewPasswordSchema } from '@/features/accounts';
import {
  CARRIER_IDS,
  DestinationSchema,
  FULFILMENT_STATUSES,
  TRACKING_URL_MAX,
  checkTrackingNumber,
  isValidCorporateNumber,
  type Carrier,
} from '@/features/orders';
import { z } from '@/lib/zod-ja';
import { plainTextCheck, singleLineText } from '@/lib/plain-text';

export const STAFF_ROLES = ['staff', 'manager'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { staff: 'スタッフ', manager: 'マネージャー' };

/** Every action the audit log records, with the words the audit page shows. */
export const AUDIT_ACTIONS = {
  'auth.login.password_failed': 'ログイン失敗（パスワード）',
  'auth.login.totp_failed': 'ログイン失敗（確認コード）',
  'auth.login.succeeded': 'ログイン',
  'auth.logout': 'ログアウト',
  'notice.create': 'お知らせの作成',
  'notice.schedule': 'お知らせの掲載期間の変更',
  'notice.end': 'お知らせの掲載終了',
  'notice.attach_file': 'お知らせへの PDF 添付',
  'staff.create': 'スタッフの作成',
  'staff.reset_totp': '認証アプリの再登録',
  'staff.update': 'スタッフの変更',
  'staff.password_change': 'パスワードの変更',
  'order.fulfilment': '注文の対応状況の変更',
  'order.note': '注文へのメモ',
  'order.shipped_mail_resend': '発送メールの再送',
  'order.tracking_correct': '追跡番号の訂正',
  'order.receipt_mail_resend': '領収書メールの再送',
  'order.destination_correct': 'お届け先の訂正',
  'order.queue_export': '請求待ちの注文の CSV 出力',
  'order.refund': '返金',
  'order.refund_outside': '返金（バックオフィス外・PAY.JP）',
  'order.refund_statement': '返金明細書のダウンロード',
  'accounting.export': '会計データの出力',
} as const;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_KEYS = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

// Control characters (C0 except tab/newline, and DEL) are refused in every text field (security.md "Input").
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const nfkc = (v: unknown) => (typeof v === 'string' ? v.normalize('NFKC') : v);
const textRule = (label: string, max: number, singleLine: boolean) =>
  z
    .string({ error: `${label}を入力してください。` })
    .trim()
    .min(1, `${label}を入力してください。`)
    .max(max, `${label}は${max}文字以内で入力してください。`)
    // the app's one rule for free text (plain-text.ts): no controls, and no lone surrogate (PostgreSQL cannot store one: 500)
    .refine(...plainTextCheck(label, { multiline: !singleLine }));
/**
 * Prose people read back — a notice on the banner and in mail, a refund reason on the statement and
 * in the member's mail, a note: kept as typed, 「（重要）」 stays 「（重要）」 (issue 24; docs/decisions/0066).
 * Only the character rule applies; nothing here is compared or searched.
 */
const text = textRule;
/** A code typed from another system (登記ねっと's 申請番号): NFKC, so full-width digits are the same number. */
const code = (label: string, max: number) => z.preprocess(nfkc, textRule(label, max, true));

export const StaffLoginBodySchema = z.strictObject({ email: EmailSchema, password: CurrentPasswordSchema });
export type StaffLoginBody = z.infer<typeof StaffLoginBodySchema>;

/** The 6-digit code of the authenticator app; spaces and full-width digits as typed are accepted. */
export const TotpCodeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.normalize('NFKC').replace(/\s/g, '') : v),
  z
    .string({ error: '確認コードを入力してください。' })
    .min(1, '確認コードを入力してください。')
    .regex(/^\d{6}$/, '確認コードは認証アプリに表示された6桁の数字で入力してください。'),
);
export const TotpBodySchema = z.strictObject({ code: TotpCodeSchema });

export const StaffPasswordChangeBodySchema = z
  .strictObject({ currentPassword: CurrentPasswordSchema, newPassword: NewPasswordSchema })
  .refine((b) => b.currentPassword !== b.newPassword, {
    message: '今のパスワードとは違うパスワードにしてください。',
    path: ['newPassword'],
  });
export type StaffPasswordChangeBody = z.infer<typeof StaffPasswordChangeBodySchema>;

export const StaffLoginResponseSchema = z.object({ next: z.enum(['totp', 'enrol']) });
export type StaffLoginResponse = z.infer<typeof StaffLoginResponseSchema>;

export const EnrolmentResponseSchema = z.object({ qrDataUrl: z.string(), manualKey: z.string() });
export type EnrolmentResponse = z.infer<typeof EnrolmentResponseSchema>;

/** A date-time typed in the form (datetime-local, taken as Japan time) or an ISO string with offset. */
const DateTimeSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const s = v.normalize('NFKC').trim();
    if (s === '') return null;
    // datetime-local has no offset; the operator works in Japan time (domain.md).
    // years 1000–2999 only: PostgreSQL cannot read the instant of year 0000 ("-000001-12-31…"; it answered 500)
    const local = /^([12]\d{3}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?$/.exec(s);
    if (local) return new Date(`${local[1]}T${local[2]}${local[3] ?? ':00'}+09:00`);
    if (/^[12]\d{3}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(s)) return new Date(s);
    return s;
  },
  z
    .date({ error: '日時は「2026-12-04T01:00」の形式で入力してください。' })
    .refine((d) => !Number.isNaN(d.getTime()), '存在しない日時です。')
    .nullable(),
);

const ScheduleShape = {
  publishFrom: DateTimeSchema.optional(),
  publishUntil: DateTimeSchema.optional(),
  maintenanceStart: DateTimeSchema.optional(),
  maintenanceEnd: DateTimeSchema.optional(),
};

type ScheduleLike = {
  publishFrom?: Date | null;
  publishUntil?: Date | null;
  maintenanceStart?: Date | null;
  maintenanceEnd?: Date | null;
};

function checkSchedule(s: ScheduleLike, ctx: z.RefinementCtx) {
  if (s.publishFrom && s.publishUntil && s.publishUntil <= s.publishFrom) {
    ctx.addIssue({ code: 'custom', path: ['publishUntil'], message: '掲載終了は掲載開始より後の日時にしてください。' });
  }
  if (Boolean(s.maintenanceStart) !== Boolean(s.maintenanceEnd)) {
    ctx.addIssue({
      code: 'custom',
      path: [s.maintenanceStart ? 'maintenanceEnd' : 'maintenanceStart'],
      message: 'メンテナンスの開始と終了は両方入力してください。',
    });
  } else if (s.maintenanceStart && s.maintenanceEnd && s.maintenanceEnd <= s.maintenanceStart) {
    ctx.addIssue({ code: 'custom', path: ['maintenanceEnd'], message: 'メンテナンス終了は開始より後の日時にしてください。' });
  }
}

export const NoticeCreateBodySchema = z
  .strictObject({ title: text('タイトル', 200, true), body: text('本文', 4000, false), ...ScheduleShape })
  .superRefine(checkSchedule);
export type NoticeCreateBody = z.infer<typeof NoticeCreateBodySchema>;

export const NoticeScheduleBodySchema = z
  .strictObject({
    publishFrom: DateTimeSchema.refine((d) => d !== null, '掲載開始を入力してください。'),
    publishUntil: DateTimeSchema,
    maintenanceStart: DateTimeSchema,
    maintenanceEnd: DateTimeSchema,
  })
  .superRefine(checkSchedule);
export type NoticeScheduleBody = z.infer<typeof NoticeScheduleBodySchema>;

export const NoticeIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'お知らせが見つかりません。' }) });

export { FILE_NAME_HEADER, NOTICE_PDF_MAX_BYTES } from './constants';

export const NoticeFileNameSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      // as typed (decision 0066): the name the staff gave the PDF is the one members download
      return decodeURIComponent(v).trim();
    } catch {
      return '';
    }
  },
  z
    .string()
    .min(1, 'ファイル名を指定してください。')
    .max(200, 'ファイル名は200文字以内にしてください。')
    .refine((v) => !CONTROL.test(v) && !/[\\/\r\n\t]/.test(v), 'ファイル名に使用できない文字が含まれています。')
    .transform((v) => (/\.pdf$/i.test(v) ? v : `${v}.pdf`)),
);

export const NOTICE_STATES = { scheduled: '掲載予定', live: '掲載中', ended: '掲載終了' } as const;
export type NoticeState = keyof typeof NOTICE_STATES;

export const AUDIT_PAGE_SIZE = 50;

export const AuditQuerySchema = z.strictObject({
  action: z.enum(AUDIT_ACTION_KEYS).optional().catch(undefined),
  staff: z.uuid().optional().catch(undefined),
  // a NUL cannot reach PostgreSQL's text (500); a filter with control characters matches nothing anyway
  target: z
    .string()
    .max(100)
    .refine((v) => !CONTROL.test(v))
    .optional()
    .catch(undefined),
  /** keyset cursor: the id of the last row of the previous page */
  before: z.coerce.number().int().positive().optional().catch(undefined),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const STAFF_UPDATE_MESSAGES = {
  notManager: 'この操作を行う権限がありません。マネージャーの権限が変更された可能性があります。画面を再読み込みしてください。',
} as const;

export const StaffUpdateBodySchema = z
  .strictObject({ disabled: z.boolean().optional(), role: z.enum(STAFF_ROLES).optional() })
  .refine((b) => b.disabled !== undefined || b.role !== undefined, '変更する項目を指定してください。');

// ── Orders (issue 12 §3: queue, detail, fulfilment) ───────────────────────────────────────────

export const ORDER_QUEUE_PAGE_SIZE = 50;

export const OrderIdParamsSchema = z.strictObject({ id: z.uuid({ error: 'ご注文が見つかりませんでした。' }) });

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.normalize('NFKC').trim() === '' ? undefined : v);
// years 1000–2999: PostgreSQL cannot read the instant of year 0000 (its ISO form is "-000001-12-31…")
const YMD = /^[12]\d{3}-\d{2}-\d{2}$/;
/** 'YYYY-MM-DD' as typed in a date field (Japan time); a bad value is dropped rather than failing the page. */
const DateFilter = z.preprocess(
  blankToUndefined,
  z
    .string()
    .regex(YMD)
    .refine((v) => !Number.isNaN(new Date(`${v}T00:00:00+09:00`).getTime()))
    .optional()
    .catch(undefined),
);

/**
 * The queue's filters as they come in the URL (the filter form is a plain GET form, so the page
 * works without JavaScript and a filtered queue can be bookmarked). Unknown or malformed values
 * are ignored, not an error: the page shows the unfiltered queue instead of failing.
 */
/**
 * The queue's keyset cursor as the page carries it: `${e|n}_${due YYYY-MM-DD}_${paidAt ISO}_${id}`,
 * the keys of the orders feature's queue order (express first, due date, paidAt, id; decision 0069).
 */
const QUEUE_CURSOR =
  /^([en])_(\d{4}-\d{2}-\d{2})_(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export interface QueueCursor {
  express: boolean;
  dueDate: string;
  paidAt: string;
  id: string;
}

export function encodeQueueCursor(c: QueueCursor): string {
  return `${c.express ? 'e' : 'n'}_${c.dueDate}_${c.paidAt}_${c.id}`;
}

/** The cursor a valid `after` carries (OrderQueueQuerySchema has checked it); undefined for anything else. */
export function decodeQueueCursor(v: string | undefined): QueueCursor | undefined {
  const m = v ? QUEUE_CURSOR.exec(v) : null;
  if (!m?.[1] || !m[2] || !m[3] || !m[4]) return undefined;
  return { express: m[1] === 'e', dueDate: m[2], paidAt: m[3], id: m[4] };
}

export const OrderQueueQuerySchema = z.object({
  status: z.preprocess(
    (v) =>
      v === undefined ? undefined : (Array.isArray(v) ? v : [v]).filter((s) => (FULFILMENT_STATUSES as readonly unknown[]).includes(s)),
    z.array(z.enum(FULFILMENT_STATUSES)).optional(),
  ),
  express: z.preprocess((v) => (v === '1' || v === 'true' ? true : v === '0' || v === 'false' ? false : undefined), z.boolean().optional()),
  from: DateFilter,
  to: DateFilter,
  corporateNumber: z.preprocess(
    (v) => (typeof v === 'string' ? v.normalize('NFKC').replace(/[\s-]/g, '') || undefined : undefined),
    z.string().refine(isValidCorporateNumber).optional().catch(undefined),
  ),
  email: z.preprocess(
    (v) => (typeof v === 'string' ? v.normalize('NFKC').trim() || undefined : undefined),
    z
      .string()
      .max(254)
      .refine((v) => !CONTROL.test(v))
      .optional()
      .catch(undefined),
  ),
  /**
   * 注文番号 as staff type what a member quotes — any case, with or without hyphens, full-width —
   * kept as typed (trimmed); parseOrderNumberInput (orders feature) reads it, and the page says
   * when it cannot be a number instead of showing the whole queue.
   */
  orderNumber: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || undefined : undefined),
    z.string().max(40).optional().catch(undefined),
  ),
  /** keyset cursor of the previous page's last row (opaque to the page; `encodeQueueCursor`) */
  // a cursor edited by hand (or one of the earlier paidAt_id form) is the first page, not a query error
  after: z
    .string()
    .regex(QUEUE_CURSOR)
    .refine((v) => !Number.isNaN(Date.parse(v.split('_')[2] ?? '')))
    .optional()
    .catch(undefined),
});
export type OrderQueueQuery = z.infer<typeof OrderQueueQuerySchema>;

const optionalNote = z.preprocess(blankToUndefined, text('メモ', 1000, false).optional());

/**
 * One fulfilment step from the order page. `expectedFrom` is the state the page showed: a step
 * from a page someone else already moved on is refused with 409 (the orders feature checks it
 * under the row lock). The numbers are required per step by the orders feature (422).
 */
/** The tracking number as typed; its carrier's rule (orders feature, checkTrackingNumber) runs on the whole body. */
const TrackingInput = z.preprocess(
  (v) => (typeof v === 'string' ? v.normalize('NFKC').trim() || undefined : v),
  z
    .string({ error: '追跡番号を入力してください。' })
    .max(TRACKING_URL_MAX, `追跡番号は${TRACKING_URL_MAX}文字以内で入力してください。`)
    .optional(),
);

/** Carrier + tracking number: the carrier's rule checked, the number stored as the rule gives it (digits, or the https address). */
function checkCarrierTracking<T extends { carrier?: Carrier | undefined; trackingNumber?: string | undefined }>(
  b: T,
  ctx: z.RefinementCtx,
) {
  if (!b.carrier || b.trackingNumber === undefined) return;
  const checked = checkTrackingNumber(b.carrier, b.trackingNumber);
  if (!checked.ok) ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: checked.message });
}
function normaliseTracking<T extends { carrier?: Carrier | undefined; trackingNumber?: string | undefined }>(b: T): T {
  if (!b.carrier || b.trackingNumber === undefined) return b;
  const checked = checkTrackingNumber(b.carrier, b.trackingNumber);
  return checked.ok ? { ...b, trackingNumber: checked.value } : b;
}

export const FulfilmentBodySchema = z
  .strictObject({
    to: z.enum(['requested', 'shipped', 'completed'], { error: '変更先の状態を選んでください。' }),
    expectedFrom: z.enum(FULFILMENT_STATUSES, { error: '画面を再読み込みしてください。' }),
    applicationNumber: z.preprocess(blankToUndefined, code('申請番号', 40).optional()),
    carrier: z.preprocess(blankToUndefined, z.enum(CARRIER_IDS, { error: '配送業者を選択してください。' }).optional()),
    trackingNumber: TrackingInput,
    note: optionalNote,
  })
  .superRefine(checkCarrierTracking)
  .transform(normaliseTracking);
export type FulfilmentBody = z.infer<typeof FulfilmentBodySchema>;

/**
 * 「追跡番号を訂正する」 on a shipped order: the new carrier and number (the same rule as the
 * shipping step) and the number the page showed (a correction from a stale page is refused, 409).
 */
export const TrackingCorrectionBodySchema = z
  .strictObject({
    carrier: z.preprocess(blankToUndefined, z.enum(CARRIER_IDS, { error: '配送業者を選択してください。' })),
    trackingNumber: z.preprocess(
      (v) => (typeof v === 'string' ? v.normalize('NFKC').trim() : v),
      z
        .string({ error: '追跡番号を入力してください。' })
        .max(TRACKING_URL_MAX, `追跡番号は${TRACKING_URL_MAX}文字以内で入力してください。`),
    ),
    expectedTrackingNumber: z.string({ error: '画面を再読み込みしてください。' }).max(TRACKING_URL_MAX),
  })
  .superRefine(checkCarrierTracking)
  .transform(normaliseTracking);
export type TrackingCorrectionBody = z.infer<typeof TrackingCorrectionBodySchema>;

/**
 * 「お届け先を訂正する」: the delivery address by the member's order form's own rules
 * (DestinationSchema of the orders feature: NFKC, limits, printable, 郵便番号 7 digits, a real
 * 都道府県), without 領収書の宛名 — the receipt's addressee has its own rule (decision 0069).
 */
export const DestinationCorrectionBodySchema = DestinationSchema.omit({ receiptRecipient: true });
export type DestinationCorrectionBody = z.infer<typeof DestinationCorrectionBodySchema>;

export const OrderNoteBodySchema = z.strictObject({ note: text('メモ', 1000, false) });

const yen = (label: string) =>
  z.preprocess(
    // digits only: Number() would also read "1e3" as 1000 and "0x10" as 16 — a typo must not become an amount
    (v) => {
      if (typeof v !== 'string') return v;
      const digits = v.normalize('NFKC').replace(/[,，円\s]/gu, '');
      return digits === '' || /^-?\d+(\.\d+)?$/.test(digits) ? digits : Number.NaN;
    },
    z.coerce
      .number({ error: `${label}を半角数字で入力してください。` })
      .int(`${label}は1円単位の整数で入力してください。`)
      .min(0, `${label}は0円以上で入力してください。`)
      .max(9_999_999, `${label}が大きすぎます。`),
  );

/**
 * A manager's refund from the order page (decision 0018): the amount in yen, the reason (one line,
 * PAY.JP's refund_reason takes 255 characters) and, only when the bureau's fee was not spent, the
 * Ministry-fee part (the split rule in payments/refund-split.ts checks its range, 422).
 */
export const RefundBodySchema = z.strictObject({
  amountYen: yen('返金額').refine((n) => n >= 1, '返金額は1円以上で入力してください。'),
  // kept as typed (decision 0066): it is printed on the refund statement and in the member's mail
  reason: singleLineText('返金理由', { trim: true })
    .min(1, '返金理由を入力してください。')
    .max(255, '返金理由は255文字以内で入力してください。'),
  ministryFeeYen: z.preprocess(blankToUndefined, yen('法務局手数料の返金額').optional()),
  /** The form's key for this refund (a hidden field, new after each refund made): sent twice, refunded once (0058). */
  idempotencyKey: z.uuid({ error: '画面を読み込み直してから、もう一度返金してください。' }),
});
export type RefundBody = z.infer<typeof RefundBodySchema>;

/** 'YYYY-MM' — the accounting month (Japan time). */
export const AccountingMonthSchema = z.strictObject({
  month: z
    .string({ error: '対象の月を選んでください。' })
    // 2000–2099: a year outside has no sales, and 9999-12 has no "next month" for the range
    .regex(/^20\d{2}-(0[1-9]|1[0-2])$/, '対象の月は「2026-11」の形式（2000年〜2099年）で選んでください。'),
  /** 'summary': the month's totals as a file of their own (the data file has no 合計 row) */
  part: z.enum(['rows', 'summary'], { error: 'part は rows か summary を指定してください。' }).optional(),
});
