import path from 'node:path';
import { z } from 'zod';

import { SAMPLE_OPERATOR_INVOICE_NUMBER, isSampleInvoiceNumber } from './sample-operator';

/**
 * The only reader of process.env (conventions.md). Every value has a default that gives a
 * working local service with no configuration at all: the embedded PGlite database under
 * ./data, the generated sample registry, and the local stand-ins in dev/ (PAY.JP emulator,
 * OpenID provider, SMTP catcher). `APP_ENV=production` turns the defaults that are only safe
 * locally (secrets, test keys, stand-in URLs) into required values.
 *
 * APP_ENV and not NODE_ENV decides: `next build` always sets NODE_ENV=production.
 */

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no', '']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const port = z.coerce.number().int().min(1).max(65535);
const url = z.url({ protocol: /^https?$/ });
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** `HH:MM`, 24-hour, Asia/Tokyo. */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM の形式で指定してください');

/** One paid API plan of API_PAID_PLANS: `id:名前:税込価格:月間件数:毎秒件数` (PAY.JP takes 50–9,999,999 yen). */
const PaidPlanSchema = z
  .tuple([
    z.string().regex(/^[a-z0-9]{1,20}$/),
    z.string().min(1).max(30),
    z.coerce.number().int().min(50).max(9_999_999),
    z.coerce.number().int().min(1).max(1_000_000_000),
    z.coerce.number().int().min(1).max(100_000),
  ])
  .transform(([id, name, priceYen, monthlyQuota, ratePerSecond]) => ({ id, name, priceYen, monthlyQuota, ratePerSecond }));

const DEV_SECRET = 'hojin-local-development-secret-change-me-in-production';

export const EnvSchema = z
  .object({
    APP_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** Set by Next itself (development under `next dev`); only the CSP reads it. */
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: port.default(3000),
    /** Public origin of the site; links in mail and the CSRF origin check use it, never the Host header. */
    APP_BASE_URL: url.default('http://localhost:3000'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),

    /** Where local state lives: the PGlite database, the registry file, stored files. */
    DATA_DIR: z.string().min(1).default('./data'),
    /** PostgreSQL connection string. Unset: embedded PGlite under DATA_DIR/pglite. */
    DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\//, 'postgres:// で始まる接続文字列を指定してください')),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    /** The read-only SQLite registry built by `npm run registry:import`. */
    REGISTRY_PATH: optional(z.string().min(1)),
    /** The read-only SQLite file of qualified-invoice registrations built by `npm run invoice:import`. */
    INVOICE_PATH: optional(z.string().min(1)),
    /**
     * Application ID of the 法人番号システム Web-API (issued by the NTA on request). Set: the daily
     * update fetches each day's diff from NTA_API_BASE. Unset: it applies NTA diff files dropped
     * into REGISTRY_UPDATE_DIR instead.
     */
    NTA_APPLICATION_ID: optional(z.string().min(1).max(64)),
    /** The 法人番号システム Web-API v4 (locally: the stand-in in dev/nta). */
    NTA_API_BASE: url.default('http://127.0.0.1:4030/4'),
    /** Application ID of the 適格請求書発行事業者公表システム Web-API; unset: invoice diff files from REGISTRY_UPDATE_DIR/invoice. */
    INVOICE_APPLICATION_ID: optional(z.string().min(1).max(64)),
    /** The invoice publication system's Web-API v1 (locally: the stand-in in dev/nta). */
    INVOICE_API_BASE: url.default('http://127.0.0.1:4030/1'),
    /** Folder of NTA daily diff files (diff_YYYYMMDD.zip/.csv) for the update without an application ID. */
    REGISTRY_UPDATE_DIR: optional(z.string().min(1)),
    /** How often each instance tries the daily update, in minutes (one instance at a time runs it); 0 turns it off. */
    REGISTRY_UPDATE_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
    /**
     * How often each instance looks at the registry snapshot in the file storage (and at start), in
     * seconds: a newer one is downloaded, verified and swapped in; 0 turns snapshots off (docs/decisions/0120).
     */
    REGISTRY_SNAPSHOT_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
    /** How many published registry snapshots the storage keeps (older ones are deleted). */
    REGISTRY_SNAPSHOT_KEEP: z.coerce.number().int().min(1).max(100).default(3),
    /**
     * The company search's count budget in milliseconds (issue 24 point 8, docs/decisions/0055): past
     * it the count stops between two slices of the docid range and the page says 「N件以上」 with what
     * it counted (the search's budget is p95 ≤ 2 ms at 5.5M rows; the first page takes the rest).
     * 0: no budget, every count exact up to 1,000 (the test tiers, whose timing is not the product's).
     */
    SEARCH_COUNT_BUDGET_MS: z.coerce.number().min(0).max(10_000).default(1),
    /** How often each instance tries the watch job (match changes, send due digests; one instance at a time), in seconds; 0 turns it off. */
    WATCH_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),

    /**
     * How long a stopping instance (SIGTERM/SIGINT) lets the requests in flight finish before it cuts
     * their connections, in seconds (issue 28 §2, docs/decisions/0125); keep it below the
     * orchestrator's grace period (Kubernetes: 30 s).
     */
    DRAIN_TIMEOUT_SECONDS: z.coerce.number().int().min(0).max(600).default(25),
    /**
     * Seconds between readiness turning 503 and the listener closing on SIGTERM: a proxy that polls
     * /api/health/ready stops sending before connections close (its interval × fall); 0: at once.
     */
    DRAIN_DELAY_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
    /** A port of its own for `/metrics` (Prometheus), bound to the server's host; unset: no metrics port (docs/decisions/0126). */
    METRICS_PORT: optional(port),
    /** A bearer token for `/metrics` on the main port; unset (and no METRICS_PORT): `/metrics` answers 404. */
    METRICS_TOKEN: optional(z.string().min(16, '16文字以上のトークンを指定してください')),

    /** The public API (issue 26, docs/decisions/0098): requests a month per key owner on the free plan. */
    API_MONTHLY_QUOTA: z.coerce.number().int().min(1).max(1_000_000_000).default(10_000),
    /** Requests per second one API key may send (sustained; a burst of 3× is allowed). */
    API_RATE_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(10),
    /**
     * The paid monthly plans of the public API (issue 27 §1, docs/decisions/0111), comma-separated,
     * each `id:名前:税込価格(円):月間リクエスト数:毎秒リクエスト数`. The free plan is API_MONTHLY_QUOTA and
     * API_RATE_PER_SECOND. An empty value offers no paid plan.
     */
    API_PAID_PLANS: z
      .string()
      .default('standard:スタンダード:5500:100000:30,pro:プロ:22000:1000000:100')
      .transform((v, ctx) => {
        const plans = [];
        for (const entry of v
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean)) {
          const parsed = PaidPlanSchema.safeParse(entry.split(':'));
          if (!parsed.success) {
            ctx.addIssue({ code: 'custom', message: `プラン「${entry}」は id:名前:税込価格:月間件数:毎秒件数 の形式で指定してください` });
            return z.NEVER;
          }
          plans.push(parsed.data);
        }
        if (new Set(plans.map((p) => p.id)).size !== plans.length || plans.some((p) => p.id === 'free')) {
          ctx.addIssue({ code: 'custom', message: 'プランの id が重複しています（free は無料プランの id です）' });
          return z.NEVER;
        }
        return plans;
      }),
    /** Days a paid API plan keeps its quota after a failed renewal before it drops to the free plan (issue 27 §2). */
    API_SUBSCRIPTION_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(7),
    /** Requests per second one client address may send to /v1 and /mcp, whatever the key. */
    API_IP_RATE_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(50),
    /** How often each instance adds its counted API requests to the database, in seconds. */
    API_USAGE_FLUSH_SECONDS: z.coerce.number().min(0.05).max(3_600).default(10),
    /**
     * Webhooks (issue 27 §5–6, docs/decisions/0115): endpoints on loopback addresses and plain http
     * are accepted, for local development and tests. Unset: on, except in production, where it must stay off.
     */
    WEBHOOK_ALLOW_LOCAL: optional(bool),
    /** How often each instance tries the webhook delivery job (one instance at a time), in seconds; 0 turns it off. */
    WEBHOOK_JOB_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3_600).default(5),
    /** How long one webhook request may take before it counts as failed, in seconds. */
    WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(60).default(10),

    /** HMAC key for CSRF tokens and other server-side signatures; ≥ 32 characters. */
    SESSION_SECRET: z.string().min(32, '32文字以上のランダムな文字列を指定してください').default(DEV_SECRET),
    /** Header carrying the client IP, set only when a trusted proxy overwrites it (e.g. x-forwarded-for). */
    TRUSTED_PROXY_HEADER: optional(z.string().regex(/^[a-z0-9-]+$/i)),
    /**
     * Code mails (registration, e-mail change) one client IP may have sent per hour across addresses
     * (decision 0011). Raise it where many people share one address (an office behind NAT).
     */
    CODE_MAIL_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(30),
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(120),
    SESSION_ABSOLUTE_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 30)
      .default(24),
    /** Back-office staff sessions: short idle timeout (sliding) and absolute lifetime (docs/decisions/0012). */
    STAFF_SESSION_IDLE_MINUTES: z.coerce.number().int().min(5).max(120).default(30),
    STAFF_SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(24).default(12),

    // Mail (SMTP). Default: the catcher in dev/mail.
    SMTP_HOST: z.string().min(1).default('127.0.0.1'),
    SMTP_PORT: port.default(1025),
    SMTP_SECURE: bool.default(false),
    SMTP_USER: optional(z.string()),
    SMTP_PASSWORD: optional(z.string()),
    MAIL_FROM: z.string().min(3).default('hojin <no-reply@hojin.example>'),
    /** Web page of the local mail catcher, linked from the UI only when set. */
    MAIL_CATCHER_URL: optional(url),

    // PAY.JP. Default: the emulator in dev/payjp.
    PAYJP_API_BASE: url.default('http://127.0.0.1:4010/v1'),
    PAYJP_SECRET_KEY: z
      .string()
      .regex(/^sk_(test|live)_\w+$/)
      .default('sk_test_hojinlocal0000000000000000'),
    /**
     * Unset: the emulator's key. Set to an empty value (`PAYJP_PUBLIC_KEY=`) to stop card payment:
     * /api/payjp/public-key answers '' and the order screens say payment is unavailable.
     */
    PAYJP_PUBLIC_KEY: z.union([z.literal(''), z.string().regex(/^pk_(test|live)_\w+$/)]).default('pk_test_hojinlocal0000000000000000'),
    /**
     * `localhost`, the host README's start address uses: the emulator's card frame is then another
     * origin (another port) but the same site as the page, as the frame of js.pay.jp is for a
     * browser that keeps both in one process — see docs/decisions/0054 (amended 2026-11-27).
     */
    PAYJP_JS_URL: url.default('http://localhost:4010/js/v2/pay.js'),
    PAYJP_WEBHOOK_TOKEN: z.string().min(16).default('whook_hojinlocal_0000000000000000'),
    PAYJP_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(15_000),
    /**
     * How often each server instance's payment reconciler (docs/decisions/0013) settles unsettled
     * orders with PAY.JP, in seconds; 0 turns it off (tests call it directly).
     */
    PAYMENT_RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** How long an unsettled order is left to the request handling it before the reconciler looks at it. */
    PAYMENT_RECONCILE_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),

    // Google sign-in (OpenID Connect). Default: the local provider in dev/oidc.
    OIDC_ISSUER: url.default('http://127.0.0.1:4020'),
    OIDC_CLIENT_ID: z.string().min(1).default('hojin-local'),
    OIDC_CLIENT_SECRET: z.string().min(1).default('hojin-local-oidc-secret'),

    /** The public demo account (docs/decisions/0006-accounts.md). Unset: on, except in production. */
    DEMO_USER_ENABLED: optional(bool),

    // File storage: a local folder, or S3-compatible object storage.
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    STORAGE_DIR: optional(z.string().min(1)),
    S3_ENDPOINT: optional(url),
    S3_REGION: z.string().min(1).default('ap-northeast-1'),
    S3_BUCKET: optional(z.string().min(3)),
    S3_ACCESS_KEY_ID: optional(z.string().min(1)),
    S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),

    // The operator, shown in the footer, help pages, mail and receipts (domain.md §5).
    OPERATOR_NAME: z.string().min(1).default('株式会社ホウジン（サンプル）'),
    OPERATOR_REPRESENTATIVE: z.string().min(1).default('代表取締役 山田 太郎'),
    OPERATOR_POSTCODE: z
      .string()
      .regex(/^\d{3}-\d{4}$/)
      .default('100-0005'),
    OPERATOR_ADDRESS: z.string().min(1).default('東京都千代田区丸の内一丁目1番1号 サンプルビル10階'),
    OPERATOR_PHONE: z.string().min(1).default('03-0000-0000'),
    OPERATOR_SUPPORT_EMAIL: z.email().default('support@hojin.example'),
    OPERATOR_SUPPORT_HOURS: z.string().min(1).default('平日 10:00〜17:00（土日祝日・年末年始を除く）'),
    /** 適格請求書発行事業者登録番号: T + 13 digits. The default is fictitious (sample-operator.ts): receipts say 見本. */
    OPERATOR_INVOICE_NUMBER: z
      .string()
      .regex(/^T\d{13}$/, 'T に続く13桁の数字で指定してください')
      .default(SAMPLE_OPERATOR_INVOICE_NUMBER),
    SERVICE_NAME: z.string().min(1).default('hojin'),

    // Prices shown on the home and help pages; the purchase catalogue is seeded from these.
    /** 法務省の証明書手数料（非課税、オンライン請求・送付の額） */
    FEE_MINISTRY_YEN: z.coerce.number().int().min(0).max(100_000).default(500),
    /** 当社手数料（税込、送料を含む） */
    FEE_SERVICE_YEN: z.coerce.number().int().min(0).max(1_000_000).default(1_100),
    /** 初回ご利用時の当社手数料（税込） */
    FEE_SERVICE_FIRST_YEN: z.coerce.number().int().min(0).max(1_000_000).default(550),
    /** 速達の追加料金（税込、1注文あたり） */
    FEE_EXPRESS_YEN: z.coerce.number().int().min(0).max(1_000_000).default(880),

    /** Orders received after this time (Asia/Tokyo) count from the next business day. */
    ORDER_CUTOFF_TIME: clock.default('15:00'),

    /** Google Tag Manager container; the tag is loaded only when this is set. */
    GTM_ID: optional(z.string().regex(/^GTM-[A-Z0-9]+$/)),
  })
  .superRefine((env, ctx) => {
    if (env.APP_ENV !== 'production') return;
    const need = (key: keyof typeof env, ok: boolean, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [key], message });
    };
    need('SESSION_SECRET', env.SESSION_SECRET !== DEV_SECRET, '本番環境では独自の値を設定してください');
    need(
      'WEBHOOK_ALLOW_LOCAL',
      env.WEBHOOK_ALLOW_LOCAL !== true,
      '本番環境では有効にできません（ループバックと http の送信先は開発とテストのためのものです）',
    );
    need(
      'OPERATOR_INVOICE_NUMBER',
      !isSampleInvoiceNumber(env.OPERATOR_INVOICE_NUMBER),
      '本番環境では運営者の適格請求書発行事業者登録番号を設定してください（既定値は見本用の架空の番号です）',
    );
    need('APP_BASE_URL', env.APP_BASE_URL.startsWith('https://'), '本番環境では https:// の URL を設定してください');
    need('PAYJP_WEBHOOK_TOKEN', !env.PAYJP_WEBHOOK_TOKEN.includes('hojinlocal'), '本番環境では PAY.JP 管理画面の値を設定してください');
    // The local stand-ins' defaults must never reach production (security.md: no mock branches).
    need('PAYJP_SECRET_KEY', !env.PAYJP_SECRET_KEY.includes('hojinlocal'), '本番環境では PAY.JP 管理画面の秘密鍵を設定してください');
    need(
      'PAYJP_PUBLIC_KEY',
      !env.PAYJP_PUBLIC_KEY.includes('hojinlocal'),
      '本番環境では PAY.JP 管理画面の公開鍵を設定してください（カード決済を止めるときは空の値）',
    );
    need(
      'PAYJP_API_BASE',
      env.PAYJP_API_BASE.startsWith('https://'),
      '本番環境では https:// の URL（https://api.pay.jp/v1）を設定してください',
    );
    need(
      'PAYJP_JS_URL',
      env.PAYJP_JS_URL.startsWith('https://'),
      '本番環境では https:// の URL（https://js.pay.jp/v2/pay.js）を設定してください',
    );
    need(
      'NTA_API_BASE',
      env.NTA_APPLICATION_ID === undefined || env.NTA_API_BASE.startsWith('https://'),
      '本番環境では https:// の URL（https://api.houjin-bangou.nta.go.jp/4）を設定してください',
    );
    need(
      'INVOICE_API_BASE',
      env.INVOICE_APPLICATION_ID === undefined || env.INVOICE_API_BASE.startsWith('https://'),
      '本番環境では https:// の URL（https://web-api.invoice-kohyo.nta.go.jp/1）を設定してください',
    );
    need(
      'OIDC_ISSUER',
      env.OIDC_ISSUER.startsWith('https://'),
      '本番環境では https:// の URL（https://accounts.google.com）を設定してください',
    );
    need(
      'OIDC_CLIENT_SECRET',
      env.OIDC_CLIENT_SECRET !== 'hojin-local-oidc-secret',
      '本番環境では Google Cloud のクライアントシークレットを設定してください',
    );
    if (env.STORAGE_DRIVER === 's3') {
      for (const key of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        need(key, Boolean(env[key]), 'STORAGE_DRIVER=s3 のときは必須です');
      }
    }
  });

export type RawEnv = z.infer<typeof EnvSchema>;
export type Env = RawEnv & {
  /** Absolute paths derived from DATA_DIR. */
  paths: { dataDir: string; pglite: string; registry: string; invoice: string; storage: string; registryUpdates: string };
  isProduction: boolean;
};

export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(
      '設定（環境変数）が正しくありません / invalid configuration:\n' + problems.map((p) => `  ${p.variable}: ${p.message}`).join('\n'),
    );
    this.name = 'ConfigError';
  }
}

/** Parses a set of variables; throws ConfigError naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => ({ variable: String(issue.path[0] ?? '(全体)'), message: issue.message })));
  }
  const raw = result.data;
  // turbopackIgnore: these are run-time data paths; without it the build traces the whole project.
  const dataDir = path.resolve(/*turbopackIgnore: true*/ raw.DATA_DIR);
  return {
    ...raw,
    isProduction: raw.APP_ENV === 'production',
    paths: {
      dataDir,
      pglite: path.join(dataDir, 'pglite'),
      registry: path.resolve(/*turbopackIgnore: true*/ raw.REGISTRY_PATH ?? path.join(dataDir, 'registry', 'registry.sqlite')),
      invoice: path.resolve(/*turbopackIgnore: true*/ raw.INVOICE_PATH ?? path.join(dataDir, 'registry', 'invoice.sqlite')),
      storage: path.resolve(/*turbopackIgnore: true*/ raw.STORAGE_DIR ?? path.join(dataDir, 'files')),
      registryUpdates: path.resolve(/*turbopackIgnore: true*/ raw.REGISTRY_UPDATE_DIR ?? path.join(dataDir, 'registry', 'updates')),
    },
  };
}

let cached: Env | undefined;

/**
 * The validated configuration of this process, parsed once (on first use, never at import: a
 * module may be imported before a test sets its values).
 */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

type EnvValues = Partial<Record<keyof RawEnv, string | undefined>>;

/**
 * The documented test override (docs/decisions/0078): sets these variables (undefined removes one)
 * and forgets the parsed configuration, so the next `getEnv()` parses them — explicit, no module
 * reload. Adapters built from the configuration on first use (the database, the mail transport,
 * the registry stores) keep what they were built with: set values before the first request.
 * Refused once the parsed configuration says production.
 */
export function setEnvForTest(values: EnvValues): void {
  if (cached?.isProduction) throw new Error('setEnvForTest: not in production');
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  cached = undefined;
}

/** Runs `fn` with these variables set (setEnvForTest), then puts the previous values back. */
export async function withEnv<T>(values: EnvValues, fn: () => T | Promise<T>): Promise<T> {
  const previous: EnvValues = {};
  for (const key of Object.keys(values) as (keyof RawEnv)[]) previous[key] = process.env[key];
  setEnvForTest(values);
  try {
    return await fn();
  } finally {
    setEnvForTest(previous);
  }
}
