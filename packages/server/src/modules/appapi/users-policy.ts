import { TextDataTypes, type UsersLoginSettings } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { type AppCaller } from '../../http/app-auth.js';
import { ApiError } from '../../http/api-error.js';
import type { ColumnMeta, TableMeta } from '../data/index.js';
import { getLoginSettings, getRegistrationSettings, getUserProperties } from '../users-config/index.js';

type Rec = Record<string, unknown>;

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;
const TEXT_TYPES = new Set<string>(TextDataTypes);
const NUMBER_TYPES = new Set(['INT', 'DOUBLE']);

/**
 * The users configuration as the app API's registration and login apply it. Settings are read on
 * every call (a primary key lookup each), so a change in the console holds from the next request.
 * Token expiry (session timeout, "log out all users") is applied where tokens are resolved, in the
 * security module's sessions.
 */
export class UsersPolicy {
  constructor(private readonly ctx: ServerContext) {}

  login(appId: string): Promise<UsersLoginSettings> {
    return getLoginSettings(this.ctx, appId);
  }

  /** The Users column that identifies a user at login; a setting naming no column is a 400. */
  async identityColumn(appId: string, users: TableMeta): Promise<ColumnMeta> {
    const { identityColumn } = await this.login(appId);
    const column = users.columns.find((c) => c.name === identityColumn);
    if (!column || !(TEXT_TYPES.has(column.dataType) || NUMBER_TYPES.has(column.dataType))) {
      throw new ApiError(
        'BAD_REQUEST',
        `The identity property '${identityColumn}' of the login settings is not a text or number column of the Users table`,
      );
    }
    return column;
  }

  /**
   * The values an identity may be stored as in the column: emails are kept lower-cased (matched as
   * given and lower-cased, as before), other text exactly, numbers as numbers. Empty: no match.
   */
  identityValues(column: ColumnMeta, identity: string): Array<string | number> {
    if (NUMBER_TYPES.has(column.dataType)) {
      const n = Number(identity);
      return identity !== '' && Number.isFinite(n) ? [n] : [];
    }
    return column.name === 'email' ? [...new Set([identity, identity.toLowerCase()])] : [identity];
  }

  /**
   * Checks a registration against the settings and cleans the identity: registration open, every
   * required property present, an email (when given) valid. Answers the identity column and value.
   */
  async checkRegistration(
    appId: string,
    users: TableMeta,
    input: Rec,
  ): Promise<{ column: ColumnMeta; identity: string | number }> {
    const registration = await getRegistrationSettings(this.ctx, appId);
    if (!registration.enabled)
      throw new ApiError('REGISTRATION_DISABLED', 'Registration of new users is disabled for this application');
    if (typeof input.email === 'string') input.email = input.email.trim().toLowerCase();
    // An empty address is no address (a unique email column would refuse a second empty one).
    if (input.email === '') delete input.email;
    if (
      input.email !== undefined &&
      input.email !== null &&
      input.email !== '' &&
      (typeof input.email !== 'string' || !EMAIL.test(input.email))
    ) {
      throw new ApiError('BAD_REQUEST', "The user's 'email' is not a valid address");
    }
    if (typeof input.password !== 'string' || input.password.length < 1 || input.password.length > 1000)
      throw new ApiError('BAD_REQUEST', "The user needs a 'password'");
    const column = await this.identityColumn(appId, users);
    if (typeof input[column.name] === 'string') input[column.name] = (input[column.name] as string).trim();
    for (const p of await getUserProperties(this.ctx, appId)) {
      const v = input[p.name];
      if (p.required && (v === undefined || v === null || v === ''))
        throw new ApiError('BAD_REQUEST', `The user needs '${p.name}'`);
    }
    const value = input[column.name];
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new ApiError('BAD_REQUEST', `The user's '${column.name}' must be text or a number`);
    return { column, identity: value };
  }

  /** The registration's default role for a new user; a role deleted since is skipped with a warning. */
  async giveDefaultRole(appId: string, userId: string): Promise<void> {
    const { defaultRole } = await getRegistrationSettings(this.ctx, appId);
    if (!defaultRole) return;
    await this.ctx.security.roles
      .assign(appId, [userId], [{ role: defaultRole, assign: true }])
      .catch((err: unknown) =>
        this.ctx.log.warn({ err, appId, role: defaultRole }, 'The default role of registration could not be given'),
      );
  }

  /**
   * Issues a session after a login, honouring multiple logins: when off, the user's older tokens
   * end; when on with a limit, only the newest `maxConcurrentLogins` remain.
   */
  async startSession(caller: AppCaller, userId: string, settings: UsersLoginSettings | null): Promise<string> {
    const sessions = this.ctx.security.sessions;
    // Older sessions end before the new one exists, so the new token can never be the one cut.
    if (settings && !settings.multipleLogins) await sessions.revokeAll(caller.appId, userId);
    else if (settings && settings.maxConcurrentLogins > 0)
      await sessions.keepNewest(caller.appId, userId, settings.maxConcurrentLogins - 1);
    return sessions.issue(caller.appId, userId, caller.deviceType);
  }

  /** Failures allowed per login before it is locked: the app's lock setting, else the server's. */
  failuresAllowed(settings: UsersLoginSettings): number | undefined {
    return settings.failedLoginsLock.enabled ? settings.failedLoginsLock.attempts : undefined;
  }
}
