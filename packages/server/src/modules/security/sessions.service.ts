import crypto from 'node:crypto';
import type { ServerContext } from '../../context.js';
import { getLoginSettings } from '../users-config/index.js';
import { deviceOfClientKind } from '../apps/index.js';
import type { SecurityKysely } from './security.migrations.js';
import { SessionsRepo } from './sessions.repo.js';

/** Refresh `last_used` at most this often, so busy clients do not write on every call. */
const TOUCH_EVERY_MS = 60_000;

export const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

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

  constructor(private readonly ctx: ServerContext) {
    this.repo = new SessionsRepo(ctx.dbs.system as unknown as SecurityKysely);
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
   */
  async resolve(appId: string, token: string): Promise<UserSession | undefined> {
    if (!token || token.length > 200) return undefined;
    const row = await this.repo.byHash(hashToken(token));
    if (!row || row.app_id !== appId) return undefined;
    const now = Date.now();
    const { sessionTimeout, sessionsNotBefore } = await getLoginSettings(this.ctx, appId);
    const timeoutMs = sessionTimeout * 1000;
    if (Number(row.created) <= sessionsNotBefore || (timeoutMs > 0 && now - Number(row.last_used) > timeoutMs)) {
      // Ended for good: a later request must not find it refreshed.
      await this.repo.delete(row.token_hash);
      return undefined;
    }
    // With a timeout, idle time is known to a tenth of it, so an active client is never cut off.
    if (now - Number(row.last_used) > (timeoutMs > 0 ? Math.min(TOUCH_EVERY_MS, timeoutMs / 10) : TOUCH_EVERY_MS)) {
      await this.repo.touch(row.token_hash, now);
    }
    return {
      sessionId: row.session_id,
      userId: row.user_id,
      deviceType: row.device_type,
      created: Number(row.created),
      lastUsed: Number(row.last_used),
    };
  }

  /** Ends one session at once; answers whether it existed in this app. */
  async revoke(appId: string, token: string): Promise<boolean> {
    return (await this.repo.deleteInApp(appId, hashToken(token))) > 0;
  }

  /** Logs a user out everywhere; answers how many sessions ended. */
  async revokeAll(appId: string, userId: string): Promise<number> {
    return this.repo.deleteOfUser(appId, userId);
  }

  /** Keeps a user's `keep` newest sessions and ends the older ones (concurrent login limit). */
  async keepNewest(appId: string, userId: string, keep: number): Promise<number> {
    return this.repo.deleteAllButNewest(appId, userId, keep);
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
