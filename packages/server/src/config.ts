import path from 'node:path';

/** Every setting of the server, read once from the environment; defaults live here only. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… to keep system and app data in PostgreSQL; undefined = SQLite under dataDir. */
  databaseUrl?: string;
  /** Prefix of the PostgreSQL schemas Basalt owns (`<prefix>system`, `<prefix>app_<id>`). */
  pgSchemaPrefix: string;
  /** redis://… for multi-node fan-out and hives. */
  redisUrl?: string;
  /** smtp://user:pass@host:port to send mail; without it mail goes to the server log. */
  smtpUrl?: string;
  /**
   * Without SMTP, mails are also written as text files here (a drop folder to pick links from).
   * Unset: `<dataDir>/mail`; null (`BASALT_MAIL_DIR=off`): no files.
   */
  mailDir?: string | null;
  mailFrom: string;
  /** Public URL of the console, used in links inside mails. */
  publicUrl: string;
  /** Directory of the built console (served at `/`); undefined = do not serve it. */
  consoleDir?: string;
  /**
   * The suffix of generated custom domains (`<name>.<siteDomain>`, decision 0062): a domain whose
   * wildcard DNS points at this server. Default: the host name of `publicUrl` (`localhost` when that
   * is an IP address).
   */
  siteDomain: string;
  logLevel: string;
  /**
   * Port of the UI origin, the second listener that serves published UI Builder pages (decision
   * 0080): `BASALT_UI_PORT`, default 8081; 0 picks a free port. It starts when the server listens.
   */
  uiPort: number;
  /** The Chromium that prints PDF templates (decision 0087): `BASALT_CHROMIUM_PATH`, default `/usr/bin/chromium`. */
  chromiumPath: string;
  /** Public base URL of the UI origin when a proxy or host name fronts it (`BASALT_UI_BASE_URL`). */
  uiBaseUrl?: string;
  /** Largest request body accepted, in bytes (uploads have their own limit). */
  bodyLimit: number;
  /** The app API's fast lane for single-record creates and finds (decision 0015); off answers them all through Fastify. */
  fastLane: boolean;
  /** Social tasks of Missions count on the developer's word (`BASALT_GAMIFICATION_SOCIAL=on`); off by default. */
  gamificationSocial: boolean;
  /** Registration needs an invitation (`BASALT_INVITE_ONLY=on`); the operator's switch of decision 0083. */
  inviteOnly: boolean;
  /** Metering of app API calls for Analytics (decision 0058); `BASALT_METERING=off` turns it off. */
  metering: boolean;
  /** How often the meter writes its counts, in ms. */
  meterFlushMs: number;
  /** Largest file upload accepted, in bytes. */
  uploadLimit: number;
  /**
   * Where app files live: `local` (under dataDir, one server or a shared disk) or `s3` (an
   * S3-compatible bucket every server reaches; BASALT_S3_* settings).
   */
  storage: 'local' | 's3';
  s3?: {
    endpoint?: string;
    bucket: string;
    region: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
  };
  /**
   * Longest an app-data query (find, count, grouped or view query, id select, CSV page) may run, in
   * ms; past it the query is stopped and answered 400 (decision 0017). Migrations and DDL are not limited.
   */
  queryTimeoutMs: number;
  /** SQLite: threads that run the app-data queries that can run long, off the event loop (decision 0017). */
  queryReaders: number;
  /** SQLite: the SpatiaLite module loaded for spatial columns, a name on the library path or a file (decision 0028). */
  spatialite: string;
  /** Failed developer logins allowed per login name within `loginWindowMs`. */
  loginMaxFailures: number;
  /** Failed developer logins allowed per client address within `loginWindowMs` (offices share one). */
  loginIpMaxFailures: number;
  loginWindowMs: number;
  /** A developer session unused for this long ends (the console signs in again). */
  sessionIdleMs: number;
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (rate limits use it). */
  trustProxy: boolean;
  /**
   * Let the server fetch from loopback and private networks when an app asks it to download a URL
   * (file upload from a URL). Off by default: such requests could reach services behind the firewall.
   */
  remoteFetchPrivate: boolean;
  /**
   * Webhook deliveries (modules/webhooks): the receiver's deadline per attempt, the attempts a
   * delivery gets, and the wait before the first retry (each later one waits four times longer).
   */
  webhookTimeoutMs: number;
  webhookAttempts: number;
  webhookRetryMs: number;
  /**
   * The circuit breaker of each webhook (decision 0085): after this many failed attempts in a row
   * (BASALT_WEBHOOK_BREAKER_FAILURES) its deliveries wait, untried and kept, for the cool-down
   * (BASALT_WEBHOOK_BREAKER_MS); then one delivery probes the receiver.
   */
  webhookBreakerFailures: number;
  webhookBreakerMs: number;
  /**
   * SQL service (decision 0078): the only directory whose SQLite files connections may open
   * (BASALT_SQL_SQLITE_DIR; unset: no SQLite connections), the time limit of one select
   * (BASALT_SQL_TIMEOUT_MS) and the most rows a select answers (BASALT_SQL_MAX_ROWS).
   */
  sqlSqliteDir?: string;
  sqlTimeoutMs: number;
  sqlMaxRows: number;
  /**
   * TEST ONLY: the base URL Auth0 sign-in calls instead of `https://{domain}` (a local stand-in).
   * Never set in production: it sends every app's Auth0 tokens to this address.
   */
  auth0BaseUrlOverride?: string;
  /** Where the Airtable REST API is (BASALT_AIRTABLE_API_URL; tests point it at a local stand-in). */
  airtableApiUrl: string;
  /**
   * Backup locations besides `<dataDir>/backups` (BASALT_BACKUP_DIRS=`name=/path,other=/path2`): a
   * second disk, a mounted share. Developers choose among them by name and never type a path.
   */
  backupDirs: Record<string, string>;
  /**
   * The AI provider (decision 0076): an OpenAI-compatible chat API's base URL (BASALT_AI_BASE_URL,
   * e.g. `https://api.openai.com/v1`), its key and default model. Without a base URL every AI
   * feature answers 503 AI_NOT_CONFIGURED and the console says so.
   */
  aiBaseUrl?: string;
  aiApiKey?: string;
  aiModel: string;
  /** Requests per app, per console feature, per UTC day (BASALT_AI_DAILY_LIMIT). */
  aiDailyLimit: number;
  /**
   * The operator's plan catalogue (BASALT_PLANS_FILE, decision 0082): JSON
   * `[{id, line, name, periods: {monthly, yearly}, components: [{id, limit}], public}]`. Unset: one
   * free unlimited `self-hosted` plan. A malformed file stops the server at start.
   */
  plansFile?: string;
  /**
   * The instance operators (BASALT_ADMINS: e-mail addresses, comma-separated, compared without
   * case). Empty: the first registered developer is the operator.
   */
  admins: string[];
  /** The operator's feature switches (BASALT_FEATURES); every one is on when the setting is unset. */
  features: Record<Feature, boolean>;
  /**
   * Payment profiles and invoices (decision 0089). `manual` is always offered; Stripe is offered
   * when BASALT_STRIPE_SECRET_KEY is set, and then BASALT_STRIPE_WEBHOOK_SECRET is required.
   */
  payments: {
    currency: string;
    stripe?: { secretKey: string; webhookSecret: string; apiUrl: string };
    /** Points per one unit of credit (BASALT_POINTS_PER_CREDIT); unset: the exchange is switched off. */
    pointsPerCredit?: number;
  };
}

/** Areas the operator can switch off (BASALT_FEATURES): a switched-off area answers 403 FEATURE_DISABLED. */
export const FEATURES = ['billing', 'marketplace', 'community', 'gamification'] as const;
export type Feature = (typeof FEATURES)[number];

/** BASALT_FEATURES: the areas that are on, comma-separated (`none` for none); unset: all on. */
function featuresSetting(env: NodeJS.ProcessEnv): Record<Feature, boolean> {
  const raw = env.BASALT_FEATURES;
  const all = Object.fromEntries(FEATURES.map((f) => [f, raw === undefined || raw.trim() === ''])) as Record<
    Feature,
    boolean
  >;
  if (raw === undefined || raw.trim() === '' || raw.trim() === 'none') return all;
  for (const name of raw
    .split(',')
    .map((f) => f.trim().toLowerCase())
    .filter(Boolean)) {
    if (!(FEATURES as readonly string[]).includes(name))
      throw new Error(`BASALT_FEATURES: '${name}' is not a feature (${FEATURES.join(', ')}, or none)`);
    all[name as Feature] = true;
  }
  return all;
}

/** The payment settings (decision 0089): Stripe needs both its keys, or the server does not start. */
function paymentsSetting(env: NodeJS.ProcessEnv): Config['payments'] {
  const currency = (env.BASALT_BILLING_CURRENCY || 'USD').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new Error(`BASALT_BILLING_CURRENCY: '${currency}' is not a currency code`);
  const secretKey = env.BASALT_STRIPE_SECRET_KEY?.trim();
  const webhookSecret = env.BASALT_STRIPE_WEBHOOK_SECRET?.trim();
  if (secretKey && !webhookSecret)
    throw new Error('BASALT_STRIPE_WEBHOOK_SECRET must be set with BASALT_STRIPE_SECRET_KEY');
  const points = env.BASALT_POINTS_PER_CREDIT?.trim();
  const pointsPerCredit = points ? Number(points) : undefined;
  if (pointsPerCredit !== undefined && !(Number.isInteger(pointsPerCredit) && pointsPerCredit > 0))
    throw new Error(`BASALT_POINTS_PER_CREDIT: '${points}' is not a whole number above 0`);
  return {
    currency,
    ...(secretKey && webhookSecret
      ? {
          stripe: {
            secretKey,
            webhookSecret,
            apiUrl: (env.BASALT_STRIPE_API_URL || 'https://api.stripe.com').replace(/\/+$/, ''),
          },
        }
      : {}),
    ...(pointsPerCredit !== undefined ? { pointsPerCredit } : {}),
  };
}

/** BASALT_ADMINS: e-mail addresses, lower-cased. */
function adminsSetting(env: NodeJS.ProcessEnv): string[] {
  const list = (env.BASALT_ADMINS ?? '')
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);
  for (const a of list)
    if (!/^[^@\s]+@[^@\s]+$/.test(a)) throw new Error(`BASALT_ADMINS: '${a}' is not an e-mail address`);
  return list;
}

/** BASALT_BACKUP_DIRS: `name=/absolute/path` pairs separated by commas. */
function backupDirsSetting(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (env.BASALT_BACKUP_DIRS ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const dir = pair.slice(at + 1).trim();
    if (at < 1 || !/^[a-z0-9][a-z0-9_-]{0,39}$/i.test(name) || name === 'default' || !path.isAbsolute(dir))
      throw new Error(`BASALT_BACKUP_DIRS: '${pair}' must be name=/absolute/path (the name letters, digits, - and _)`);
    out[name] = path.resolve(dir);
  }
  return out;
}

/** Reads a non-negative integer setting; a typo must stop the server, not become NaN. */
function intSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got '${raw}'`);
  return value;
}

/** An `intSetting` that must be at least 1 (a limit of 0 would refuse every query). */
function positiveSetting(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = intSetting(env, name, fallback);
  if (value < 1) throw new Error(`${name} must be at least 1, got '${env[name]}'`);
  return value;
}

/** BASALT_STORAGE and the BASALT_S3_* settings; a half-configured bucket stops the server at start. */
function storageSettings(env: NodeJS.ProcessEnv): Pick<Config, 'storage' | 's3'> {
  const kind = env.BASALT_STORAGE || 'local';
  if (kind === 'local') return { storage: 'local' };
  if (kind !== 's3') throw new Error(`BASALT_STORAGE must be 'local' or 's3', got '${kind}'`);
  const bucket = env.BASALT_S3_BUCKET;
  if (!bucket) throw new Error('BASALT_STORAGE=s3 needs BASALT_S3_BUCKET');
  const accessKeyId = env.BASALT_S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.BASALT_S3_SECRET_ACCESS_KEY || undefined;
  if (Boolean(accessKeyId) !== Boolean(secretAccessKey))
    throw new Error('BASALT_S3_ACCESS_KEY_ID and BASALT_S3_SECRET_ACCESS_KEY go together');
  return {
    storage: 's3',
    s3: {
      endpoint: env.BASALT_S3_ENDPOINT || undefined,
      bucket,
      region: env.BASALT_S3_REGION || 'us-east-1',
      accessKeyId,
      secretAccessKey,
      forcePathStyle: env.BASALT_S3_FORCE_PATH_STYLE === 'true' || env.BASALT_S3_FORCE_PATH_STYLE === '1',
    },
  };
}

/** `BASALT_SITE_DOMAIN`, else the public URL's host name when it is a name, else `localhost`. */
function siteDomainOf(set: string | undefined, publicUrl: string | undefined): string {
  if (set)
    return set
      .trim()
      .toLowerCase()
      .replace(/^\.+|\.+$/g, '');
  let host = 'localhost';
  try {
    if (publicUrl) host = new URL(publicUrl).hostname.toLowerCase();
  } catch {
    // An unreadable public URL leaves the default.
  }
  return /^[0-9.]+$|^\[|:/.test(host) ? 'localhost' : host;
}

/** A switch that is off unless set to on, true, 1 or yes. */
function onSetting(value: string | undefined): boolean {
  return ['on', 'true', '1', 'yes'].includes((value ?? '').toLowerCase());
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = intSetting(env, 'PORT', 8080);
  if (port > 65535) throw new Error(`PORT must be at most 65535, got ${port}`);
  const loginMaxFailures = intSetting(env, 'BASALT_LOGIN_MAX_FAILURES', 5);
  return {
    port,
    // Loopback by default: a first start on a laptop is not reachable from the network until the
    // operator says so (HOST=0.0.0.0, or one interface's address).
    host: env.HOST || '127.0.0.1',
    dataDir: path.resolve(env.BASALT_DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    pgSchemaPrefix: env.BASALT_PG_SCHEMA_PREFIX || 'basalt_',
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailDir: env.BASALT_MAIL_DIR === 'off' ? null : env.BASALT_MAIL_DIR ? path.resolve(env.BASALT_MAIL_DIR) : undefined,
    mailFrom: env.MAIL_FROM || 'Basalt <no-reply@localhost>',
    publicUrl: (env.BASALT_PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    consoleDir: env.BASALT_CONSOLE_DIR || undefined,
    siteDomain: siteDomainOf(env.BASALT_SITE_DOMAIN, env.BASALT_PUBLIC_URL),
    logLevel: env.LOG_LEVEL || 'info',
    uiPort: intSetting(env, 'BASALT_UI_PORT', 8081),
    chromiumPath: env.BASALT_CHROMIUM_PATH || '/usr/bin/chromium',
    uiBaseUrl: env.BASALT_UI_BASE_URL ? env.BASALT_UI_BASE_URL.replace(/\/+$/, '') : undefined,
    bodyLimit: intSetting(env, 'BASALT_BODY_LIMIT', 10 * 1024 * 1024),
    fastLane: env.BASALT_FAST_LANE !== '0' && env.BASALT_FAST_LANE !== 'false',
    backupDirs: backupDirsSetting(env),
    gamificationSocial: onSetting(env.BASALT_GAMIFICATION_SOCIAL),
    inviteOnly: onSetting(env.BASALT_INVITE_ONLY),
    metering: env.BASALT_METERING !== 'off' && env.BASALT_METERING !== '0' && env.BASALT_METERING !== 'false',
    meterFlushMs: positiveSetting(env, 'BASALT_METER_FLUSH_MS', 10_000),
    uploadLimit: intSetting(env, 'BASALT_UPLOAD_LIMIT', 200 * 1024 * 1024),
    ...storageSettings(env),
    queryTimeoutMs: positiveSetting(env, 'BASALT_QUERY_TIMEOUT_MS', 5000),
    queryReaders: positiveSetting(env, 'BASALT_QUERY_READERS', 2),
    spatialite: env.BASALT_SPATIALITE || 'mod_spatialite',
    loginMaxFailures,
    loginIpMaxFailures: intSetting(env, 'BASALT_LOGIN_IP_MAX_FAILURES', loginMaxFailures * 20),
    loginWindowMs: intSetting(env, 'BASALT_LOGIN_WINDOW_MS', 15 * 60 * 1000),
    sessionIdleMs: intSetting(env, 'BASALT_SESSION_IDLE_DAYS', 30) * 24 * 60 * 60 * 1000,
    trustProxy: env.BASALT_TRUST_PROXY === 'true' || env.BASALT_TRUST_PROXY === '1',
    auth0BaseUrlOverride: env.BASALT_AUTH0_BASE_URL_OVERRIDE || undefined,
    airtableApiUrl: env.BASALT_AIRTABLE_API_URL || 'https://api.airtable.com',
    remoteFetchPrivate: env.BASALT_REMOTE_FETCH_PRIVATE === 'true' || env.BASALT_REMOTE_FETCH_PRIVATE === '1',
    webhookTimeoutMs: intSetting(env, 'BASALT_WEBHOOK_TIMEOUT_MS', 10_000),
    webhookAttempts: Math.max(1, intSetting(env, 'BASALT_WEBHOOK_ATTEMPTS', 6)),
    webhookRetryMs: intSetting(env, 'BASALT_WEBHOOK_RETRY_MS', 10_000),
    webhookBreakerFailures: Math.max(1, intSetting(env, 'BASALT_WEBHOOK_BREAKER_FAILURES', 5)),
    webhookBreakerMs: intSetting(env, 'BASALT_WEBHOOK_BREAKER_MS', 30_000),
    sqlSqliteDir: env.BASALT_SQL_SQLITE_DIR ? path.resolve(env.BASALT_SQL_SQLITE_DIR) : undefined,
    sqlTimeoutMs: positiveSetting(env, 'BASALT_SQL_TIMEOUT_MS', 10_000),
    sqlMaxRows: positiveSetting(env, 'BASALT_SQL_MAX_ROWS', 1000),
    aiBaseUrl: env.BASALT_AI_BASE_URL ? env.BASALT_AI_BASE_URL.replace(/\/+$/, '') : undefined,
    aiApiKey: env.BASALT_AI_API_KEY || undefined,
    aiModel: env.BASALT_AI_MODEL || 'gpt-4o-mini',
    aiDailyLimit: intSetting(env, 'BASALT_AI_DAILY_LIMIT', 500),
    plansFile: env.BASALT_PLANS_FILE ? path.resolve(env.BASALT_PLANS_FILE) : undefined,
    admins: adminsSetting(env),
    features: featuresSetting(env),
    payments: paymentsSetting(env),
    ...overrides,
  };
}
