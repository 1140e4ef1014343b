import type { Migration } from 'kysely';
import type { Databases } from './dialect.js';

/**
 * Brings every existing app's data store up to `migrations` (an upgrade that adds a data feature
 * reaches apps made before it; new apps run them on creation). Applied migrations are skipped, so
 * running this at every start is cheap. Answers how many stores were visited.
 */
export async function migrateExistingAppStores(dbs: Databases, migrations: Record<string, Migration>): Promise<number> {
  if (Object.keys(migrations).length === 0) return 0;
  const apps = await dbs.system.selectFrom('apps').select('id').orderBy('created').execute();
  for (const { id } of apps) await dbs.migrateApp(id, migrations);
  return apps.length;
}
