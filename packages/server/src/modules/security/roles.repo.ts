import { isDbFailure } from '../../db/db-errors.js';
import type { SecurityKysely } from './security.migrations.js';

/** A role as the rules read it: `system` roles are the ones every app has. */
export interface RoleRow {
  id: string;
  name: string;
  system: boolean;
}

const toRow = (r: { id: string; name: string; system: number | boolean }): RoleRow => ({
  id: r.id,
  name: r.name,
  system: Number(r.system) === 1,
});

/** The `sec_roles` and `sec_user_roles` tables of the system database: an app's roles and who holds them. */
export class RolesRepo {
  constructor(private readonly db: SecurityKysely) {}

  async systemRoleNames(appId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sec_roles')
      .select('name')
      .where('app_id', '=', appId)
      .where('system', '=', 1)
      .execute();
    return rows.map((r) => r.name);
  }

  /** Inserts a system role; answers false when another seeder (any process) inserted it first. */
  async insertSystemRole(appId: string, id: string, name: string, now: number): Promise<boolean> {
    try {
      await this.db.insertInto('sec_roles').values({ id, app_id: appId, name, system: 1, created: now }).execute();
      return true;
    } catch (err) {
      if (!isDbFailure(err, 'unique')) throw err;
      return false;
    }
  }

  /** The app's roles sorted by name. */
  async all(appId: string): Promise<RoleRow[]> {
    const rows = await this.db
      .selectFrom('sec_roles')
      .select(['id', 'name', 'system'])
      .where('app_id', '=', appId)
      .orderBy('name')
      .execute();
    return rows.map(toRow);
  }

  /** A developer-made role; a duplicate name fails with the driver's unique violation. */
  async insert(appId: string, id: string, name: string, now: number): Promise<void> {
    await this.db.insertInto('sec_roles').values({ id, app_id: appId, name, system: 0, created: now }).execute();
  }

  async rename(roleId: string, name: string): Promise<void> {
    await this.db.updateTable('sec_roles').set({ name }).where('id', '=', roleId).execute();
  }

  /** Deletes a role with its permissions and assignments, in one transaction. */
  async delete(appId: string, roleId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('sec_permissions')
        .where('app_id', '=', appId)
        .where('principal_type', '=', 'role')
        .where('principal', '=', roleId)
        .execute();
      await trx.deleteFrom('sec_user_roles').where('app_id', '=', appId).where('role_id', '=', roleId).execute();
      await trx.deleteFrom('sec_roles').where('id', '=', roleId).execute();
    });
  }

  /** Roles the developer gave a user. */
  async assignedTo(appId: string, userId: string): Promise<RoleRow[]> {
    const rows = await this.db
      .selectFrom('sec_user_roles')
      .innerJoin('sec_roles', 'sec_roles.id', 'sec_user_roles.role_id')
      .select(['sec_roles.id', 'sec_roles.name', 'sec_roles.system'])
      .where('sec_user_roles.app_id', '=', appId)
      .where('sec_user_roles.user_id', '=', userId)
      .execute();
    return rows.map(toRow);
  }

  /** Users holding a role, by id, at most `limit`. */
  async usersWith(appId: string, roleId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('sec_user_roles')
      .select('user_id')
      .where('app_id', '=', appId)
      .where('role_id', '=', roleId)
      .orderBy('user_id')
      .limit(limit)
      .execute();
    return rows.map((r) => String(r.user_id));
  }

  /** The role links of the given users. */
  linksOf(appId: string, userIds: string[]): Promise<Array<{ user_id: string; role_id: string }>> {
    return this.db
      .selectFrom('sec_user_roles')
      .select(['user_id', 'role_id'])
      .where('app_id', '=', appId)
      .where('user_id', 'in', userIds)
      .execute();
  }

  /** Sets (or clears) each role for each user, in one transaction. */
  async assign(appId: string, userIds: string[], changes: Array<{ roleId: string; assign: boolean }>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      for (const { roleId, assign } of changes) {
        for (const userId of userIds) {
          await trx
            .deleteFrom('sec_user_roles')
            .where('app_id', '=', appId)
            .where('user_id', '=', userId)
            .where('role_id', '=', roleId)
            .execute();
          if (assign)
            await trx
              .insertInto('sec_user_roles')
              .values({ app_id: appId, user_id: userId, role_id: roleId })
              .execute();
        }
      }
    });
  }

  /** Deletes every role link of a user. */
  async deleteUser(appId: string, userId: string): Promise<void> {
    await this.db.deleteFrom('sec_user_roles').where('app_id', '=', appId).where('user_id', '=', userId).execute();
  }
}
