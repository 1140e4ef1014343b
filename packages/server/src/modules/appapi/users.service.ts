import crypto from 'node:crypto';
import type { UsersLoginSettings } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { userFacts, type AppCaller } from '../../http/app-auth.js';
import {
  dummyHash,
  hashPassword,
  isImportedPassword,
  verifyImportedPassword,
  verifyPassword,
} from '../accounts/index.js';
import { SecretBox } from '../../http/secret-box.js';
import type { ColumnMeta, TableMeta } from '../data/index.js';
import { intercepted } from '../../events/interceptors.js';
import type { AppData } from './data-access.js';
import { UsersPolicy } from './users-policy.js';
import type { PasswordResets } from './password-reset.service.js';
import { PENDING_STATUS, type EmailConfirmations } from './email-confirmation.service.js';
import type { UsersRepo } from './users.repo.js';
import { getRegistrationSettings } from '../users-config/index.js';

type Rec = Record<string, unknown>;

/** Users columns only the server sets through the users routes. */
const PROTECTED = [
  'objectId',
  'ownerId',
  'created',
  'updated',
  'userStatus',
  'lastLogin',
  'socialAccount',
  'isEmailConfirmed',
  '___class',
];

const INVALID_LOGIN = 'Invalid login or password';

/**
 * App users: registration, login with a user token, guest login, logout, token check, password
 * restore and profile update. Answers never say whether an email is registered: register answers
 * the same shape for a taken address (and creates nothing), restore always answers the same, and
 * login has one message for an unknown login and a wrong password. Registration and login follow
 * the app's users configuration (see users-policy.ts).
 */
export class AppUsers {
  private readonly policy: UsersPolicy;
  /** Opens password hashes imported from Firebase (decision 0061). */
  private readonly box: SecretBox;

  constructor(
    private readonly ctx: ServerContext,
    private readonly data: AppData,
    private readonly repo: UsersRepo,
    /** Password reset links; the routes count restore requests per client address with it. */
    readonly resets: PasswordResets,
    /** Email confirmation links, counted the same way. */
    readonly confirmations: EmailConfirmations,
  ) {
    this.policy = new UsersPolicy(ctx);
    this.box = new SecretBox(ctx.config.dataDir);
  }

  /**
   * Checks a user's password against the stored hash. A hash imported from Firebase is checked
   * with Firebase scrypt once: when it matches, Basalt's own hash replaces it (decision 0061).
   */
  private async passwordMatches(appId: string, objectId: unknown, stored: string, password: string): Promise<boolean> {
    if (!isImportedPassword(stored)) return verifyPassword(stored, password);
    if (!(await verifyImportedPassword(this.box, stored, password))) return false;
    const t = await this.users(appId);
    const column = t.columns.find((c) => c.name === 'password');
    if (column && typeof objectId === 'string')
      await this.repo.setPassword(appId, t.sqlName, column.sqlName, objectId, await hashPassword(password));
    return true;
  }

  private async users(appId: string): Promise<TableMeta> {
    return (await this.data.table(appId, 'Users')).table;
  }

  /** The stored row of an identity, in the identity column of the login settings. */
  private async byIdentity(appId: string, identity: string | number): Promise<Rec | undefined> {
    const t = await this.users(appId);
    return this.byValue(appId, t, await this.policy.identityColumn(appId, t), identity);
  }

  /**
   * The one row holding a value in a column. Two rows (a column without a unique index, made the
   * identity after users existed) identify nobody: logging into either could be the wrong account.
   */
  private async byValue(
    appId: string,
    t: TableMeta,
    column: ColumnMeta,
    value: string | number,
  ): Promise<Rec | undefined> {
    const values = this.policy.identityValues(column, String(value));
    if (!values.length) return undefined;
    const rows = await this.repo.withIdentity(appId, t.sqlName, column.sqlName, values, [
      'objectId',
      'password',
      'userStatus',
      'email',
    ]);
    if (rows.length > 1)
      this.ctx.log.warn(
        { appId, column: column.name },
        'Several users share one identity value; none of them can log in with it',
      );
    return rows.length === 1 ? rows[0] : undefined;
  }

  /** The user's record as answered (no password, hidden columns out). */
  private async record(caller: AppCaller, objectId: string): Promise<Rec> {
    const { schema, table } = await this.data.table(caller.appId, 'Users');
    const [r] = await this.data.data.query.find(caller.appId, schema, table, {
      where: `objectId = '${objectId}'`,
      sortBy: [],
      props: [],
      excludeProps: [],
      groupBy: [],
      distinct: false,
      loadRelations: [],
      pageSize: 1,
      offset: 0,
    });
    if (!r) throw new ApiError('NOT_FOUND', 'The user does not exist');
    delete r.password;
    this.ctx.bus.emit('appapi.read', { appId: caller.appId, userId: objectId, table: 'Users', objectId, count: 1 });
    return r;
  }

  /**
   * The user events' handlers around `work` (decision 0047); callers test `active` first, so an
   * app without handlers gains no await.
   */
  private hooked<T>(caller: AppCaller, op: string, req: Rec, work: (req: Rec) => Promise<T>): Promise<T> {
    return intercepted(
      this.ctx.interceptors,
      { appId: caller.appId, provider: 'user', target: '*', caller },
      { before: `before${op}`, after: `after${op}` },
      req,
      work,
    );
  }

  register(caller: AppCaller, body: unknown): Promise<Rec> {
    if (this.ctx.interceptors.active(caller.appId))
      return this.hooked(caller, 'Register', { user: body }, (r) => this.registerNow(caller, r.user));
    return this.registerNow(caller, body);
  }

  private async registerNow(caller: AppCaller, body: unknown): Promise<Rec> {
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new ApiError('BAD_REQUEST', 'Send the user as a JSON object');
    const input: Rec = { ...(body as Rec) };
    const table = await this.users(caller.appId);
    for (const k of PROTECTED) delete input[k];
    for (const k of Object.keys(input))
      if (k.startsWith('__') || (k === 'blUserLocale' && !table.columns.some((c) => c.name === k))) delete input[k];
    const { column, identity } = await this.policy.checkRegistration(caller.appId, table, input);
    const objectId = crypto.randomUUID().toUpperCase();
    const email = table.columns.find((c) => c.name === 'email');
    const taken =
      (await this.byValue(caller.appId, table, column, identity)) ||
      (column.name !== 'email' &&
        email &&
        typeof input.email === 'string' &&
        (await this.byValue(caller.appId, table, email, input.email)));
    if (taken) return this.lookalike(table, input, objectId);
    // With confirmation required, the new user signs in once the link mailed to it is opened.
    const confirm =
      typeof input.email === 'string' &&
      (await getRegistrationSettings(this.ctx, caller.appId)).emailConfirmationRequired;
    let created: Rec;
    try {
      created = await this.data.data.records.create(caller.appId, 'Users', {
        ...input,
        objectId,
        ownerId: objectId,
        ...(confirm ? { userStatus: PENDING_STATUS } : {}),
      });
    } catch (err) {
      // Two registrations raced for one identity: the loser gets the same answer as any taken one.
      const conflict =
        err instanceof ApiError && err.status === 409
          ? (err.details as { column?: string } | undefined)?.column
          : undefined;
      if (conflict === 'email' || conflict === column.name) return this.lookalike(table, input, objectId);
      throw err;
    }
    delete created.password;
    await this.policy.giveDefaultRole(caller.appId, objectId);
    this.ctx.bus.emit('user.registered', { appId: caller.appId, userId: objectId });
    if (confirm) this.confirmations.sendLater(caller.appId, { objectId, email: String(created.email) });
    return created;
  }

  /**
   * The answer to registering a taken address: the shape of a new user, but nothing is stored and
   * the real account is untouched. The hash keeps the timing of a real registration.
   */
  private async lookalike(table: TableMeta, input: Rec, objectId: string): Promise<Rec> {
    await hashPassword(String(input.password));
    const now = Date.now();
    const out: Rec = {};
    for (const c of table.columns) {
      if (c.name === 'password') continue;
      out[c.name] = input[c.name] !== undefined ? input[c.name] : (c.defaultValue ?? null);
    }
    Object.assign(out, { objectId, ownerId: objectId, created: now, updated: now, ___class: 'Users' });
    return out;
  }

  private limiterKeys(appId: string, identity: string, ip: string): [string, string] {
    return [`appuser:${appId}:${identity.toLowerCase()}`, `appuser-ip:${appId}:${ip}`];
  }

  /** `perLogin`: failures one login may have (the app's lock setting), else the server's default. */
  private async assertNotBlocked(appId: string, identity: string, ip: string, perLogin?: number): Promise<void> {
    const limiter = this.ctx.loginLimiter;
    const [byLogin, byIp] = this.limiterKeys(appId, identity, ip);
    const blocked = (await limiter.isBlocked(byLogin, perLogin))
      ? byLogin
      : (await limiter.isBlocked(byIp, this.ctx.config.loginIpMaxFailures))
        ? byIp
        : undefined;
    if (blocked) {
      const minutes = Math.max(1, Math.ceil((await limiter.retryAfter(blocked)) / 60_000));
      throw new ApiError(
        'RATE_LIMITED',
        `Too many failed login attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      );
    }
  }

  private async failed(appId: string, identity: string, ip: string): Promise<never> {
    for (const key of this.limiterKeys(appId, identity, ip)) await this.ctx.loginLimiter.recordFailure(key);
    throw new ApiError('INVALID_LOGIN', INVALID_LOGIN);
  }

  login(caller: AppCaller, body: unknown, ip: string): Promise<Rec> {
    if (!this.ctx.interceptors.active(caller.appId)) return this.loginNow(caller, body, ip);
    const b = (body && typeof body === 'object' ? body : {}) as Rec;
    return this.hooked(caller, 'Login', { login: b.login, password: b.password }, (r) =>
      this.loginNow(caller, { ...b, login: r.login, password: r.password }, ip),
    );
  }

  private async loginNow(caller: AppCaller, body: unknown, ip: string): Promise<Rec> {
    const b = (body && typeof body === 'object' ? body : {}) as Rec;
    const identity = typeof b.login === 'string' || typeof b.login === 'number' ? String(b.login).trim() : '';
    if (!identity || typeof b.password !== 'string') {
      if (b.objectId !== undefined) return this.loginById(caller, b.objectId);
      throw new ApiError('BAD_REQUEST', "Send 'login' and 'password'");
    }
    const settings = await this.policy.login(caller.appId);
    await this.assertNotBlocked(caller.appId, identity, ip, this.policy.failuresAllowed(settings));
    const row = identity.length <= 254 ? await this.byIdentity(caller.appId, identity) : undefined;
    const stored = typeof row?.password === 'string' && row.userStatus !== 'GUEST' ? row.password : await dummyHash();
    if (!(await this.passwordMatches(caller.appId, row?.objectId, stored, b.password)) || !row)
      return this.failed(caller.appId, identity, ip);
    if (row.userStatus === 'DISABLED') throw new ApiError('USER_DISABLED', 'The user account is disabled');
    if (row.userStatus === PENDING_STATUS)
      throw new ApiError(
        'USER_DISABLED',
        'The email address of this account is not confirmed yet: open the link in the confirmation mail',
      );
    await this.ctx.loginLimiter.reset(this.limiterKeys(caller.appId, identity, ip)[0]);
    return this.startSession(caller, String(row.objectId), settings);
  }

  /**
   * `login(objectId)` without a password: server code (the BL key, cloud code) acting for a user it
   * already knows, as the reference allows; any other caller is refused.
   */
  private async loginById(caller: AppCaller, objectId: unknown): Promise<Rec> {
    if (!caller.roles.some((r) => r.name === 'ServerCodeUser'))
      throw new ApiError('FORBIDDEN', 'Login by objectId without a password is allowed to server code only');
    if (typeof objectId !== 'string' || !/^[A-Za-z0-9_-]{1,100}$/.test(objectId))
      throw new ApiError('BAD_REQUEST', 'objectId must be a user id');
    const t = await this.users(caller.appId);
    const row = await this.repo.get(caller.appId, t.sqlName, objectId, ['objectId', 'userStatus']);
    if (!row) throw new ApiError('NOT_FOUND', 'The user does not exist');
    if (row.userStatus === 'DISABLED') throw new ApiError('USER_DISABLED', 'The user account is disabled');
    if (row.userStatus === PENDING_STATUS)
      throw new ApiError('USER_DISABLED', 'The email address of this account is not confirmed yet');
    return this.startSession(caller, objectId, await this.policy.login(caller.appId));
  }

  /** `settings` null: a guest, a new user each time, so no login limits apply. */
  private async startSession(caller: AppCaller, objectId: string, settings: UsersLoginSettings | null): Promise<Rec> {
    const t = await this.users(caller.appId);
    await this.repo.touchLogin(caller.appId, t.sqlName, objectId);
    const token = await this.policy.startSession(caller, objectId, settings);
    this.ctx.bus.emit('user.session', { appId: caller.appId, userId: objectId });
    return { ...(await this.record(caller, objectId)), 'user-token': token };
  }

  /** A guest: a Users record without identity, with the GuestUser role instead of AuthenticatedUser. */
  guest(caller: AppCaller): Promise<Rec> {
    if (this.ctx.interceptors.active(caller.appId))
      return this.hooked(caller, 'LoginAsGuest', {}, () => this.guestNow(caller));
    return this.guestNow(caller);
  }

  private async guestNow(caller: AppCaller): Promise<Rec> {
    const objectId = crypto.randomUUID().toUpperCase();
    await this.data.data.records.create(caller.appId, 'Users', { objectId, ownerId: objectId, userStatus: 'GUEST' });
    return this.startSession(caller, objectId, null);
  }

  logout(caller: AppCaller): Promise<null> {
    if (this.ctx.interceptors.active(caller.appId))
      return this.hooked(caller, 'Logout', {}, () => this.logoutNow(caller));
    return this.logoutNow(caller);
  }

  private async logoutNow(caller: AppCaller): Promise<null> {
    if (caller.token) await this.ctx.security.sessions.revoke(caller.appId, caller.token);
    return null;
  }

  async isValidToken(appId: string, token: string): Promise<boolean> {
    const session = await this.ctx.security.sessions.resolve(appId, token);
    if (!session) return false;
    const user = await userFacts(this.ctx, appId, session.userId);
    return !!user && user.userStatus !== 'DISABLED';
  }

  /**
   * Same answer whether or not the identity is registered, and as fast: the link is issued and
   * mailed after the answer (password-reset.service.ts). Requests per identity are limited.
   */
  restorePassword(appId: string, identity: string, caller?: AppCaller): Promise<null> {
    if (caller && this.ctx.interceptors.active(appId))
      return this.hooked(caller, 'RestorePassword', { email: identity }, (r) =>
        this.restorePasswordNow(appId, typeof r.email === 'string' ? r.email : identity),
      );
    return this.restorePasswordNow(appId, identity);
  }

  private async restorePasswordNow(appId: string, identity: string): Promise<null> {
    const resets = this.resets;
    await resets.countRequest(appId, identity.trim().slice(0, 254));
    const row = identity.length <= 254 ? await this.byIdentity(appId, identity.trim()) : undefined;
    if (row && typeof row.email === 'string' && row.userStatus !== 'GUEST') {
      const user = { objectId: String(row.objectId), email: row.email };
      void resets
        .sweep(appId)
        .then(() => resets.send(appId, user))
        .catch((err: unknown) => this.ctx.log.warn({ err, appId }, 'Sending a password restore mail failed'));
    }
    return null;
  }

  /**
   * `resendEmailConfirmation`: a new link for a user still waiting for confirmation. The same
   * answer whatever the identity, as fast (the mail goes after the answer); requests per identity
   * are limited.
   */
  async resendConfirmation(appId: string, identity: string): Promise<null> {
    const confirmations = this.confirmations;
    await confirmations.countRequest(appId, identity.trim().slice(0, 254));
    const row = identity.length <= 254 ? await this.byIdentity(appId, identity.trim()) : undefined;
    if (row && typeof row.email === 'string' && row.userStatus === PENDING_STATUS) {
      confirmations.sendLater(appId, { objectId: String(row.objectId), email: row.email });
    }
    return null;
  }

  /** `createEmailConfirmationURL` (server code): a new link for a waiting user, answered, not mailed. */
  async confirmationUrl(caller: AppCaller, identity: string): Promise<{ confirmationURL: string }> {
    if (!caller.roles.some((r) => r.name === 'ServerCodeUser'))
      throw new ApiError('FORBIDDEN', 'Permission denied: a confirmation link is given to server code only');
    const row = identity.length <= 254 ? await this.byIdentity(caller.appId, identity.trim()) : undefined;
    if (!row) throw new ApiError('NOT_FOUND', 'The user does not exist');
    if (row.userStatus !== PENDING_STATUS)
      throw new ApiError('BAD_REQUEST', 'The user is not waiting for an email confirmation');
    return { confirmationURL: await this.confirmations.issue(caller.appId, String(row.objectId)) };
  }

  update(caller: AppCaller, objectId: string, body: unknown): Promise<Rec> {
    if (this.ctx.interceptors.active(caller.appId) && body && typeof body === 'object' && !Array.isArray(body))
      return this.hooked(caller, 'Update', { user: { ...(body as Rec), objectId } }, (r) =>
        this.updateNow(caller, objectId, r.user),
      );
    return this.updateNow(caller, objectId, body);
  }

  private async updateNow(caller: AppCaller, objectId: string, body: unknown): Promise<Rec> {
    if (!caller.userId && !caller.roles.some((r) => r.name === 'ServerCodeUser'))
      throw new ApiError('INVALID_USER_TOKEN', 'Log in to update a user');
    const input: Rec = { ...((body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Rec) };
    if (!caller.roles.some((r) => r.name === 'ServerCodeUser')) for (const k of PROTECTED) delete input[k];
    if (typeof input.email === 'string') input.email = input.email.trim().toLowerCase();
    const record = await this.data.updateUnhooked(caller, 'Users', objectId, input);
    delete record.password;
    return record;
  }

  async verifyPassword(caller: AppCaller, password: unknown, ip: string): Promise<{ valid: boolean }> {
    if (!caller.userId) throw new ApiError('INVALID_USER_TOKEN', 'Log in to verify a password');
    await this.assertNotBlocked(caller.appId, caller.userId, ip);
    const t = await this.users(caller.appId);
    const row = await this.repo.get(caller.appId, t.sqlName, caller.userId, ['password']);
    const valid =
      typeof password === 'string' &&
      typeof row?.password === 'string' &&
      (await this.passwordMatches(caller.appId, caller.userId, row.password, password));
    if (!valid)
      for (const key of this.limiterKeys(caller.appId, caller.userId, ip))
        await this.ctx.loginLimiter.recordFailure(key);
    return { valid };
  }

  /** Role names of the caller, or of another user (server code, or the user itself). */
  async roles(caller: AppCaller, userId?: string): Promise<string[]> {
    if (!userId || userId === caller.userId) return caller.roles.map((r) => r.name);
    if (!caller.roles.some((r) => r.name === 'ServerCodeUser'))
      throw new ApiError('FORBIDDEN', "Only server code may read another user's roles");
    const user = await userFacts(this.ctx, caller.appId, userId);
    if (!user) throw new ApiError('NOT_FOUND', 'The user does not exist');
    return (await this.ctx.security.callerFor(caller.appId, caller.deviceType, user)).roles.map((r) => r.name);
  }
}
