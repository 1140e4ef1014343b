import crypto from 'node:crypto';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { type AppCaller } from '../../../http/app-auth.js';
import { getRegistrationSettings, getScopeRoleBindings, oauthLoginRepo } from '../../users-config/index.js';
import type { AppData } from '../data-access.js';
import { intercepted } from '../../../events/interceptors.js';
import { UsersPolicy } from '../users-policy.js';
import { UsersRepo } from '../users.repo.js';
import type { Profile } from './oauth-profile.js';

type Rec = Record<string, unknown>;

/** Users columns a provider's profile may never fill (the server owns them). */
const SERVER_OWNED = new Set([
  'objectId',
  'ownerId',
  'created',
  'updated',
  'userStatus',
  'lastLogin',
  'socialAccount',
  'isEmailConfirmed',
  'password',
  '___class',
]);

export interface SignInInput {
  /** Key of the identity link: `oauth2:<code>`, `oauth1:<code>` or `auth0`. */
  providerKey: string;
  /** Stored in Users.socialAccount of a new user (any value but BACKENDLESS gives SocialUser). */
  socialAccount: string;
  profile: Profile;
  /** Mapped Users values (already limited to writable columns). */
  fields: Rec;
  /** A user not linked yet is found by this column and value (the verified email, or Auth0's identity claim). */
  match?: { column: string; value: string };
  scopes: string[];
  /** A role every user of this sign-in gets (Auth0's default role). */
  defaultRole?: string | null;
  /** A guest of the caller's own session, to be turned into this account. */
  guestUserId?: string;
  /**
   * The cloud-code events this sign-in fires (decision 0055): `Social` for an access token sent to
   * `/users/social/{code}/login`, `OAuth` for the browser flow and Auth0; `provider` is the
   * provider's code, handed to handlers as `socialType` or `oauthProviderCode`.
   */
  events?: { family: 'Social' | 'OAuth'; provider: string };
}

/**
 * Signs an app user in from a provider's profile: the linked user, else the user holding the
 * verified email (then linked), else the caller's guest, else a new user. Then roles bound to the
 * granted scopes, then a session exactly like `/users/login`.
 */
export class OAuthSignIn {
  private readonly policy: UsersPolicy;
  private readonly users: UsersRepo;

  constructor(
    private readonly ctx: ServerContext,
    private readonly data: AppData,
  ) {
    this.policy = new UsersPolicy(ctx);
    this.users = new UsersRepo(ctx);
  }

  /** The Users columns a profile may fill. */
  async writableColumns(appId: string): Promise<Set<string>> {
    const { table } = await this.data.table(appId, 'Users');
    return new Set(table.columns.map((c) => c.name).filter((n) => !SERVER_OWNED.has(n)));
  }

  async signIn(caller: AppCaller, input: SignInInput): Promise<Rec> {
    const appId = caller.appId;
    const repo = oauthLoginRepo(this.ctx);
    const { table } = await this.data.table(appId, 'Users');
    const exists = (id: string) => this.users.get(appId, table.sqlName, id, ['objectId', 'userStatus']);

    let user = await repo
      .findIdentity(appId, input.providerKey, input.profile.subject)
      .then((id) => (id ? exists(id) : undefined));
    const matchColumn = input.match && table.columns.find((c) => c.name === input.match!.column);
    if (!user && input.match && matchColumn) {
      // Two users holding the value identify nobody (as in password login).
      const rows = await this.users.withIdentity(
        appId,
        table.sqlName,
        matchColumn.sqlName,
        [input.match.value],
        ['objectId', 'userStatus'],
      );
      if (rows.length === 1 && rows[0].userStatus !== 'GUEST') user = rows[0];
    }
    if (!user && input.guestUserId) user = await this.upgradeGuest(appId, input);
    // Only now is it known whether this signs a user in or registers one: the events say which.
    if (input.events && this.ctx.interceptors.active(appId)) {
      const op = `${input.events.family}${user ? 'Login' : 'Register'}`;
      const providerArg = input.events.family === 'Social' ? 'socialType' : 'oauthProviderCode';
      const found = user;
      return intercepted(
        this.ctx.interceptors,
        { appId, provider: 'user', target: '*', caller },
        { before: `before${op}`, after: `after${op}` },
        { userProperties: input.fields, [providerArg]: input.events.provider },
        (r) => {
          // A before-handler may change the properties a new user is made with.
          const fields =
            r.userProperties && typeof r.userProperties === 'object' && !Array.isArray(r.userProperties)
              ? (r.userProperties as Rec)
              : input.fields;
          return this.finish(caller, { ...input, fields }, found);
        },
      );
    }
    return this.finish(caller, input, user);
  }

  /** The user found (or a new one made from `input.fields`), linked, given its roles, signed in. */
  private async finish(caller: AppCaller, input: SignInInput, found: Rec | undefined): Promise<Rec> {
    const appId = caller.appId;
    const repo = oauthLoginRepo(this.ctx);
    const user = found ?? (await this.create(appId, input));
    const userId = String(user.objectId);
    if (user.userStatus === 'DISABLED') throw new ApiError('USER_DISABLED', 'The user account is disabled');
    await repo.linkIdentity(appId, input.providerKey, input.profile.subject, userId);
    await this.bindRoles(appId, userId, input.scopes, input.defaultRole);
    return this.openSession(caller, userId);
  }

  /**
   * The session and answer of `/users/login` (login settings' multiple-login rules, lastLogin,
   * the user record without password plus `user-token`), so the SDK treats both alike.
   */
  private async openSession(caller: AppCaller, objectId: string): Promise<Rec> {
    const { schema, table } = await this.data.table(caller.appId, 'Users');
    await this.users.touchLogin(caller.appId, table.sqlName, objectId);
    const token = await this.policy.startSession(caller, objectId, await this.policy.login(caller.appId));
    // objectId is a stored record id here (never request text), so it is safe inside the where.
    const [record] = await this.data.data.query.find(caller.appId, schema, table, {
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
    if (!record) throw new ApiError('NOT_FOUND', 'The user does not exist');
    delete record.password;
    return { ...record, 'user-token': token };
  }

  /** A guest keeps its id (and what it owns) and becomes this provider's account. */
  private async upgradeGuest(appId: string, input: SignInInput): Promise<Rec | undefined> {
    const values = await this.freeValues(appId, input.fields);
    const updated = await this.data.data.records.update(appId, 'Users', input.guestUserId!, {
      ...values,
      userStatus: 'ENABLED',
      socialAccount: input.socialAccount,
    });
    return { objectId: updated.objectId, userStatus: 'ENABLED' };
  }

  /** Drops a unique email another user already has (an unverified address must not take or block it). */
  private async freeValues(appId: string, fields: Rec): Promise<Rec> {
    if (typeof fields.email !== 'string') return fields;
    const { table } = await this.data.table(appId, 'Users');
    const column = table.columns.find((c) => c.name === 'email');
    if (!column) return fields;
    const taken = await this.users.withIdentity(appId, table.sqlName, column.sqlName, [fields.email], ['objectId']);
    if (!taken.length) return fields;
    const { email: _taken, ...rest } = fields;
    return rest;
  }

  private async create(appId: string, input: SignInInput): Promise<Rec> {
    const registration = await getRegistrationSettings(this.ctx, appId);
    if (!registration.enabled)
      throw new ApiError('REGISTRATION_DISABLED', 'Registration of new users is disabled for this application');
    const objectId = crypto.randomUUID().toUpperCase();
    const values = await this.freeValues(appId, input.fields);
    try {
      await this.data.data.records.create(appId, 'Users', {
        ...values,
        objectId,
        ownerId: objectId,
        socialAccount: input.socialAccount,
      });
    } catch (err) {
      // Another column the developer made unique clashed: the sign-in says which, without the value.
      if (err instanceof ApiError && err.status === 409) throw new ApiError('CONFLICT', err.message);
      throw err;
    }
    if (registration.defaultRole) await this.assign(appId, objectId, registration.defaultRole);
    return { objectId, userStatus: 'ENABLED' };
  }

  /** Roles of the scope-to-role bindings whose scope was granted, plus the sign-in's default role. */
  private async bindRoles(appId: string, userId: string, scopes: string[], defaultRole?: string | null): Promise<void> {
    const granted = new Set(scopes);
    const roles = new Set(
      (await getScopeRoleBindings(this.ctx, appId)).filter((b) => granted.has(b.scope)).map((b) => b.roleName),
    );
    if (defaultRole) roles.add(defaultRole);
    for (const role of roles) await this.assign(appId, userId, role);
  }

  /** A role deleted since it was bound must not stop the sign-in; the log says why it was skipped. */
  private async assign(appId: string, userId: string, role: string): Promise<void> {
    await this.ctx.security.roles
      .assign(appId, [userId], [{ role, assign: true }])
      .catch((err: unknown) =>
        this.ctx.log.warn({ err, appId, role }, 'A role of provider sign-in could not be given'),
      );
  }
}
