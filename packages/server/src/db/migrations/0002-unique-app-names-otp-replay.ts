import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // App names are unique per owner regardless of case ("Shop" and "shop" would be confusing in the
  // console); the index also settles two concurrent creates that both passed the service's check.
  await db.schema
    .createIndex('apps_owner_name')
    .on('apps')
    .unique()
    .expression(sql`owner_id, lower(name)`)
    .execute();

  // The 30-second step of the last accepted sign-in code: a code is accepted once, so one seen
  // over a shoulder or in a proxy log cannot open a second session.
  await db.schema.alterTable('developers').addColumn('totp_last_step', 'bigint').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('developers').dropColumn('totp_last_step').execute();
  await db.schema.dropIndex('apps_owner_name').execute();
}
