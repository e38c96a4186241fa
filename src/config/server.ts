import { getEnv, type Env } from './env';

/**
 * The server's configuration in the shapes its modules use (docs/decisions/0079): each slice is
 * mapped from the variables here, once — what a variable means (an origin, a secret, a lifetime
 * in minutes, which storage driver) is decided in this file, and the adapters (mail, storage,
 * database, OpenID Connect, the jobs, the limits) take their slice instead of reading the whole
 * configuration. The slices follow the parsed configuration: after `setEnvForTest` (env.ts) the
 * next call maps the new values.
 */

export interface SessionPolicy {
  /** member sessions: sliding idle timeout and absolute lifetime */
  idleMs: number;
  absoluteMs: number;
  /** back-office staff sessions (docs/decisions/0012) */
  staffIdleMs: number;
  staffAbsoluteMs: number;
  /** `Secure` cookies with the `__Host-` prefix: production only (local http has no TLS) */
  secureCookies: boolean;
}

/** The SMTP server and sender (SMTP_*, MAIL_FROM); locally the catcher in dev/mail. */
export interface MailConfig {
  host: string;
  port: number;
  secure: boolean;
  auth: { user: string; pass: string } | undefined;
  from: string;
}

/** Where stored files go (STORAGE_DRIVER and its variables). */
export type StorageConfig =
  | { driver: 'local'; dir: string }
  | { driver: 's3'; endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string };

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite under DATA_DIR. */
export interface DatabaseConfig {
  url: string | undefined;
  poolMax: number;
  pglitePath: string;
}

/** The OpenID Connect client for Google sign-in (OIDC_*); locally the provider in dev/oidc. */
export interface OidcConfig {
  /** OIDC_ISSUER as configured (discovery compares it with the provider's `issuer`). */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Outside production a loopback issuer may speak plain http (the dev/oidc stand-in). */
  production: boolean;
}

/** How often each instance's background jobs run; 0 turns a job off. */
export interface JobSchedule {
  reconcileIntervalMs: number;
  /** How long an unsettled order is left to the request handling it before the reconciler looks at it. */
  reconcileGraceMs: number;
  registryUpdateIntervalMs: number;
  /** How often an instance looks for a newer registry snapshot (0: snapshots off). */
  registrySnapshotIntervalMs: number;
  watchIntervalMs: number;
  /** How long a stopping instance lets requests in flight finish (DRAIN_TIMEOUT_SECONDS). */
  drainTimeoutMs: number;
  /** How long a stopping instance keeps accepting after readiness turned 503 (DRAIN_DELAY_SECONDS). */
  drainDelayMs: number;
}

/** The registry's daily update sources (NTA_*, INVOICE_*, REGISTRY_UPDATE_DIR). */
export interface RegistryUpdateConfig {
  registryPath: string;
  invoicePath: string;
  updatesDir: string;
  nta: { baseUrl: string; applicationId: string } | null;
  invoice: { baseUrl: string; applicationId: string } | null;
  /** Published registry snapshots kept in the file storage. */
  snapshotsKeep: number;
}

export interface ServerConfig {
  appBaseUrl: string;
  secret: string;
  logLevel: Env['LOG_LEVEL'];
  paths: Env['paths'];
  session: SessionPolicy;
  mail: MailConfig;
  storage: StorageConfig;
  database: DatabaseConfig;
  oidc: OidcConfig;
  jobs: JobSchedule;
  registryUpdate: RegistryUpdateConfig;
  /** Header carrying the client IP, set only when a trusted proxy overwrites it; null: the TCP peer. */
  trustedProxyHeader: string | null;
  /** Code mails one client IP may have sent per hour across addresses (decision 0011). */
  codeMailPerIpPerHour: number;
  /** The company search's count budget (0055); 0: every count exact. */
  searchCountBudgetMs: number;
  /** Orders received after this time (HH:MM, Asia/Tokyo) count from the next business day. */
  orderCutoffTime: string;
  /** The public demo account (0006): DEMO_USER_ENABLED, or on except in production. */
  demoUserEnabled: boolean;
  api: ApiConfig;
  /** Who may read `/metrics` (docs/decisions/0126): its own port, a bearer token, or nobody (both null). */
  metrics: { port: number | null; token: string | null };
  webhooks: WebhookConfig;
}

/** Webhook deliveries (WEBHOOK_*, docs/decisions/0115). */
export interface WebhookConfig {
  /** loopback addresses and http:// accepted (local development and tests; never in production) */
  allowLocal: boolean;
  jobIntervalMs: number;
  timeoutMs: number;
}

/** One plan of the public API as configured (API_PAID_PLANS; the free plan from API_MONTHLY_QUOTA). */
export interface ApiPlanConfig {
  id: string;
  name: string;
  /** tax-inclusive monthly price in yen; 0 for the free plan */
  priceYen: number;
  monthlyQuota: number;
  ratePerSecond: number;
}

/** The public API's limits (API_*): quota, rates, and how often usage counts reach the database. */
export interface ApiConfig {
  /** the free plan's quota */
  monthlyQuota: number;
  /** the free plan's rate per key */
  keyPerSecond: number;
  /** the paid plans, in the configured order (src/features/api/server/plans.ts is their one reader) */
  paidPlans: ApiPlanConfig[];
  /** days a paid plan keeps its quota after a failed renewal (API_SUBSCRIPTION_GRACE_DAYS) */
  graceDays: number;
  ipPerSecond: number;
  usageFlushMs: number;
}

/** The variables that hold a duration, in the unit their name ends with. */
type DurationVariable = {
  [K in keyof Env]-?: K extends `${string}_${DurationUnit}` ? (Env[K] extends number ? K : never) : never;
}[keyof Env];
type DurationUnit = 'SECONDS' | 'MINUTES' | 'HOURS';
const UNIT_MS: Record<DurationUnit, number> = { SECONDS: 1000, MINUTES: 60_000, HOURS: 3_600_000 };

/** Slice fields in milliseconds from the variables named for them, each read in the unit its name says. */
function durationsMs<K extends string>(env: Env, variables: Record<K, DurationVariable>): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const [field, variable] of Object.entries(variables) as [K, DurationVariable][]) {
    const unit = variable.slice(variable.lastIndexOf('_') + 1) as DurationUnit;
    out[field] = env[variable] * UNIT_MS[unit];
  }
  return out;
}

/** An NTA Web-API source: on only when its application ID is configured. */
function webApi(baseUrl: string, applicationId: string | undefined): RegistryUpdateConfig['nta'] {
  return applicationId !== undefined ? { baseUrl, applicationId } : null;
}

/** The mapping from variables to slices (pure: tests give it a parsed configuration). */
export function serverConfigFrom(env: Env): ServerConfig {
  return {
    appBaseUrl: env.APP_BASE_URL,
    secret: env.SESSION_SECRET,
    logLevel: env.LOG_LEVEL,
    paths: env.paths,
    session: {
      ...durationsMs(env, {
        idleMs: 'SESSION_IDLE_MINUTES',
        absoluteMs: 'SESSION_ABSOLUTE_HOURS',
        staffIdleMs: 'STAFF_SESSION_IDLE_MINUTES',
        staffAbsoluteMs: 'STAFF_SESSION_ABSOLUTE_HOURS',
      }),
      secureCookies: env.isProduction,
    },
    mail: {
      host: env.SMTP_HOST,
      port: env.SMTP_PORT,
      secure: env.SMTP_SECURE,
      auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASSWORD ?? '' } : undefined,
      from: env.MAIL_FROM,
    },
    storage:
      env.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: env.S3_ENDPOINT ?? `https://s3.${env.S3_REGION}.amazonaws.com`,
            region: env.S3_REGION,
            bucket: env.S3_BUCKET ?? '',
            accessKeyId: env.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? '',
          }
        : { driver: 'local', dir: env.paths.storage },
    database: { url: env.DATABASE_URL, poolMax: env.DATABASE_POOL_MAX, pglitePath: env.paths.pglite },
    oidc: {
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
      production: env.isProduction,
    },
    jobs: durationsMs(env, {
      reconcileIntervalMs: 'PAYMENT_RECONCILE_INTERVAL_SECONDS',
      reconcileGraceMs: 'PAYMENT_RECONCILE_GRACE_SECONDS',
      registryUpdateIntervalMs: 'REGISTRY_UPDATE_INTERVAL_MINUTES',
      registrySnapshotIntervalMs: 'REGISTRY_SNAPSHOT_INTERVAL_SECONDS',
      watchIntervalMs: 'WATCH_JOB_INTERVAL_SECONDS',
      drainTimeoutMs: 'DRAIN_TIMEOUT_SECONDS',
      drainDelayMs: 'DRAIN_DELAY_SECONDS',
    }),
    registryUpdate: {
      registryPath: env.paths.registry,
      invoicePath: env.paths.invoice,
      updatesDir: env.paths.registryUpdates,
      nta: webApi(env.NTA_API_BASE, env.NTA_APPLICATION_ID),
      invoice: webApi(env.INVOICE_API_BASE, env.INVOICE_APPLICATION_ID),
      snapshotsKeep: env.REGISTRY_SNAPSHOT_KEEP,
    },
    trustedProxyHeader: env.TRUSTED_PROXY_HEADER ?? null,
    codeMailPerIpPerHour: env.CODE_MAIL_PER_IP_PER_HOUR,
    searchCountBudgetMs: env.SEARCH_COUNT_BUDGET_MS,
    metrics: { port: env.METRICS_PORT ?? null, token: env.METRICS_TOKEN ?? null },
    orderCutoffTime: env.ORDER_CUTOFF_TIME,
    demoUserEnabled: env.DEMO_USER_ENABLED ?? !env.isProduction,
    api: {
      monthlyQuota: env.API_MONTHLY_QUOTA,
      keyPerSecond: env.API_RATE_PER_SECOND,
      paidPlans: env.API_PAID_PLANS,
      graceDays: env.API_SUBSCRIPTION_GRACE_DAYS,
      ipPerSecond: env.API_IP_RATE_PER_SECOND,
      usageFlushMs: Math.round(env.API_USAGE_FLUSH_SECONDS * 1000),
    },
    webhooks: {
      allowLocal: env.WEBHOOK_ALLOW_LOCAL ?? !env.isProduction,
      jobIntervalMs: env.WEBHOOK_JOB_INTERVAL_SECONDS * 1000,
      timeoutMs: Math.round(env.WEBHOOK_TIMEOUT_SECONDS * 1000),
    },
  };
}

let mapped: { env: Env; config: ServerConfig } | undefined;

/** This process's slices, mapped again whenever the parsed configuration is a new one. */
export function serverConfig(): ServerConfig {
  const env = getEnv();
  if (mapped?.env !== env) mapped = { env, config: serverConfigFrom(env) };
  return mapped.config;
}

/** An absolute URL on the public origin (APP_BASE_URL): links in mail, redirects, the CSRF origin. Never the Host header. */
export function appUrl(path: string): URL {
  return new URL(path, serverConfig().appBaseUrl);
}

/** The server's signing key (SESSION_SECRET): CSRF tokens, mailed codes, signed links and cursors, staff TOTP keys. */
export function serverSecret(): string {
  return serverConfig().secret;
}

export function sessionPolicy(): SessionPolicy {
  return serverConfig().session;
}

/** Where local state lives (absolute paths derived from DATA_DIR and the *_PATH variables). */
export function dataPaths(): Env['paths'] {
  return serverConfig().paths;
}
