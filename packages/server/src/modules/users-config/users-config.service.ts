import type {
  Auth0Settings,
  ScopeBinding,
  SocialParams,
  UserProperty,
  UsersLoginSettings,
  UsersRegistrationSettings,
} from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { newId } from '../../http/secrets.js';
import { UsersConfigRepo } from './users-config.repo.js';
import { asObject, bool, COLUMN, int, nullableStr, ROLE, str, type Input } from './users-config.validate.js';
import { translateError } from '../../db/db-errors.js';

export const DEFAULT_REGISTRATION: UsersRegistrationSettings = {
  enabled: true,
  emailConfirmationRequired: false,
  defaultRole: null,
};
export const DEFAULT_LOGIN: UsersLoginSettings = {
  identityColumn: 'email',
  multipleLogins: true,
  maxConcurrentLogins: 0,
  sessionTimeout: 0,
  failedLoginsLock: { enabled: false, attempts: 5, lockMinutes: 15 },
  sessionsNotBefore: 0,
};
const BUILT_IN_PROPERTIES: UserProperty[] = [
  { name: 'email', identity: true, required: true, visibleOnRegistration: true },
  { name: 'password', identity: false, required: true, visibleOnRegistration: true },
  { name: 'name', identity: false, required: false, visibleOnRegistration: true },
];

export const DEFAULT_AUTH0: Auth0Settings = {
  enabled: false,
  domain: '',
  clientId: '',
  clientSecret: '',
  audience: '',
  identityClaim: 'email',
  defaultRole: null,
};

/** Registration, login, user properties, social parameters and Auth0 of an app's users. */
export class UsersConfigService {
  readonly repo: UsersConfigRepo;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new UsersConfigRepo(ctx.dbs);
  }

  private async doc<T extends object>(appId: string, key: string, defaults: T): Promise<T> {
    const stored = (await this.repo.get(appId, key)) as Partial<T> | undefined;
    return { ...defaults, ...(stored ?? {}) };
  }

  registration(appId: string): Promise<UsersRegistrationSettings> {
    return this.doc(appId, 'registration', DEFAULT_REGISTRATION);
  }

  async updateRegistration(appId: string, body: unknown): Promise<UsersRegistrationSettings> {
    const input = asObject(body);
    const cur = await this.registration(appId);
    const next: UsersRegistrationSettings = {
      enabled: bool(input, 'enabled', cur.enabled),
      emailConfirmationRequired: bool(input, 'emailConfirmationRequired', cur.emailConfirmationRequired),
      defaultRole: nullableStr(input, 'defaultRole', cur.defaultRole, {
        max: 100,
        pattern: ROLE,
        hint: 'must be a role name',
      }),
    };
    await this.repo.put(appId, 'registration', next);
    return next;
  }

  async login(appId: string): Promise<UsersLoginSettings> {
    const d = await this.doc(appId, 'login', DEFAULT_LOGIN);
    return { ...d, failedLoginsLock: { ...DEFAULT_LOGIN.failedLoginsLock, ...d.failedLoginsLock } };
  }

  async updateLogin(appId: string, body: unknown): Promise<UsersLoginSettings> {
    const input = asObject(body);
    const cur = await this.login(appId);
    const lock = asObject(input.failedLoginsLock, 'failedLoginsLock');
    const identityColumn = str(input, 'identityColumn', cur.identityColumn, {
      min: 1,
      max: 64,
      pattern: COLUMN,
      hint: 'must name a column of the Users table',
    });
    if (identityColumn === 'password' || identityColumn === 'objectId')
      throw ApiError.field('BAD_REQUEST', 'identityColumn', `identityColumn cannot be ${identityColumn}`);
    const next: UsersLoginSettings = {
      identityColumn,
      multipleLogins: bool(input, 'multipleLogins', cur.multipleLogins),
      maxConcurrentLogins: int(input, 'maxConcurrentLogins', cur.maxConcurrentLogins, 0, 1000),
      sessionTimeout: int(input, 'sessionTimeout', cur.sessionTimeout, 0, 10 * 365 * 24 * 3600),
      failedLoginsLock: {
        enabled: bool(lock, 'enabled', cur.failedLoginsLock.enabled, 'failedLoginsLock.'),
        attempts: int(lock, 'attempts', cur.failedLoginsLock.attempts, 1, 100, 'failedLoginsLock.'),
        lockMinutes: int(lock, 'lockMinutes', cur.failedLoginsLock.lockMinutes, 1, 7 * 24 * 60, 'failedLoginsLock.'),
      },
      // Only "log out all users" moves this; a client sending it back unchanged is harmless.
      sessionsNotBefore: cur.sessionsNotBefore,
    };
    await this.repo.put(appId, 'login', next);
    // The session timeout decides which sessions are valid: every process reads it again (0042).
    await this.ctx.cluster.invalidation.changed('session', appId);
    return next;
  }

  async logoutAll(appId: string): Promise<{ sessionsNotBefore: number }> {
    const cur = await this.login(appId);
    const sessionsNotBefore = Date.now();
    await this.repo.put(appId, 'login', { ...cur, sessionsNotBefore });
    // Every remembered session of the app is dropped in every process, so they are all checked again.
    await this.ctx.cluster.invalidation.changed('session', appId);
    return { sessionsNotBefore };
  }

  /** Built-in properties first, then the ones the developer described; identity follows login settings. */
  async properties(appId: string): Promise<UserProperty[]> {
    const stored = ((await this.repo.get(appId, 'properties')) as UserProperty[] | undefined) ?? [];
    const { identityColumn } = await this.login(appId);
    const byName = new Map<string, UserProperty>();
    for (const p of [...BUILT_IN_PROPERTIES, ...stored]) byName.set(p.name, p);
    if (!byName.has(identityColumn))
      byName.set(identityColumn, { name: identityColumn, identity: true, required: true, visibleOnRegistration: true });
    return [...byName.values()].map((p) => ({
      ...p,
      identity: p.name === identityColumn,
      required: p.required || p.name === identityColumn,
    }));
  }

  async updateProperty(appId: string, name: string, body: unknown): Promise<UserProperty> {
    const input = asObject(body);
    if (!COLUMN.test(name))
      throw ApiError.field('BAD_REQUEST', 'name', 'The property name must name a column of the Users table');
    if (input.name !== undefined && input.name !== name)
      throw ApiError.field('BAD_REQUEST', 'name', 'name must match the property in the path');
    const current = (await this.properties(appId)).find((p) => p.name === name) ?? {
      name,
      identity: false,
      required: false,
      visibleOnRegistration: false,
    };
    const next: UserProperty = {
      name,
      identity: bool(input, 'identity', current.identity),
      required: bool(input, 'required', current.required),
      visibleOnRegistration: bool(input, 'visibleOnRegistration', current.visibleOnRegistration),
    };
    if (name === 'password' && (next.identity || !next.required))
      throw ApiError.field('BAD_REQUEST', 'identity', 'The password is always required and never the identity');
    if (current.identity && !next.identity)
      throw ApiError.field('BAD_REQUEST', 'identity', 'Choose another identity property instead of clearing this one');
    if (next.identity && !next.required)
      throw ApiError.field('BAD_REQUEST', 'required', 'The identity property is always required');
    if (next.identity && !current.identity) await this.updateLogin(appId, { identityColumn: name });
    const stored = ((await this.repo.get(appId, 'properties')) as UserProperty[] | undefined) ?? [];
    if (stored.length >= 200 && !stored.some((p) => p.name === name))
      throw ApiError.badRequest('An app can describe at most 200 user properties');
    await this.repo.put(appId, 'properties', [...stored.filter((p) => p.name !== name), { ...next, identity: false }]);
    return next;
  }

  /** Legacy social sign-in parameters (`{provider, key, secret, enabled}`), one entry per provider. */
  async updateSocialParams(appId: string, body: unknown): Promise<SocialParams> {
    const input = asObject(body);
    const provider = str(input, 'provider', '', {
      min: 1,
      max: 50,
      pattern: /^[a-z][a-z0-9_-]*$/i,
      hint: 'must be a provider name such as facebook',
    }).toLowerCase();
    if (!provider) throw ApiError.field('BAD_REQUEST', 'provider', 'provider is required');
    const params = {
      key: str(input, 'key', '', { max: 500 }),
      secret: str(input, 'secret', '', { max: 2000 }),
      enabled: bool(input, 'enabled', true),
    };
    const all = ((await this.repo.get(appId, 'social')) as Record<string, unknown> | undefined) ?? {};
    all[provider] = params;
    await this.repo.put(appId, 'social', all);
    return { provider, ...params };
  }

  auth0(appId: string): Promise<Auth0Settings> {
    return this.doc(appId, 'auth0', DEFAULT_AUTH0);
  }

  async updateAuth0(appId: string, body: unknown): Promise<Auth0Settings> {
    const input = asObject(body);
    const cur = await this.auth0(appId);
    const next: Auth0Settings = {
      enabled: bool(input, 'enabled', cur.enabled),
      domain: str(input, 'domain', cur.domain, {
        max: 253,
        pattern: /^(?=.{1,253}$)([a-z0-9-]+\.)+[a-z]{2,}$/i,
        hint: 'must be a host name such as example.eu.auth0.com',
      }),
      clientId: str(input, 'clientId', cur.clientId, { max: 500 }),
      clientSecret: str(input, 'clientSecret', cur.clientSecret, { max: 2000 }),
      audience: str(input, 'audience', cur.audience, { max: 500 }),
      identityClaim: str(input, 'identityClaim', cur.identityClaim, { min: 1, max: 200 }),
      defaultRole: nullableStr(input, 'defaultRole', cur.defaultRole, {
        max: 100,
        pattern: ROLE,
        hint: 'must be a role name',
      }),
    };
    if (next.enabled && (!next.domain || !next.clientId))
      throw ApiError.field(
        'BAD_REQUEST',
        next.domain ? 'clientId' : 'domain',
        'Auth0 needs a domain and a client id before it can be enabled',
      );
    await this.repo.put(appId, 'auth0', next);
    return next;
  }

  async bindings(appId: string): Promise<ScopeBinding[]> {
    return (await this.repo.listBindings(appId)).map((b) => ({ id: b.id, scope: b.scope, roleName: b.role_name }));
  }

  private readBinding(body: unknown, cur?: ScopeBinding): { scope: string; roleName: string } {
    const input: Input = asObject(body);
    const scope = str(input, 'scope', cur?.scope ?? '', {
      min: 1,
      max: 200,
      pattern: /^\S+$/,
      hint: 'must be one scope name without spaces',
    });
    // `role` is accepted as another spelling of `roleName`.
    const roleInput: Input =
      input.roleName === undefined && input.role !== undefined ? { roleName: input.role } : input;
    const roleName = str(roleInput, 'roleName', cur?.roleName ?? '', {
      min: 1,
      max: 100,
      pattern: ROLE,
      hint: 'must be a role name',
    });
    if (!scope) throw ApiError.field('BAD_REQUEST', 'scope', 'scope is required');
    if (!roleName) throw ApiError.field('BAD_REQUEST', 'roleName', 'roleName is required');
    return { scope, roleName };
  }

  private async saveBinding(write: () => Promise<void>): Promise<void> {
    try {
      await write();
    } catch (err) {
      throw translateError(err, {
        unique: ApiError.field('CONFLICT', 'scope', 'This scope is already bound to this role'),
      });
    }
  }

  async createBinding(appId: string, body: unknown): Promise<ScopeBinding> {
    const b = this.readBinding(body);
    const id = newId();
    await this.saveBinding(() =>
      this.repo.insertBinding({ id, app_id: appId, scope: b.scope, role_name: b.roleName, created: Date.now() }),
    );
    return { id, ...b };
  }

  async updateBinding(appId: string, id: string, body: unknown): Promise<ScopeBinding> {
    const row = await this.repo.findBinding(appId, id);
    if (!row) throw ApiError.notFound(`Scope binding ${id} not found`);
    const b = this.readBinding(body, { id, scope: row.scope, roleName: row.role_name });
    await this.saveBinding(() => this.repo.updateBinding(appId, id, b.scope, b.roleName));
    return { id, ...b };
  }

  async deleteBinding(appId: string, id: string): Promise<void> {
    if (!(await this.repo.deleteBinding(appId, id))) throw ApiError.notFound(`Scope binding ${id} not found`);
  }
}
