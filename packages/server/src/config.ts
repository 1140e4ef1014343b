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
  mailFrom: string;
  /** Public URL of the console, used in links inside mails. */
  publicUrl: string;
  /** Directory of the built console (served at `/`); undefined = do not serve it. */
  consoleDir?: string;
  logLevel: string;
  /** Largest request body accepted, in bytes (uploads have their own limit). */
  bodyLimit: number;
  /** Largest file upload accepted, in bytes. */
  uploadLimit: number;
  /** Failed developer logins allowed per login name within `loginWindowMs`. */
  loginMaxFailures: number;
  loginWindowMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const port = Number(env.PORT ?? 8080);
  const dataDir = path.resolve(env.BASALT_DATA_DIR ?? './data');
  return {
    port: Number.isFinite(port) ? port : 8080,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pgSchemaPrefix: env.BASALT_PG_SCHEMA_PREFIX ?? 'basalt_',
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Basalt <no-reply@localhost>',
    publicUrl: env.BASALT_PUBLIC_URL ?? `http://localhost:${Number.isFinite(port) ? port : 8080}`,
    consoleDir: env.BASALT_CONSOLE_DIR,
    logLevel: env.LOG_LEVEL ?? 'info',
    bodyLimit: Number(env.BASALT_BODY_LIMIT ?? 10 * 1024 * 1024),
    uploadLimit: Number(env.BASALT_UPLOAD_LIMIT ?? 200 * 1024 * 1024),
    loginMaxFailures: Number(env.BASALT_LOGIN_MAX_FAILURES ?? 5),
    loginWindowMs: Number(env.BASALT_LOGIN_WINDOW_MS ?? 15 * 60 * 1000),
    ...overrides,
  };
}
