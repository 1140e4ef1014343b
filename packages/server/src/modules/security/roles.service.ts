import crypto from 'node:crypto';
import type { SecurityRole } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { PolicyMemory } from './policy-memory.js';
import type { SecurityKysely } from './security.migrations.js';
import { translateError } from '../../db/db-errors.js';
import { RolesRepo, type RoleRow } from './roles.repo.js';

export type { RoleRow } from './roles.repo.js';

/** Roles every app has; they cannot be renamed or deleted. */
export const SYSTEM_ROLES = [
  'AuthenticatedUser',
  'NotAuthenticatedUser',
  'GuestUser',
  'SocialUser',
  'ServerCodeUser',
  'AndroidUser',
  'IOSUser',
  'JSUser',
  'RestUser',
  'DotNetUser',
  'ASUser',
  'FacebookUser',
  'GooglePlusUser',
  'TwitterUser',
] as const;

/** The role an API key's device type gives every call made with it. */
export const CLIENT_ROLE_BY_DEVICE: Record<string, string> = {
  ANDROID: 'AndroidUser',
  IOS: 'IOSUser',
  JS: 'JSUser',
  REST: 'RestUser',
  // Windows devices use the .NET client.
  WP: 'DotNetUser',
  AS: 'ASUser',
  BL: 'ServerCodeUser',
};

const ROLE_NAME = /^[A-Za-z0-9][A-Za-z0-9 _.-]{0,99}$/;

function toWire(r: RoleRow): SecurityRole {
  return { roleId: r.id, rolename: r.name, system: r.system };
}

/** Roles of an app and their assignment to app users. */
export class RolesService {
  private readonly repo: RolesRepo;
  /** Apps whose system roles exist already (seeding is checked once per process). */
  private readonly seeded = new Set<string>();
  private readonly seeding = new Map<string, Promise<void>>();
  /** Called once when an app gets its system roles (role name → id): seeds default permissions. */
  onFirstSeed?: (appId: string, roles: Map<string, string>) => Promise<void>;

  /**
   * Roles and assignments are remembered with the app's permission rules: every change below makes
   * the memory forget the app after it commits, so the next request sees it.
   */
  constructor(
    private readonly ctx: ServerContext,
    private readonly memory: PolicyMemory = new PolicyMemory(),
  ) {
    this.repo = new RolesRepo(ctx.dbs.system as unknown as SecurityKysely);
  }

  /**
   * Creates the missing system roles of an app. Runs at app creation and, for apps made before
   * this area existed, on first use; a concurrent seeder's rows are simply kept.
   */
  async ensureSystemRoles(appId: string): Promise<void> {
    if (this.seeded.has(appId)) return;
    let running = this.seeding.get(appId);
    if (!running) {
      running = this.seed(appId).finally(() => this.seeding.delete(appId));
      this.seeding.set(appId, running);
    }
    await running;
  }

  private async seed(appId: string): Promise<void> {
    const have = new Set(await this.repo.systemRoleNames(appId));
    let first = false;
    for (const name of SYSTEM_ROLES) {
      if (have.has(name)) continue;
      const inserted = await this.repo.insertSystemRole(appId, crypto.randomUUID(), name, Date.now());
      // Exactly one seeder (of any node) inserts this role: that one seeds the default permissions,
      // and it never happens again, so the developer's later edits are never overwritten.
      if (inserted && name === 'AuthenticatedUser') first = true;
    }
    if (first) {
      const rows = await this.repo.all(appId);
      await this.onFirstSeed?.(appId, new Map(rows.map((r) => [r.name, r.id])));
    }
    this.seeded.add(appId);
    // Roles another reader may have remembered while they were being inserted are read again.
    this.memory.forget(appId);
  }

  /** Roles of an app; remembered (see PolicyMemory) because every app API call needs them. */
  async rows(appId: string): Promise<RoleRow[]> {
    await this.ensureSystemRoles(appId);
    return this.memory.remember(appId, 'roles', () => this.repo.all(appId));
  }

  /** `rows` without waiting, once the app's roles are seeded and remembered; else undefined. */
  rowsNow(appId: string): RoleRow[] | undefined {
    return this.seeded.has(appId) ? this.memory.peek<RoleRow[]>(appId, 'roles') : undefined;
  }

  async list(appId: string): Promise<SecurityRole[]> {
    return (await this.rows(appId)).map(toWire);
  }

  /** A role by id, or by name when no id matches (the app SDK and the console use both). */
  async find(appId: string, idOrName: string): Promise<RoleRow | undefined> {
    const rows = await this.rows(appId);
    return rows.find((r) => r.id === idOrName) ?? rows.find((r) => r.name === idOrName);
  }

  async get(appId: string, idOrName: string): Promise<RoleRow> {
    const role = await this.find(appId, idOrName);
    if (!role) throw ApiError.notFound(`Role '${idOrName.slice(0, 100)}' does not exist`);
    return role;
  }

  private checkName(name: string): string {
    const trimmed = typeof name === 'string' ? name.trim() : '';
    if (!ROLE_NAME.test(trimmed))
      throw ApiError.field(
        'BAD_REQUEST',
        'name',
        'A role name is 1 to 100 letters, digits, spaces, dots, dashes or underscores and starts with a letter or digit',
      );
    return trimmed;
  }

  async create(appId: string, name: string): Promise<SecurityRole> {
    const clean = this.checkName(name);
    if ((await this.rows(appId)).some((r) => r.name.toLowerCase() === clean.toLowerCase()))
      throw ApiError.conflict(`A role named '${clean}' already exists`);
    const row = { id: crypto.randomUUID(), name: clean };
    try {
      await this.repo.insert(appId, row.id, clean, Date.now());
    } catch (err) {
      throw translateError(err, { unique: ApiError.conflict(`A role named '${clean}' already exists`) });
    }
    this.memory.forget(appId);
    return toWire({ id: row.id, name: clean, system: false });
  }

  async rename(appId: string, roleId: string, name: string): Promise<SecurityRole> {
    const role = await this.get(appId, roleId);
    if (role.system) throw ApiError.badRequest(`'${role.name}' is a system role and keeps its name`);
    const clean = this.checkName(name);
    if ((await this.rows(appId)).some((r) => r.id !== role.id && r.name.toLowerCase() === clean.toLowerCase()))
      throw ApiError.conflict(`A role named '${clean}' already exists`);
    await this.repo.rename(role.id, clean);
    this.memory.forget(appId);
    return toWire({ ...role, name: clean });
  }

  /** Deletes a developer-made role with its assignments and permissions. */
  async remove(appId: string, roleId: string): Promise<RoleRow> {
    const role = await this.get(appId, roleId);
    if (role.system) throw ApiError.badRequest(`'${role.name}' is a system role and cannot be deleted`);
    await this.repo.delete(appId, role.id);
    this.memory.forget(appId);
    return role;
  }

  /** Roles given to a user by the developer (not the implied ones). */
  async assignedTo(appId: string, userId: string): Promise<RoleRow[]> {
    return this.memory.remember(appId, `assigned\u0000${userId}`, () => this.repo.assignedTo(appId, userId));
  }

  /** `assignedTo` without waiting when remembered already; else undefined. */
  assignedNow(appId: string, userId: string): RoleRow[] | undefined {
    return this.memory.peek<RoleRow[]>(appId, `assigned\u0000${userId}`);
  }

  /** Users the developer gave a role to (the app SDK's findByRole), at most `limit`. */
  async usersWith(appId: string, roleId: string, limit: number): Promise<string[]> {
    return this.repo.usersWith(appId, roleId, limit);
  }

  /** For each role, which of the given users hold it (`tables.loadAssignedUserRoles`). */
  async assignments(
    appId: string,
    userIds: string[],
  ): Promise<Array<SecurityRole & { users: string[]; status: 'ALL' | 'SOME' | 'NONE' }>> {
    const roles = await this.rows(appId);
    const links = userIds.length ? await this.repo.linksOf(appId, userIds) : [];
    return roles.map((r) => {
      const users = links.filter((l) => l.role_id === r.id).map((l) => l.user_id);
      const status = users.length === 0 ? 'NONE' : users.length >= userIds.length ? 'ALL' : 'SOME';
      return { ...toWire(r), users, status };
    });
  }

  /** Adds or removes roles for every listed user; implied roles cannot be assigned. */
  async assign(appId: string, userIds: string[], changes: Array<{ role: string; assign: boolean }>): Promise<void> {
    const resolved: Array<{ role: RoleRow; assign: boolean }> = [];
    for (const c of changes) {
      const role = await this.get(appId, c.role);
      if (role.system && !['SocialUser', 'GuestUser'].includes(role.name) && c.assign) {
        throw ApiError.badRequest(`'${role.name}' is given by how the user calls the API and cannot be assigned`);
      }
      resolved.push({ role, assign: c.assign });
    }
    await this.repo.assign(
      appId,
      userIds,
      resolved.map(({ role, assign }) => ({ roleId: role.id, assign })),
    );
    this.memory.forget(appId);
  }

  /** Forgets a deleted user's assignments. */
  async forgetUser(appId: string, userId: string): Promise<void> {
    await this.repo.deleteUser(appId, userId);
    this.memory.forget(appId);
  }
}
