import { sql, type Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';
import { isDbFailure } from '../../db/db-errors.js';

export interface CounterRow {
  name: string;
  value: number;
  created: number;
  updated: number;
}

interface CountersDB {
  _counters: CounterRow;
}

export interface CounterPageQuery {
  /** LIKE pattern with `\` escapes, or undefined for every counter. */
  like?: string;
  sortField: 'name' | 'value';
  sortDir: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/**
 * SQL of the counters table. Every change is one statement, so concurrent requests cannot
 * interleave a read and a write: compare-and-set is `UPDATE … WHERE value = expected`, increment
 * is an upsert that adds in place and returns the new value.
 */
export class CountersRepo {
  constructor(private readonly dbs: Databases) {}

  private db(appId: string): Kysely<CountersDB> {
    return this.dbs.app(appId) as Kysely<CountersDB>;
  }

  private matching(appId: string, like: string | undefined) {
    let q = this.db(appId).selectFrom('_counters');
    // The operator comes from the dialect (ilike on PostgreSQL) so both databases ignore case alike.
    if (like !== undefined)
      q = q.where(sql<boolean>`${sql.ref('name')} ${sql.raw(this.dbs.likeOperator)} ${like} escape '\\'`);
    return q;
  }

  page(appId: string, q: CounterPageQuery): Promise<CounterRow[]> {
    return this.matching(appId, q.like)
      .selectAll()
      .orderBy(q.sortField, q.sortDir)
      .$if(q.sortField !== 'name', (b) => b.orderBy('name', 'asc'))
      .limit(q.limit)
      .offset(q.offset)
      .execute();
  }

  async count(appId: string, like: string | undefined): Promise<number> {
    const row = await this.matching(appId, like)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async names(appId: string, like: string | undefined, limit: number): Promise<string[]> {
    const rows = await this.matching(appId, like).select('name').orderBy('name').limit(limit).execute();
    return rows.map((r) => r.name);
  }

  byNames(appId: string, names: string[]): Promise<CounterRow[]> {
    if (names.length === 0) return Promise.resolve([]);
    return this.db(appId).selectFrom('_counters').selectAll().where('name', 'in', names).orderBy('name').execute();
  }

  get(appId: string, name: string): Promise<CounterRow | undefined> {
    return this.db(appId).selectFrom('_counters').selectAll().where('name', '=', name).executeTakeFirst();
  }

  /** Inserts a new counter; false when the name is taken. */
  async insert(appId: string, name: string, value: number, now: number): Promise<boolean> {
    try {
      await this.db(appId).insertInto('_counters').values({ name, value, created: now, updated: now }).execute();
      return true;
    } catch (err) {
      if (isDbFailure(err, 'unique')) return false;
      throw err;
    }
  }

  /** Sets `next` only while the stored value is still `expected`; false otherwise (or no counter). */
  async compareAndSet(appId: string, name: string, expected: number, next: number, now: number): Promise<boolean> {
    const res = await this.db(appId)
      .updateTable('_counters')
      .set({ value: next, updated: now })
      .where('name', '=', name)
      .where('value', '=', expected)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /**
   * Adds `delta` atomically (creating the counter at 0 first) and answers the new value, or
   * undefined when the sum would leave ±`limit` (the row is then left as it was).
   */
  async addAndGet(appId: string, name: string, delta: number, now: number, limit: number): Promise<number | undefined> {
    const sum = sql<number>`"_counters"."value" + excluded."value"`;
    const row = await this.db(appId)
      .insertInto('_counters')
      .values({ name, value: delta, created: now, updated: now })
      .onConflict((oc) =>
        oc
          .column('name')
          .doUpdateSet({ value: sum, updated: now })
          .where(sql<boolean>`abs(${sum}) <= ${limit}`),
      )
      .returning('value')
      .executeTakeFirst();
    return row ? Number(row.value) : undefined;
  }

  /** Sets a value unconditionally (creating the counter). */
  async set(appId: string, name: string, value: number, now: number): Promise<void> {
    await this.db(appId)
      .insertInto('_counters')
      .values({ name, value, created: now, updated: now })
      .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated: now }))
      .execute();
  }

  async delete(appId: string, name: string): Promise<boolean> {
    const res = await this.db(appId).deleteFrom('_counters').where('name', '=', name).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }
}
