import {
  GLOBAL_LOGGER,
  type AppLoggingConfig,
  type LineLevel,
  type LogIntegrationInput,
  type LogLevelName,
} from '@basalt/shared';
import type { Databases } from '../../../db/dialect.js';
import type { InvalidationBus } from '../../../cluster/index.js';
import { ApiError } from '../../../http/api-error.js';
import { refusedLiteral } from '../../../http/remote-fetch.js';
import { LogLevelsRepo, type StoredIntegration } from './log-levels.repo.js';
import { levelPriority } from './log-line.js';

/** What decides one app's lines: the global priority and each configured logger's. */
interface Levels {
  global: number;
  byLogger: Map<string, number>;
  list: AppLoggingConfig['loggers'];
  integration: StoredIntegration | null;
  /** When it was read: after `REREAD_MS` it is read again in the background (a safety net). */
  readAt: number;
}

/**
 * A change whose message another process missed (Redis cut off) is picked up after this long,
 * while lines go on being decided by what is known.
 */
const REREAD_MS = 5_000;

/**
 * The apps' logging configuration, read from the database once and kept in memory (the sink asks
 * for every line), forgotten through the invalidation bus (kind `log-levels`) when any process
 * changes it.
 */
export class LogLevels {
  private readonly repo: LogLevelsRepo;
  private readonly known = new Map<string, Levels>();
  private readonly loading = new Map<string, Promise<Levels>>();

  constructor(
    dbs: Databases,
    private readonly invalidation: InvalidationBus,
    /** Whether an integration may point at a private address (BASALT_REMOTE_FETCH_PRIVATE). */
    private readonly allowPrivate = false,
  ) {
    this.repo = new LogLevelsRepo(dbs);
    invalidation.register('log-levels', (appId) => {
      if (appId === null) this.known.clear();
      else this.known.delete(appId);
    });
  }

  /** Whether a line is kept, when the app's configuration is in memory; undefined when it is not. */
  keepsNow(appId: string, logger: string, level: LineLevel): boolean | undefined {
    const levels = this.known.get(appId);
    if (!levels) return undefined;
    if (Date.now() - levels.readAt > REREAD_MS && !this.loading.has(appId)) this.read(appId).catch(() => undefined);
    return keeps(levels, logger, level);
  }

  /** Loads the app's configuration into memory (once, however many lines wait for it). */
  load(appId: string): Promise<void> {
    return this.levels(appId).then(() => undefined);
  }

  async config(appId: string): Promise<AppLoggingConfig> {
    return { loggers: (await this.levels(appId)).list };
  }

  /** The app's integration when its configuration is in memory (the sink asks once per kept line). */
  integrationNow(appId: string): StoredIntegration | null {
    return this.known.get(appId)?.integration ?? null;
  }

  async integration(appId: string): Promise<StoredIntegration | null> {
    return (await this.levels(appId)).integration;
  }

  /**
   * Sets the app's log integration. Enabled, it needs an http(s) URL on an address the server may
   * call and header names that are tokens; disabled, the URL and headers are kept for later.
   */
  async setIntegration(appId: string, input: LogIntegrationInput): Promise<StoredIntegration> {
    const before = await this.integration(appId);
    const url = (input.url ?? before?.url ?? '').trim();
    const headers = input.headers ?? before?.headers ?? {};
    if (input.enabled || url) checkEndpoint(url, this.allowPrivate);
    for (const name of Object.keys(headers))
      if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
        throw ApiError.field('BAD_REQUEST', 'headers', `'${name.slice(0, 100)}' is not a header name`);
    const stored = { enabled: input.enabled, url, headers, updated: Date.now() };
    await this.repo.saveIntegration(appId, stored);
    await this.invalidation.changed('log-levels', appId);
    return stored;
  }

  /** Removes every logger's own level; the Global logger keeps its. Answers how many went. */
  async clearLoggers(appId: string): Promise<number> {
    const removed = await this.repo.removeLoggersBut(appId, GLOBAL_LOGGER);
    await this.invalidation.changed('log-levels', appId);
    return removed;
  }

  /** Replaces the configuration; a logger named twice is a 400 naming it. */
  async setConfig(appId: string, loggers: AppLoggingConfig['loggers']): Promise<AppLoggingConfig> {
    const seen = new Set<string>();
    for (const l of loggers) {
      const name = l.name.trim();
      if (!name) throw ApiError.badRequest('A logger needs a name');
      if (seen.has(name)) throw ApiError.badRequest(`The logger '${name}' is named twice`);
      seen.add(name);
    }
    await this.repo.replace(
      appId,
      loggers.map((l) => ({ name: l.name.trim(), level: l.level })),
    );
    await this.invalidation.changed('log-levels', appId);
    return this.config(appId);
  }

  private levels(appId: string): Promise<Levels> {
    const known = this.known.get(appId);
    return known ? Promise.resolve(known) : this.read(appId);
  }

  /** Reads the app's levels into memory (one read at a time per app). */
  private read(appId: string): Promise<Levels> {
    let p = this.loading.get(appId);
    if (!p) {
      const version = this.invalidation.version(appId);
      p = Promise.all([this.repo.list(appId), this.repo.integration(appId)])
        .then(([list, integration]) => {
          const levels = toLevels(list, integration);
          // A change announced while reading is not overwritten by what was read before it.
          if (this.invalidation.version(appId) === version) this.known.set(appId, levels);
          return levels;
        })
        .finally(() => this.loading.delete(appId));
      this.loading.set(appId, p);
    }
    return p;
  }
}

/** Without entries every line is kept. */
function toLevels(list: Array<{ name: string; level: LogLevelName }>, integration: StoredIntegration | null): Levels {
  const byLogger = new Map(list.map((l) => [l.name, levelPriority(l.level)]));
  const global = byLogger.get(GLOBAL_LOGGER) ?? levelPriority('ALL');
  byLogger.delete(GLOBAL_LOGGER);
  return { global, byLogger, list, integration, readAt: Date.now() };
}

/** The SDK's rule: within the global level, and within the logger's own level when it has one. */
function keeps(levels: Levels, logger: string, level: LineLevel): boolean {
  const p = levelPriority(level);
  if (p > levels.global) return false;
  const own = levels.byLogger.get(logger);
  return own === undefined || p <= own;
}

/** An endpoint a log integration may use: http(s), and a public address unless private ones are allowed. */
function checkEndpoint(raw: string, allowPrivate: boolean): void {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw ApiError.field('BAD_REQUEST', 'url', `'${raw.slice(0, 200)}' is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw ApiError.field('BAD_REQUEST', 'url', `The log endpoint is an http(s) URL, not ${url.protocol}`);
  const refused = refusedLiteral(url.hostname, allowPrivate);
  if (refused)
    throw ApiError.field('BAD_REQUEST', 'url', `${refused} (private addresses need BASALT_REMOTE_FETCH_PRIVATE)`);
}
