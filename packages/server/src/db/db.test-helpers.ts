import { sql, type Kysely } from 'kysely';

/**
 * A transaction another request holds open across awaits: it inserts `id` into table `t`
 * (columns id, n), then waits until `rollBack` is called and rolls back. `open` resolves once the
 * insert is in; `outcome` resolves to the rollback's message.
 */
export async function holdTransaction(
  db: Kysely<any>,
  id: string,
): Promise<{ rollBack: () => void; outcome: Promise<string> }> {
  let rollBack!: () => void;
  const held = new Promise<void>((r) => (rollBack = r));
  let opened!: () => void;
  const open = new Promise<void>((r) => (opened = r));
  const outcome = db
    .transaction()
    .execute(async (t) => {
      await sql`insert into t (id, n) values (${id}, ${0})`.execute(t);
      opened();
      await held;
      throw new Error('roll back');
    })
    .catch((e: Error) => e.message);
  await open;
  return { rollBack, outcome };
}
