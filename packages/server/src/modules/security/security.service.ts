import type { ServerContext } from '../../context.js';
import type { AppSchema } from '../data/index.js';
import { roleOfClientKind } from '../apps/index.js';
import { PanicService } from './panic.service.js';
import { PermissionEngine, type Caller } from './permission-engine.js';
import { PermissionsRepo } from './permissions.repo.js';
import { PolicyMemory } from './policy-memory.js';
import { CLIENT_ROLE_BY_DEVICE, RolesService } from './roles.service.js';
import { SessionsService } from './sessions.service.js';
import { AppUsersRepo } from './app-users.repo.js';

/** What the roles step needs to know about an app user. */
export interface UserFacts {
  objectId: string;
  userStatus?: unknown;
  socialAccount?: unknown;
}

/** What security needs of the data area: each app's schema (the Users table's id, column ids). */
export interface SchemaSource {
  schema(appId: string): Promise<AppSchema>;
}

/**
 * The security services of one server process, built once by the composition root (app.ts) with
 * the data area's schemas and handed to every module as `ctx.security`. A transaction's view of the
 * context (db/app-transaction.ts) decides with these same services, so decisions and their memory
 * are shared.
 */
export class Security {
  readonly roles: RolesService;
  readonly sessions: SessionsService;
  readonly panic: PanicService;
  readonly repo: PermissionsRepo;
  readonly engine: PermissionEngine;
  /** The app's Users rows the console shows beside sessions and rules. */
  readonly users: AppUsersRepo;
  /** Roles, rules and ACL presence per app, shared by the roles service and the engine. */
  readonly memory = new PolicyMemory();

  constructor(
    readonly ctx: ServerContext,
    private readonly data: SchemaSource,
  ) {
    // A change of roles or rules made through any server process drops them in every process.
    const bus = ctx.cluster.invalidation;
    bus.register('policy', (appId) => (appId === null ? this.memory.clear() : this.memory.drop(appId)));
    this.memory.announce = (appId) => void bus.changed('policy', appId);
    this.roles = new RolesService(ctx, this.memory);
    this.sessions = new SessionsService(ctx);
    this.users = new AppUsersRepo(ctx, data);
    this.panic = new PanicService(ctx, bus);
    this.repo = new PermissionsRepo(ctx);
    // Every rule written (console, role permissions, default seeding) empties the app's memory, so
    // a DENY applies to the very next app API request of this process.
    this.repo.onChange = (appId) => this.memory.forget(appId);
    this.engine = new PermissionEngine(ctx, this.repo, this.memory);
    this.roles.onFirstSeed = (appId, roles) => this.seedDefaults(appId, roles);
    // A deleted app's rows cascade away; nothing of it should linger in memory either.
    ctx.bus.on('app.deleted', ({ appId }) => this.memory.forget(appId));
  }

  /**
   * Users records hold emails and password hashes, so unlike other tables they start closed: only
   * a user's own record (owner policy; registration makes each user its own owner) can be read or
   * changed through the data API. Registration and login have their own routes. The developer may
   * change every one of these rules in the console.
   */
  private async seedDefaults(appId: string, roles: Map<string, string>): Promise<void> {
    const schema = await this.data.schema(appId).catch(() => undefined);
    const users = schema?.table('Users');
    if (!users) return;
    for (const role of ['NotAuthenticatedUser', 'AuthenticatedUser', 'GuestUser']) {
      for (const operation of ['Find', 'Create', 'Update', 'Remove']) {
        await this.repo.set(
          appId,
          { service: 'data', item: users.tableId, principalType: 'role', principal: roles.get(role)!, operation },
          'DENY',
        );
      }
    }
    for (const operation of ['Find', 'Update']) {
      await this.repo.set(
        appId,
        { service: 'data', item: users.tableId, principalType: 'owner', principal: '', operation },
        'GRANT',
      );
    }
    this.engine.invalidate(appId);
  }

  /**
   * Every role of a caller: the API key's role (a system key's client-type role, or the role given
   * to a custom key: `deviceType` is then the key's client kind, see apps' `clientKindOf`), then
   * AuthenticatedUser (or GuestUser for a guest login, NotAuthenticatedUser without a user),
   * SocialUser for social accounts, and the roles the developer assigned.
   */
  async callerFor(appId: string, deviceType: string, user: UserFacts | null): Promise<Caller> {
    const all = await this.roles.rows(appId);
    return this.callerOf(appId, deviceType, user, all, user ? await this.roles.assignedTo(appId, user.objectId) : []);
  }

  /** `callerFor` without waiting when the app's roles (and the user's) are remembered; else undefined. */
  callerNow(appId: string, deviceType: string, user: UserFacts | null): Caller | undefined {
    const all = this.roles.rowsNow(appId);
    if (all && !user) return this.anonymous(appId, deviceType, all);
    const assigned = user ? this.roles.assignedNow(appId, user.objectId) : [];
    return all && assigned ? this.callerOf(appId, deviceType, user, all, assigned) : undefined;
  }

  /**
   * The anonymous caller of a device type, built once per loaded list of the app's roles: most app
   * API calls are anonymous, and their caller only changes when the roles are read again (a role
   * change makes the memory forget the app, so the next list is a new array). Frozen, because every
   * anonymous request of the app shares it.
   */
  private anonymous(appId: string, deviceType: string, all: Array<{ id: string; name: string }>): Caller {
    let byDevice = this.anonymousCallers.get(all);
    if (!byDevice) this.anonymousCallers.set(all, (byDevice = new Map()));
    let caller = byDevice.get(deviceType);
    if (!caller) {
      const built = this.callerOf(appId, deviceType, null, all, []);
      caller = Object.freeze({
        ...built,
        roles: Object.freeze(built.roles.map((r) => Object.freeze(r))) as Caller['roles'],
      });
      byDevice.set(deviceType, caller);
    }
    return caller;
  }

  /** Keyed by the app's roles array as remembered (each app has its own array). */
  private readonly anonymousCallers = new WeakMap<object, Map<string, Caller>>();

  private callerOf(
    appId: string,
    deviceType: string,
    user: UserFacts | null,
    all: Array<{ id: string; name: string }>,
    assigned: Array<{ id: string; name: string }>,
  ): Caller {
    const byName = (name: string) => all.find((r) => r.name === name);
    const names = new Set<string>();
    const keyRole = roleOfClientKind(deviceType);
    // A custom key's role is kept by id, so a renamed role stays the key's; a deleted one gives nothing.
    const client = keyRole ? all.find((r) => r.id === keyRole)?.name : CLIENT_ROLE_BY_DEVICE[deviceType];
    if (client) names.add(client);
    if (!user) names.add('NotAuthenticatedUser');
    else if (user.userStatus === 'GUEST') names.add('GuestUser');
    else {
      names.add('AuthenticatedUser');
      if (typeof user.socialAccount === 'string' && user.socialAccount !== 'BACKENDLESS' && user.socialAccount !== '')
        names.add('SocialUser');
    }
    const roles = [...names]
      .map(byName)
      .filter((r) => !!r)
      .map((r) => ({ id: r.id, name: r.name }));
    for (const r of assigned) if (!roles.some((x) => x.id === r.id)) roles.push({ id: r.id, name: r.name });
    return { appId, deviceType, userId: user?.objectId ?? null, roles };
  }
}
