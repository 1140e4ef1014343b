import crypto from 'node:crypto';
import type { ServerContext } from '../../context.js';
import { getLoginSettings } from '../users-config/index.js';
import { deviceOfClientKind } from '../apps/index.js';
import type { SecurityKysely } from './security.migrations.js';
import { SessionsRepo } from './sessions.repo.js';
import { SessionMemory, type SessionEntry } from './session-memory.js';

/** Refresh `last_used` at most this often, so busy clients do not write on every call. */
const TOUCH_EVERY_MS = 60_000;
/** With a session timeout, idle time is known to a tenth of it, so an active client is never cut off. */
const touchEvery = (timeoutMs: number) => (timeoutMs > 0 ? Math.min(TOUCH_EVERY_MS, timeoutMs / 10) : TOUCH_EVERY_MS);

/**
 * The stored form of a token. Runs on every request with a user token: `crypto.hash` (Node ≥ 20.12)
 * is the one-shot form, without a Hash object per call; the same digest as createHash.
 */
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;
export const hashToken = oneShot
  ? (token: string) => oneShot('sha256', token, 'hex')
  : (token: string) => crypto.createHash('sha256').update(token).digest('hex');

export interface UserSession {
  sessionId: string;
  userId: string;
  deviceType: string;
  created: number;
  lastUsed: number;
}

/**
 * App users' sessions. A token is 256 random bits, handed to the client once; only its sha256 is
 * stored, so a copy of the database holds no usable token. Every session belongs to one app: a
 * token presented to another app is unknown there.
 */
export class SessionsService {
  private readonly repo: SessionsRepo;

  /** Sessions found by token hash and the apps' login settings, shared by every request (0042). */
  readonly memory: SessionMemory;
  /** `last_used` writes waiting to be made, by token hash (written after the answers, not before). */
  private readonly touches = new Map<string, number>();
  private flushing?: Promise<void>;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new SessionsRepo(ctx.dbs.system as unknown as SecurityKysely);
    this.memory = new SessionMemory(ctx.cluster.invalidation);
    // A deleted app's sessions cascade away; nothing of them may linger in any process.
    ctx.bus.on('app.deleted', ({ appId }) => void this.changed(appId));
  }

  /** `deviceType` is the caller's client kind; a custom key's is stored as plain `CUSTOM`. */
  async issue(appId: string, userId: string, deviceType: string): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = Date.now();
    await this.repo.insert({
      token_hash: hashToken(token),
      session_id: crypto.randomUUID(),
      app_id: appId,
      user_id: userId,
      device_type: deviceOfClientKind(deviceType),
      created: now,
      last_used: now,
    });
    return token;
  }

  /**
   * The session of a token in this app, or undefined (unknown, revoked, another app's, or ended by
   * the app's login settings: idle longer than the session timeout, or issued before "log out all
   * users"). Every caller of a token (app API, real time, token check) comes through here.
   *
   * A session found before is taken from this process's memory, and the app's login settings too;
   * both are checked on every use exactly as a stored one is. Anything ending sessions or changing
   * login settings drops the app's memory in every process first (`changed`), and a remembered
   * session that looks ended is looked up again: the database decides every refusal.
   */
  async resolve(appId: string, token: string): Promise<UserSession | undefined> {
    if (!token || token.length > 200) return undefined;
    const tokenHash = hashToken(token);
    const now = Date.now();
    const hit = this.memory.get(tokenHash, now);
    if (hit) {
      if (hit.appId !== appId) return undefined;
      const settings =
        this.memory.loginSettingsNow(appId, now) ??
        (await this.memory.loginSettings(appId, () => getLoginSettings(this.ctx, appId), now));
      if (!ended(hit.session.created, hit.usedAt, settings, now)) {
        this.used(hit, settings.sessionTimeout * 1000, now);
        return hit.session;
      }
      this.memory.forgetSession(tokenHash);
    }
    const version = this.memory.version(appId);
    const row = await this.repo.byHash(tokenHash);
    if (!row || row.app_id !== appId) return undefined;
    const settings = await this.memory.loginSettings(appId, () => getLoginSettings(this.ctx, appId), now);
    const lastUsed = Number(row.last_used);
    if (ended(Number(row.created), lastUsed, settings, now)) {
      // Ended for good: a later request must not find it refreshed, nor another process remember it.
      await this.repo.delete(row.token_hash);
      await this.changed(appId);
      return undefined;
    }
    let stored = lastUsed;
    if (now - lastUsed > touchEvery(settings.sessionTimeout * 1000)) {
      await this.repo.touch(row.token_hash, now);
      stored = now;
    }
    const session: UserSession = {
      sessionId: row.session_id,
      userId: row.user_id,
      deviceType: row.device_type,
      created: Number(row.created),
      lastUsed,
    };
    this.memory.keep({ appId, tokenHash, session, usedAt: now, stored }, version, now);
    return session;
  }

  /**
   * A remembered session was used now: its `last_used` is written when the stored one is older than
   * the touch interval, as a lookup does, but after the answer (batched, off the request's path).
   */
  private used(entry: SessionEntry, timeoutMs: number, now: number): void {
    if (now > entry.usedAt) entry.usedAt = now;
    if (now - entry.stored <= touchEvery(timeoutMs)) return;
    entry.stored = now;
    this.touches.set(entry.tokenHash, now);
    if (!this.flushing) setImmediate(() => void this.flushTouches());
  }

  /**
   * Writes the queued `last_used` values; answers when every value queued so far is written (a
   * failure is logged: the session stays valid, only its stored idle clock lags).
   */
  flushTouches(): Promise<void> {
    if (this.flushing || !this.touches.size) return this.flushing ?? Promise.resolve();
    this.flushing = (async () => {
      try {
        while (this.touches.size) {
          const batch = [...this.touches];
          this.touches.clear();
          for (const [tokenHash, at] of batch) {
            await this.repo
              .touch(tokenHash, at)
              .catch((err: unknown) => this.ctx.log.warn({ err }, "could not record a session's last use"));
          }
        }
      } finally {
        this.flushing = undefined;
      }
    })();
    return this.flushing;
  }

  /** Sessions of the app ended or its login settings changed: drops them here and in every other process. */
  changed(appId: string): Promise<void> {
    return this.ctx.cluster.invalidation.changed('session', appId);
  }

  /** Ends one session at once; answers whether it existed in this app. */
  async revoke(appId: string, token: string): Promise<boolean> {
    const n = await this.repo.deleteInApp(appId, hashToken(token));
    if (n > 0) await this.changed(appId);
    return n > 0;
  }

  /** Logs a user out everywhere; answers how many sessions ended. */
  async revokeAll(appId: string, userId: string): Promise<number> {
    const n = await this.repo.deleteOfUser(appId, userId);
    if (n > 0) await this.changed(appId);
    return n;
  }

  /** Keeps a user's `keep` newest sessions and ends the older ones (concurrent login limit). */
  async keepNewest(appId: string, userId: string, keep: number): Promise<number> {
    const n = await this.repo.deleteAllButNewest(appId, userId, keep);
    if (n > 0) await this.changed(appId);
    return n;
  }

  /** Sessions of one user, newest first, paged by a cursor (the created time of the last one). */
  async ofUser(
    appId: string,
    userId: string,
    pageSize: number,
    cursor?: string,
  ): Promise<{ data: Array<Omit<UserSession, 'userId'>>; cursor: string | null }> {
    const rows = await this.repo.ofUser(appId, userId, pageSize + 1, cursor ? decodeCursor(cursor) : undefined);
    const page = rows.slice(0, pageSize);
    const last = page[page.length - 1];
    return {
      data: page.map((r) => ({
        sessionId: r.session_id,
        deviceType: r.device_type,
        created: Number(r.created),
        lastUsed: Number(r.last_used),
      })),
      cursor: rows.length > pageSize && last ? encodeCursor(Number(last.created), last.session_id) : null,
    };
  }

  /** Users holding at least one session, most recently active first. */
  async usersWithSessions(
    appId: string,
    pageSize: number,
    cursor?: string,
  ): Promise<{ data: Array<{ userId: string; sessions: number; lastActive: number }>; cursor: string | null }> {
    const rows = await this.repo.usersWithSessions(appId, pageSize + 1, cursor ? decodeCursor(cursor) : undefined);
    const page = rows.slice(0, pageSize);
    const last = page[page.length - 1];
    return {
      data: page.map((r) => ({ userId: r.user_id, sessions: Number(r.n), lastActive: Number(r.last) })),
      cursor: rows.length > pageSize && last ? encodeCursor(Number(last.last), last.user_id) : null,
    };
  }

  async countByUser(appId: string, userIds: string[]): Promise<Map<string, number>> {
    if (!userIds.length) return new Map();
    const rows = await this.repo.countByUser(appId, userIds);
    return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
  }
}

/** Ended by the app's login settings: issued before "log out all users", or idle past the timeout. */
function ended(
  created: number,
  lastUsed: number,
  settings: { sessionTimeout: number; sessionsNotBefore: number },
  now: number,
): boolean {
  const timeoutMs = settings.sessionTimeout * 1000;
  return created <= settings.sessionsNotBefore || (timeoutMs > 0 && now - lastUsed > timeoutMs);
}

function encodeCursor(t: number, id: string): string {
  return Buffer.from(JSON.stringify([t, id])).toString('base64url');
}

function decodeCursor(cursor: string): { t: number; id: string } | undefined {
  try {
    const [t, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [unknown, unknown];
    return typeof t === 'number' && Number.isSafeInteger(t) && typeof id === 'string' ? { t, id } : undefined;
  } catch {
    return undefined;
  }
}
