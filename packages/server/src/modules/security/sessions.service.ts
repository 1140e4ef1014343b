import crypto from 'node:crypto';
import type { ServerContext } from '../../context.js';
import { getLoginSettings } from '../users-config/index.js';
import { deviceOfClientKind } from '../apps/index.js';
import type { SecurityKysely } from './security.migrations.js';

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
  private readonly db: SecurityKysely;

  constructor(private readonly ctx: ServerContext) {
    this.db = ctx.dbs.system as unknown as SecurityKysely;
  }

  /** `deviceType` is the caller's client kind; a custom key's is stored as plain `CUSTOM`. */
  async issue(appId: string, userId: string, deviceType: string): Promise<string> {
    const token = crypto.randomBytes(32).toString('base64url');
    const now = Date.now();
    await this.db.insertInto('sec_user_sessions').values({
      token_hash: hashToken(token), session_id: crypto.randomUUID(), app_id: appId, user_id: userId, device_type: deviceOfClientKind(deviceType), created: now, last_used: now,
    }).execute();
    return token;
  }

  /**
   * The session of a token in this app, or undefined (unknown, revoked, another app's, or ended by
   * the app's login settings: idle longer than the session timeout, or issued before "log out all
   * users"). Every caller of a token (app API, real time, token check) comes through here.
   */
  async resolve(appId: string, token: string): Promise<UserSession | undefined> {
    if (!token || token.length > 200) return undefined;
    const row = await this.db.selectFrom('sec_user_sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
    if (!row || row.app_id !== appId) return undefined;
    const now = Date.now();
    const { sessionTimeout, sessionsNotBefore } = await getLoginSettings(this.ctx, appId);
    const timeoutMs = sessionTimeout * 1000;
    if (Number(row.created) <= sessionsNotBefore || (timeoutMs > 0 && now - Number(row.last_used) > timeoutMs)) {
      // Ended for good: a later request must not find it refreshed.
      await this.db.deleteFrom('sec_user_sessions').where('token_hash', '=', row.token_hash).execute();
      return undefined;
    }
    // With a timeout, idle time is known to a tenth of it, so an active client is never cut off.
    if (now - Number(row.last_used) > (timeoutMs > 0 ? Math.min(TOUCH_EVERY_MS, timeoutMs / 10) : TOUCH_EVERY_MS)) {
      await this.db.updateTable('sec_user_sessions').set({ last_used: now }).where('token_hash', '=', row.token_hash).execute();
    }
    return { sessionId: row.session_id, userId: row.user_id, deviceType: row.device_type, created: Number(row.created), lastUsed: Number(row.last_used) };
  }

  /** Ends one session at once; answers whether it existed in this app. */
  async revoke(appId: string, token: string): Promise<boolean> {
    const res = await this.db.deleteFrom('sec_user_sessions').where('token_hash', '=', hashToken(token)).where('app_id', '=', appId).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  /** Logs a user out everywhere; answers how many sessions ended. */
  async revokeAll(appId: string, userId: string): Promise<number> {
    const res = await this.db.deleteFrom('sec_user_sessions').where('app_id', '=', appId).where('user_id', '=', userId).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** Keeps a user's `keep` newest sessions and ends the older ones (concurrent login limit). */
  async keepNewest(appId: string, userId: string, keep: number): Promise<number> {
    const old = await this.db.selectFrom('sec_user_sessions').select('token_hash').where('app_id', '=', appId).where('user_id', '=', userId)
      .orderBy('created', 'desc').orderBy('session_id', 'desc').offset(keep).limit(10_000).execute();
    if (!old.length) return 0;
    const res = await this.db.deleteFrom('sec_user_sessions').where('token_hash', 'in', old.map((r) => r.token_hash)).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  /** Sessions of one user, newest first, paged by a cursor (the created time of the last one). */
  async ofUser(appId: string, userId: string, pageSize: number, cursor?: string): Promise<{ data: Array<Omit<UserSession, 'userId'>>; cursor: string | null }> {
    let q = this.db.selectFrom('sec_user_sessions').select(['session_id', 'device_type', 'created', 'last_used'])
      .where('app_id', '=', appId).where('user_id', '=', userId);
    const after = cursor ? decodeCursor(cursor) : undefined;
    if (after) q = q.where((eb) => eb.or([eb('created', '<', after.t), eb.and([eb('created', '=', after.t), eb('session_id', '<', after.id)])]));
    const rows = await q.orderBy('created', 'desc').orderBy('session_id', 'desc').limit(pageSize + 1).execute();
    const page = rows.slice(0, pageSize);
    const last = page[page.length - 1];
    return {
      data: page.map((r) => ({ sessionId: r.session_id, deviceType: r.device_type, created: Number(r.created), lastUsed: Number(r.last_used) })),
      cursor: rows.length > pageSize && last ? encodeCursor(Number(last.created), last.session_id) : null,
    };
  }

  /** Users holding at least one session, most recently active first. */
  async usersWithSessions(appId: string, pageSize: number, cursor?: string): Promise<{ data: Array<{ userId: string; sessions: number; lastActive: number }>; cursor: string | null }> {
    let q = this.db.selectFrom('sec_user_sessions')
      .select((eb) => ['user_id', eb.fn.countAll<number>().as('n'), eb.fn.max('last_used').as('last')])
      .where('app_id', '=', appId).groupBy('user_id');
    const after = cursor ? decodeCursor(cursor) : undefined;
    if (after) q = q.having((eb) => eb.or([eb(eb.fn.max('last_used'), '<', after.t), eb.and([eb(eb.fn.max('last_used'), '=', after.t), eb('user_id', '<', after.id)])]));
    const rows = await q.orderBy('last', 'desc').orderBy('user_id', 'desc').limit(pageSize + 1).execute();
    const page = rows.slice(0, pageSize);
    const last = page[page.length - 1];
    return {
      data: page.map((r) => ({ userId: r.user_id, sessions: Number(r.n), lastActive: Number(r.last) })),
      cursor: rows.length > pageSize && last ? encodeCursor(Number(last.last), last.user_id) : null,
    };
  }

  async countByUser(appId: string, userIds: string[]): Promise<Map<string, number>> {
    if (!userIds.length) return new Map();
    const rows = await this.db.selectFrom('sec_user_sessions').select((eb) => ['user_id', eb.fn.countAll<number>().as('n')])
      .where('app_id', '=', appId).where('user_id', 'in', userIds).groupBy('user_id').execute();
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
