import type { Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';
import type { SystemDB } from '../../db/system-schema.js';
import type { Auth0ScopeBindingsTable, OAuthProvidersTable, UsersConfigTables } from './users-config.migrations.js';

/** SQL of the users configuration; no HTTP errors here. */
export class UsersConfigRepo {
  readonly db: Kysely<SystemDB & UsersConfigTables>;

  constructor(dbs: Databases) {
    this.db = dbs.system as unknown as Kysely<SystemDB & UsersConfigTables>;
  }

  async get(appId: string, key: string): Promise<unknown> {
    const row = await this.db
      .selectFrom('users_config')
      .select('value')
      .where('app_id', '=', appId)
      .where('key', '=', key)
      .executeTakeFirst();
    return row ? JSON.parse(row.value) : undefined;
  }

  async put(appId: string, key: string, value: unknown): Promise<void> {
    const text = JSON.stringify(value);
    const updated = Date.now();
    await this.db
      .insertInto('users_config')
      .values({ app_id: appId, key, value: text, updated })
      .onConflict((oc) => oc.columns(['app_id', 'key']).doUpdateSet({ value: text, updated }))
      .execute();
  }

  listProviders(appId: string, version: number) {
    return this.db
      .selectFrom('oauth_providers')
      .selectAll()
      .where('app_id', '=', appId)
      .where('version', '=', version)
      .orderBy('created')
      .execute();
  }

  findProvider(appId: string, version: number, idOrCode: string) {
    return this.db
      .selectFrom('oauth_providers')
      .selectAll()
      .where('app_id', '=', appId)
      .where('version', '=', version)
      .where((eb) => eb.or([eb('id', '=', idOrCode), eb('code', '=', idOrCode)]))
      .executeTakeFirst();
  }

  async insertProvider(row: OAuthProvidersTable): Promise<void> {
    await this.db.insertInto('oauth_providers').values(row).execute();
  }

  async updateProvider(id: string, code: string, data: string): Promise<void> {
    await this.db
      .updateTable('oauth_providers')
      .set({ code, data, updated: Date.now() })
      .where('id', '=', id)
      .execute();
  }

  async deleteProvider(appId: string, version: number, id: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('oauth_providers')
      .where('app_id', '=', appId)
      .where('version', '=', version)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  listBindings(appId: string) {
    return this.db
      .selectFrom('auth0_scope_bindings')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('scope')
      .orderBy('role_name')
      .execute();
  }

  findBinding(appId: string, id: string) {
    return this.db
      .selectFrom('auth0_scope_bindings')
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async insertBinding(row: Auth0ScopeBindingsTable): Promise<void> {
    await this.db.insertInto('auth0_scope_bindings').values(row).execute();
  }

  async updateBinding(appId: string, id: string, scope: string, roleName: string): Promise<void> {
    await this.db
      .updateTable('auth0_scope_bindings')
      .set({ scope, role_name: roleName })
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .execute();
  }

  async deleteBinding(appId: string, id: string): Promise<boolean> {
    const res = await this.db
      .deleteFrom('auth0_scope_bindings')
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }
}
