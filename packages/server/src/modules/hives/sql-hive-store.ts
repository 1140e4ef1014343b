import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Databases } from '../../db/dialect.js';
import { globMatcher } from '../counters/index.js';
import {
  inScoreRange,
  rankSlice,
  type Collection,
  type HiveBackend,
  type HiveStore,
  type KeysPage,
  type KvCondition,
  type StoreType,
  type ZAddOptions,
  type ZRange,
} from './hive-store.js';
import { decodeCursor, encodeCursor, type Db, type HiveTables, type Items } from './sql-hive-tables.js';
import { isDbFailure } from '../../db/db-errors.js';

/**
 * Hives on the app data store (SQLite or PostgreSQL). Each write runs in a transaction that first
 * drops the key if it expired, then upserts the key row: on PostgreSQL that upsert row-locks the
 * key, so concurrent writers of one key queue instead of interleaving (SQLite runs one writer).
 */
export class SqlHiveStore implements HiveStore {
  constructor(
    private readonly db: Kysely<HiveTables>,
    private readonly dbs: Databases,
  ) {}

  private live(now: number) {
    return (eb: ExpressionBuilder<HiveTables, '_hive_keys'>) =>
      eb.or([eb('expire_at', 'is', null), eb('expire_at', '>', now)]);
  }

  private keyRow(db: Db, hive: string, type: StoreType, key: string, now: number) {
    return db
      .selectFrom('_hive_keys')
      .selectAll()
      .where('hive', '=', hive)
      .where('type', '=', type)
      .where('key', '=', key)
      .where(this.live(now))
      .executeTakeFirst();
  }

  private async touch(db: Db, hive: string, type: StoreType, keys: string[], now: number): Promise<void> {
    if (keys.length)
      await db
        .updateTable('_hive_keys')
        .set({ touched_at: now })
        .where('hive', '=', hive)
        .where('type', '=', type)
        .where('key', 'in', keys)
        .execute();
  }

  /** Inside a write: forgets an expired key, then creates or touches (and locks) the key row. */
  private async claim(
    trx: Db,
    hive: string,
    type: StoreType,
    key: string,
    now: number,
    value: string | null = null,
  ): Promise<void> {
    await trx
      .deleteFrom('_hive_keys')
      .where('hive', '=', hive)
      .where('type', '=', type)
      .where('key', '=', key)
      .where('expire_at', '<=', now)
      .execute();
    await trx
      .insertInto('_hive_keys')
      .values({ hive, type, key, value, expire_at: null, touched_at: now })
      .onConflict((oc) =>
        oc
          .columns(['hive', 'type', 'key'])
          .doUpdateSet(value === null ? { touched_at: now } : { value, touched_at: now }),
      )
      .execute();
  }

  private table(type: Exclude<StoreType, 'key-value'>): Items {
    return type === 'list' ? '_hive_list_items' : '_hive_members';
  }

  private async count(db: Db, hive: string, type: Exclude<StoreType, 'key-value'>, key: string): Promise<number> {
    const row = await db
      .selectFrom(this.table(type))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('hive', '=', hive)
      .where('type', '=', type)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A collection with no items left is no key at all (as in Redis). */
  private async dropIfEmpty(db: Db, hive: string, type: Exclude<StoreType, 'key-value'>, key: string): Promise<void> {
    if ((await this.count(db, hive, type, key)) === 0)
      await db
        .deleteFrom('_hive_keys')
        .where('hive', '=', hive)
        .where('type', '=', type)
        .where('key', '=', key)
        .execute();
  }

  async hiveNames(): Promise<string[]> {
    return (await this.db.selectFrom('_hives').select('name').orderBy('name').execute()).map((r) => r.name);
  }

  async hiveExists(hive: string): Promise<boolean> {
    return !!(await this.db.selectFrom('_hives').select('name').where('name', '=', hive).executeTakeFirst());
  }

  async createHive(hive: string): Promise<boolean> {
    try {
      await this.db.insertInto('_hives').values({ name: hive, created: this.dbs.now() }).execute();
      return true;
    } catch (err) {
      if (isDbFailure(err, 'unique')) return false;
      throw err;
    }
  }

  async renameHive(from: string, to: string): Promise<'renamed' | 'missing' | 'taken'> {
    try {
      // Keys and items follow through ON UPDATE CASCADE.
      const res = await this.db.updateTable('_hives').set({ name: to }).where('name', '=', from).executeTakeFirst();
      return Number(res.numUpdatedRows) > 0 ? 'renamed' : 'missing';
    } catch (err) {
      if (isDbFailure(err, 'unique')) return 'taken';
      throw err;
    }
  }

  async deleteHive(hive: string): Promise<number | undefined> {
    const now = this.dbs.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('_hive_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('hive', '=', hive)
        .where(this.live(now))
        .executeTakeFirstOrThrow();
      const res = await trx.deleteFrom('_hives').where('name', '=', hive).executeTakeFirst();
      return Number(res.numDeletedRows) > 0 ? Number(row.n) : undefined;
    });
  }

  async keys(
    hive: string,
    type: StoreType,
    opts: { cursor?: string; pageSize: number; match?: string },
  ): Promise<KeysPage> {
    // Keyset paging by key; the glob is applied here, so a page may come back short (as a SCAN).
    const match = opts.match && opts.match !== '*' ? globMatcher(opts.match) : undefined;
    const batch = Math.max(opts.pageSize, 100);
    const now = this.dbs.now();
    let after = decodeCursor(opts.cursor ?? '');
    const out: string[] = [];
    for (let round = 0; round < 10; round++) {
      const rows = await this.db
        .selectFrom('_hive_keys')
        .select('key')
        .where('hive', '=', hive)
        .where('type', '=', type)
        .where(this.live(now))
        .$if(after !== undefined, (q) => q.where('key', '>', after!))
        .orderBy('key')
        .limit(batch)
        .execute();
      for (const { key } of rows) {
        after = key;
        if (!match || match.test(key)) out.push(key);
        if (out.length === opts.pageSize) return { keys: out, cursor: encodeCursor(key) };
      }
      if (rows.length < batch) return { keys: out, cursor: '0' };
    }
    return { keys: out, cursor: encodeCursor(after!) };
  }

  async deleteKeys(hive: string, type: StoreType, keys: string[]): Promise<number> {
    if (!keys.length) return 0;
    const now = this.dbs.now();
    const gone = await this.db
      .deleteFrom('_hive_keys')
      .where('hive', '=', hive)
      .where('type', '=', type)
      .where('key', 'in', keys)
      .returning('expire_at')
      .execute();
    return gone.filter((r) => r.expire_at === null || Number(r.expire_at) > now).length;
  }

  async size(hive: string, type: StoreType, key: string): Promise<number> {
    const row = await this.keyRow(this.db, hive, type, key, this.dbs.now());
    if (!row) return 0;
    return type === 'key-value' ? 1 : this.count(this.db, hive, type, key);
  }

  private async setExpiry(hive: string, type: StoreType, key: string, expireAt: number | null): Promise<boolean> {
    const now = this.dbs.now();
    const res = await this.db
      .updateTable('_hive_keys')
      .set({ expire_at: expireAt, touched_at: now })
      .where('hive', '=', hive)
      .where('type', '=', type)
      .where('key', '=', key)
      .where(this.live(now))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  expireAt(hive: string, type: StoreType, key: string, epochMs: number): Promise<boolean> {
    return this.setExpiry(hive, type, key, epochMs);
  }

  persist(hive: string, type: StoreType, key: string): Promise<boolean> {
    return this.setExpiry(hive, type, key, null);
  }

  async ttlMs(hive: string, type: StoreType, key: string): Promise<number> {
    const now = this.dbs.now();
    const row = await this.keyRow(this.db, hive, type, key, now);
    if (!row) return -2;
    return row.expire_at === null ? -1 : Number(row.expire_at) - now;
  }

  async idleSeconds(hive: string, type: StoreType, key: string): Promise<number | undefined> {
    const now = this.dbs.now();
    const row = await this.keyRow(this.db, hive, type, key, now);
    return row ? Math.max(0, Math.floor((now - Number(row.touched_at)) / 1000)) : undefined;
  }

  async kvGet(hive: string, keys: string[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    if (!keys.length) return out;
    const now = this.dbs.now();
    const rows = await this.db
      .selectFrom('_hive_keys')
      .select(['key', 'value'])
      .where('hive', '=', hive)
      .where('type', '=', 'key-value')
      .where('key', 'in', keys)
      .where(this.live(now))
      .execute();
    for (const r of rows) out.set(r.key, r.value ?? 'null');
    await this.touch(this.db, hive, 'key-value', [...out.keys()], now);
    return out;
  }

  async kvSet(hive: string, key: string, value: string): Promise<void> {
    const now = this.dbs.now();
    await this.db.transaction().execute((trx) => this.claim(trx, hive, 'key-value', key, now, value));
  }

  async kvSetIf(hive: string, key: string, value: string, condition: KvCondition, expireAt?: number): Promise<boolean> {
    const now = this.dbs.now();
    return this.db.transaction().execute(async (trx) => {
      if (condition === 'Always') {
        // An upsert: concurrent writers queue on the key row and the last one wins.
        await this.claim(trx, hive, 'key-value', key, now, value);
        if (expireAt !== undefined)
          await trx
            .updateTable('_hive_keys')
            .set({ expire_at: expireAt })
            .where('hive', '=', hive)
            .where('type', '=', 'key-value')
            .where('key', '=', key)
            .execute();
        return true;
      }
      // SQLite runs one writer at a time; on PostgreSQL the row lock of FOR UPDATE (or the unique
      // key of a concurrent insert) keeps the check and the write together.
      await trx
        .deleteFrom('_hive_keys')
        .where('hive', '=', hive)
        .where('type', '=', 'key-value')
        .where('key', '=', key)
        .where('expire_at', '<=', now)
        .execute();
      const existing = await trx
        .selectFrom('_hive_keys')
        .select('key')
        .where('hive', '=', hive)
        .where('type', '=', 'key-value')
        .where('key', '=', key)
        .$if(this.dbs.kind === 'postgres', (q) => q.forUpdate())
        .executeTakeFirst();
      if ((condition === 'IfExists' && !existing) || (condition === 'IfNotExists' && existing)) return false;
      if (existing) {
        await trx
          .updateTable('_hive_keys')
          .set({ value, touched_at: now, ...(expireAt !== undefined ? { expire_at: expireAt } : {}) })
          .where('hive', '=', hive)
          .where('type', '=', 'key-value')
          .where('key', '=', key)
          .execute();
      } else {
        try {
          await trx
            .insertInto('_hive_keys')
            .values({ hive, type: 'key-value', key, value, expire_at: expireAt ?? null, touched_at: now })
            .execute();
        } catch (err) {
          // Created meanwhile by another writer (PostgreSQL only): IfNotExists lost the race.
          if (isDbFailure(err, 'unique')) return false;
          throw err;
        }
      }
      return true;
    });
  }

  async kvIncrement(hive: string, key: string, delta: number): Promise<number | 'not-a-number'> {
    const now = this.dbs.now();
    return this.db.transaction().execute(async (trx) => {
      // claim() creates the key or locks its row, so two increments never read the same value.
      await this.claim(trx, hive, 'key-value', key, now);
      const row = await trx
        .selectFrom('_hive_keys')
        .select('value')
        .where('hive', '=', hive)
        .where('type', '=', 'key-value')
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      const current: unknown = row.value === null ? 0 : JSON.parse(row.value);
      if (typeof current !== 'number') return 'not-a-number';
      const next = current + delta;
      await trx
        .updateTable('_hive_keys')
        .set({ value: JSON.stringify(next) })
        .where('hive', '=', hive)
        .where('type', '=', 'key-value')
        .where('key', '=', key)
        .execute();
      return next;
    });
  }

  async renameKey(
    hive: string,
    type: StoreType,
    from: string,
    to: string,
    overwrite: boolean,
  ): Promise<'renamed' | 'missing' | 'taken'> {
    const now = this.dbs.now();
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.keyRow(trx, hive, type, from, now))) return 'missing';
      if (from === to) return 'renamed';
      // An expired key under the new name is no key at all.
      await trx
        .deleteFrom('_hive_keys')
        .where('hive', '=', hive)
        .where('type', '=', type)
        .where('key', '=', to)
        .where('expire_at', '<=', now)
        .execute();
      if (await this.keyRow(trx, hive, type, to, now)) {
        if (!overwrite) return 'taken';
        await trx
          .deleteFrom('_hive_keys')
          .where('hive', '=', hive)
          .where('type', '=', type)
          .where('key', '=', to)
          .execute();
      }
      // Items follow the key row through ON UPDATE CASCADE.
      await trx
        .updateTable('_hive_keys')
        .set({ key: to, touched_at: now })
        .where('hive', '=', hive)
        .where('type', '=', type)
        .where('key', '=', from)
        .execute();
      return 'renamed';
    });
  }

  async mapSetIfAbsent(hive: string, key: string, field: string, value: string): Promise<boolean> {
    const now = this.dbs.now();
    return this.db.transaction().execute(async (trx) => {
      await this.claim(trx, hive, 'map', key, now);
      const res = await trx
        .insertInto('_hive_members')
        .values({ hive, type: 'map', key, member: field, score: null, value })
        .onConflict((oc) => oc.columns(['hive', 'type', 'key', 'member']).doNothing())
        .executeTakeFirst();
      return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
    });
  }

  async mapIncrement(hive: string, key: string, field: string, delta: number): Promise<number | 'not-a-number'> {
    const now = this.dbs.now();
    return this.db.transaction().execute(async (trx) => {
      // claim() locks the key row, so two increments of one map never interleave.
      await this.claim(trx, hive, 'map', key, now);
      const row = await trx
        .selectFrom('_hive_members')
        .select('value')
        .where('hive', '=', hive)
        .where('type', '=', 'map')
        .where('key', '=', key)
        .where('member', '=', field)
        .executeTakeFirst();
      const current: unknown = row?.value == null ? 0 : JSON.parse(row.value);
      if (typeof current !== 'number') {
        await this.dropIfEmpty(trx, hive, 'map', key);
        return 'not-a-number';
      }
      const next = current + delta;
      await trx
        .insertInto('_hive_members')
        .values({ hive, type: 'map', key, member: field, score: null, value: JSON.stringify(next) })
        .onConflict((oc) => oc.columns(['hive', 'type', 'key', 'member']).doUpdateSet({ value: JSON.stringify(next) }))
        .execute();
      return next;
    });
  }

  async setPop(hive: string, key: string, count: number): Promise<string[]> {
    const now = this.dbs.now();
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.keyRow(trx, hive, 'set', key, now))) return [];
      await this.claim(trx, hive, 'set', key, now);
      const rows = await trx
        .selectFrom('_hive_members')
        .select('member')
        .where('hive', '=', hive)
        .where('type', '=', 'set')
        .where('key', '=', key)
        .orderBy(sql`random()`)
        .limit(count)
        .execute();
      const members = rows.map((r) => r.member);
      if (members.length)
        await trx
          .deleteFrom('_hive_members')
          .where('hive', '=', hive)
          .where('type', '=', 'set')
          .where('key', '=', key)
          .where('member', 'in', members)
          .execute();
      await this.dropIfEmpty(trx, hive, 'set', key);
      return members;
    });
  }

  async listPushFront(hive: string, key: string, values: string[]): Promise<number> {
    const now = this.dbs.now();
    return this.db.transaction().execute(async (trx) => {
      await this.claim(trx, hive, 'list', key, now);
      const row = await trx
        .selectFrom('_hive_list_items')
        .select((eb) => eb.fn.min('pos').as('low'))
        .where('hive', '=', hive)
        .where('type', '=', 'list')
        .where('key', '=', key)
        .executeTakeFirst();
      const low = row?.low === null || row?.low === undefined ? 0 : Number(row.low);
      // Pushed one by one to the head: the last value pushed ends up first.
      const items = values.map((value, i) => ({ hive, type: 'list', key, pos: low - 1 - i, value }));
      for (let i = 0; i < items.length; i += 500)
        await trx
          .insertInto('_hive_list_items')
          .values(items.slice(i, i + 500))
          .execute();
      return this.count(trx, hive, 'list', key);
    });
  }

  async listPop(hive: string, key: string, end: 'first' | 'last', count: number): Promise<string[]> {
    const now = this.dbs.now();
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.keyRow(trx, hive, 'list', key, now))) return [];
      await this.claim(trx, hive, 'list', key, now);
      const rows = await trx
        .selectFrom('_hive_list_items')
        .select(['pos', 'value'])
        .where('hive', '=', hive)
        .where('type', '=', 'list')
        .where('key', '=', key)
        .orderBy('pos', end === 'first' ? 'asc' : 'desc')
        .limit(count)
        .execute();
      if (rows.length)
        await trx
          .deleteFrom('_hive_list_items')
          .where('hive', '=', hive)
          .where('type', '=', 'list')
          .where('key', '=', key)
          .where(
            'pos',
            'in',
            rows.map((r) => r.pos),
          )
          .execute();
      await this.dropIfEmpty(trx, hive, 'list', key);
      return rows.map((r) => r.value);
    });
  }

  async listInsert(
    hive: string,
    key: string,
    where: 'before' | 'after',
    anchor: string,
    value: string,
  ): Promise<number> {
    const now = this.dbs.now();
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.keyRow(trx, hive, 'list', key, now))) return 0;
      await this.claim(trx, hive, 'list', key, now);
      const items = () =>
        trx.selectFrom('_hive_list_items').where('hive', '=', hive).where('type', '=', 'list').where('key', '=', key);
      const found = await items().select('pos').where('value', '=', anchor).orderBy('pos').limit(1).executeTakeFirst();
      if (!found) return -1;
      const at = Number(found.pos) + (where === 'after' ? 1 : 0);
      // Items from `at` on move one place up. Positions are unique, so they move out of the way
      // first and back one higher second: no row ever lands on another's position.
      const away = 2 ** 40;
      const shift = (by: number) =>
        trx
          .updateTable('_hive_list_items')
          .set((eb) => ({ pos: eb('pos', '+', by) }))
          .where('hive', '=', hive)
          .where('type', '=', 'list')
          .where('key', '=', key);
      await shift(away).where('pos', '>=', at).execute();
      await shift(1 - away)
        .where('pos', '>=', at + away)
        .execute();
      await trx.insertInto('_hive_list_items').values({ hive, type: 'list', key, pos: at, value }).execute();
      return this.count(trx, hive, 'list', key);
    });
  }

  private zMembers(db: Db, hive: string, key: string) {
    return db
      .selectFrom('_hive_members')
      .where('hive', '=', hive)
      .where('type', '=', 'sorted-set')
      .where('key', '=', key);
  }

  async zAdd(hive: string, key: string, items: Array<[number, string]>, opts: ZAddOptions): Promise<number> {
    const now = this.dbs.now();
    return this.db.transaction().execute(async (trx) => {
      await this.claim(trx, hive, 'sorted-set', key, now);
      const wanted = new Map(items.map(([score, member]) => [member, score]));
      let added = 0;
      let updated = 0;
      for (const [member, score] of wanted) {
        const old = await this.zMembers(trx, hive, key).select('score').where('member', '=', member).executeTakeFirst();
        if (!old) {
          if (opts.only === 'existing') continue;
          await trx
            .insertInto('_hive_members')
            .values({ hive, type: 'sorted-set', key, member, score, value: null })
            .execute();
          added++;
          continue;
        }
        const before = Number(old.score);
        if (opts.only === 'new' || score === before) continue;
        if ((opts.when === 'greater' && !(score > before)) || (opts.when === 'less' && !(score < before))) continue;
        await trx
          .updateTable('_hive_members')
          .set({ score })
          .where('hive', '=', hive)
          .where('type', '=', 'sorted-set')
          .where('key', '=', key)
          .where('member', '=', member)
          .execute();
        updated++;
      }
      await this.dropIfEmpty(trx, hive, 'sorted-set', key);
      return opts.changed ? added + updated : added;
    });
  }

  async zIncrement(hive: string, key: string, member: string, delta: number): Promise<number> {
    const now = this.dbs.now();
    return this.db.transaction().execute(async (trx) => {
      await this.claim(trx, hive, 'sorted-set', key, now);
      const old = await this.zMembers(trx, hive, key).select('score').where('member', '=', member).executeTakeFirst();
      const score = (old ? Number(old.score) : 0) + delta;
      await trx
        .insertInto('_hive_members')
        .values({ hive, type: 'sorted-set', key, member, score, value: null })
        .onConflict((oc) => oc.columns(['hive', 'type', 'key', 'member']).doUpdateSet({ score }))
        .execute();
      return score;
    });
  }

  async zPop(hive: string, key: string, end: 'max' | 'min', count: number): Promise<Array<[number, string]>> {
    const now = this.dbs.now();
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.keyRow(trx, hive, 'sorted-set', key, now))) return [];
      await this.claim(trx, hive, 'sorted-set', key, now);
      const dir = end === 'max' ? 'desc' : 'asc';
      const rows = await this.zMembers(trx, hive, key)
        .select(['member', 'score'])
        .orderBy('score', dir)
        .orderBy('member', dir)
        .limit(count)
        .execute();
      if (rows.length)
        await trx
          .deleteFrom('_hive_members')
          .where('hive', '=', hive)
          .where('type', '=', 'sorted-set')
          .where('key', '=', key)
          .where(
            'member',
            'in',
            rows.map((r) => r.member),
          )
          .execute();
      await this.dropIfEmpty(trx, hive, 'sorted-set', key);
      return rows.map((r) => [Number(r.score), r.member]);
    });
  }

  async zRemoveRange(hive: string, key: string, range: ZRange): Promise<number> {
    const now = this.dbs.now();
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.keyRow(trx, hive, 'sorted-set', key, now))) return 0;
      await this.claim(trx, hive, 'sorted-set', key, now);
      const rows = await this.zMembers(trx, hive, key)
        .select(['member', 'score'])
        .orderBy('score')
        .orderBy('member')
        .execute();
      const chosen =
        range.by === 'rank'
          ? rankSlice(rows, range.start, range.stop)
          : rows.filter((r) => inScoreRange(Number(r.score), range));
      const members = chosen.map((r) => r.member);
      for (let i = 0; i < members.length; i += 500) {
        await trx
          .deleteFrom('_hive_members')
          .where('hive', '=', hive)
          .where('type', '=', 'sorted-set')
          .where('key', '=', key)
          .where('member', 'in', members.slice(i, i + 500))
          .execute();
      }
      await this.dropIfEmpty(trx, hive, 'sorted-set', key);
      return members.length;
    });
  }

  async countExisting(hive: string, type: StoreType, keys: string[]): Promise<number> {
    const now = this.dbs.now();
    let n = 0;
    // Chunks keep each statement under the databases' bound-parameter limits.
    for (let i = 0; i < keys.length; i += 500) {
      const row = await this.db
        .selectFrom('_hive_keys')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('hive', '=', hive)
        .where('type', '=', type)
        .where('key', 'in', keys.slice(i, i + 500))
        .where(this.live(now))
        .executeTakeFirstOrThrow();
      n += Number(row.n);
    }
    return n;
  }

  async touchKeys(hive: string, type: StoreType, keys: string[]): Promise<number> {
    if (!keys.length) return 0;
    const now = this.dbs.now();
    const res = await this.db
      .updateTable('_hive_keys')
      .set({ touched_at: now })
      .where('hive', '=', hive)
      .where('type', '=', type)
      .where('key', 'in', keys)
      .where(this.live(now))
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  async read(hive: string, type: Exclude<StoreType, 'key-value'>, key: string): Promise<Collection | undefined> {
    const now = this.dbs.now();
    if (!(await this.keyRow(this.db, hive, type, key, now))) return undefined;
    await this.touch(this.db, hive, type, [key], now);
    if (type === 'list') {
      const rows = await this.db
        .selectFrom('_hive_list_items')
        .select('value')
        .where('hive', '=', hive)
        .where('type', '=', type)
        .where('key', '=', key)
        .orderBy('pos')
        .execute();
      return { type, items: rows.map((r) => r.value) };
    }
    const q = this.db
      .selectFrom('_hive_members')
      .select(['member', 'score', 'value'])
      .where('hive', '=', hive)
      .where('type', '=', type)
      .where('key', '=', key);
    if (type === 'sorted-set')
      return {
        type,
        items: (await q.orderBy('score').orderBy('member').execute()).map((r) => [Number(r.score), r.member]),
      };
    const rows = await q.orderBy('member').execute();
    return type === 'map'
      ? { type, entries: rows.map((r) => [r.member, r.value ?? 'null']) }
      : { type, items: rows.map((r) => r.member) };
  }

  async zRange(hive: string, key: string, start: number, stop: number): Promise<Array<[number, string]>> {
    const now = this.dbs.now();
    if (!(await this.keyRow(this.db, hive, 'sorted-set', key, now))) return [];
    await this.touch(this.db, hive, 'sorted-set', [key], now);
    const n = await this.count(this.db, hive, 'sorted-set', key);
    const from = Math.max(0, start < 0 ? n + start : start);
    const to = Math.min(n - 1, stop < 0 ? n + stop : stop);
    if (from > to) return [];
    const rows = await this.db
      .selectFrom('_hive_members')
      .select(['member', 'score'])
      .where('hive', '=', hive)
      .where('type', '=', 'sorted-set')
      .where('key', '=', key)
      .orderBy('score')
      .orderBy('member')
      .limit(to - from + 1)
      .offset(from)
      .execute();
    return rows.map((r) => [Number(r.score), r.member]);
  }

  private async insertItems(trx: Db, hive: string, key: string, c: Collection, firstPos: number): Promise<void> {
    const base = { hive, type: c.type, key };
    // Chunks keep each statement well under SQLite's and PostgreSQL's bound-parameter limits.
    const size = 500;
    if (c.type === 'list') {
      const rows = c.items.map((value, i) => ({ ...base, pos: firstPos + i, value }));
      for (let i = 0; i < rows.length; i += size)
        await trx
          .insertInto('_hive_list_items')
          .values(rows.slice(i, i + size))
          .execute();
      return;
    }
    // One row per member, the last one winning: PostgreSQL refuses an upsert that hits a row twice.
    const byMember = new Map<string, HiveTables['_hive_members']>();
    if (c.type === 'map')
      for (const [member, value] of c.entries) byMember.set(member, { ...base, member, score: null, value });
    else if (c.type === 'sorted-set')
      for (const [score, member] of c.items) byMember.set(member, { ...base, member, score, value: null });
    else for (const member of c.items) byMember.set(member, { ...base, member, score: null, value: null });
    const rows = [...byMember.values()];
    for (let i = 0; i < rows.length; i += size) {
      await trx
        .insertInto('_hive_members')
        .values(rows.slice(i, i + size))
        .onConflict((oc) =>
          oc
            .columns(['hive', 'type', 'key', 'member'])
            .doUpdateSet((eb) => ({ score: eb.ref('excluded.score'), value: eb.ref('excluded.value') })),
        )
        .execute();
    }
  }

  async replace(hive: string, key: string, c: Collection): Promise<void> {
    const now = this.dbs.now();
    await this.db.transaction().execute(async (trx) => {
      await this.claim(trx, hive, c.type, key, now);
      await trx
        .deleteFrom(this.table(c.type))
        .where('hive', '=', hive)
        .where('type', '=', c.type)
        .where('key', '=', key)
        .execute();
      await this.insertItems(trx, hive, key, c, 0);
      await this.dropIfEmpty(trx, hive, c.type, key);
    });
  }

  async add(hive: string, key: string, c: Collection): Promise<number> {
    const now = this.dbs.now();
    return this.db.transaction().execute(async (trx) => {
      await this.claim(trx, hive, c.type, key, now);
      const before = await this.count(trx, hive, c.type, key);
      let firstPos = 0;
      if (c.type === 'list') {
        const row = await trx
          .selectFrom('_hive_list_items')
          .select((eb) => eb.fn.max('pos').as('top'))
          .where('hive', '=', hive)
          .where('type', '=', 'list')
          .where('key', '=', key)
          .executeTakeFirst();
        firstPos = row?.top === null || row?.top === undefined ? 0 : Number(row.top) + 1;
      }
      await this.insertItems(trx, hive, key, c, firstPos);
      const after = await this.count(trx, hive, c.type, key);
      await this.dropIfEmpty(trx, hive, c.type, key);
      return c.type === 'list' ? after : after - before;
    });
  }

  async listSet(hive: string, key: string, index: number, value: string): Promise<'ok' | 'missing' | 'out-of-range'> {
    const now = this.dbs.now();
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.keyRow(trx, hive, 'list', key, now))) return 'missing';
      await this.claim(trx, hive, 'list', key, now);
      const n = await this.count(trx, hive, 'list', key);
      const at = index < 0 ? n + index : index;
      if (at < 0 || at >= n) return 'out-of-range';
      const row = await trx
        .selectFrom('_hive_list_items')
        .select('pos')
        .where('hive', '=', hive)
        .where('type', '=', 'list')
        .where('key', '=', key)
        .orderBy('pos')
        .limit(1)
        .offset(at)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('_hive_list_items')
        .set({ value })
        .where('hive', '=', hive)
        .where('type', '=', 'list')
        .where('key', '=', key)
        .where('pos', '=', row.pos)
        .execute();
      return 'ok';
    });
  }

  async listRemove(hive: string, key: string, value: string, count: number): Promise<number> {
    const now = this.dbs.now();
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.keyRow(trx, hive, 'list', key, now))) return 0;
      await this.claim(trx, hive, 'list', key, now);
      const rows = await trx
        .selectFrom('_hive_list_items')
        .select('pos')
        .where('hive', '=', hive)
        .where('type', '=', 'list')
        .where('key', '=', key)
        .where('value', '=', value)
        .orderBy('pos', count < 0 ? 'desc' : 'asc')
        .$if(count !== 0, (q) => q.limit(Math.abs(count)))
        .execute();
      if (rows.length) {
        await trx
          .deleteFrom('_hive_list_items')
          .where('hive', '=', hive)
          .where('type', '=', 'list')
          .where('key', '=', key)
          .where(
            'pos',
            'in',
            rows.map((r) => r.pos),
          )
          .execute();
      }
      await this.dropIfEmpty(trx, hive, 'list', key);
      return rows.length;
    });
  }

  async removeMembers(
    hive: string,
    type: Exclude<StoreType, 'key-value'>,
    key: string,
    members: string[],
  ): Promise<number> {
    if (!members.length) return 0;
    const now = this.dbs.now();
    return this.db.transaction().execute(async (trx) => {
      if (!(await this.keyRow(trx, hive, type, key, now))) return 0;
      await this.claim(trx, hive, type, key, now);
      const column = type === 'list' ? 'value' : 'member';
      const res = await trx
        .deleteFrom(this.table(type))
        .where('hive', '=', hive)
        .where('type', '=', type)
        .where('key', '=', key)
        .where(column, 'in', members)
        .executeTakeFirst();
      await this.dropIfEmpty(trx, hive, type, key);
      return Number(res.numDeletedRows);
    });
  }

  async purgeExpired(): Promise<number> {
    const res = await this.db.deleteFrom('_hive_keys').where('expire_at', '<=', this.dbs.now()).executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}

/** The default backend: each app's hives in its own data store. */
export class SqlHiveBackend implements HiveBackend {
  readonly kind = 'sql' as const;
  constructor(private readonly dbs: Databases) {}

  forApp(appId: string): HiveStore {
    return new SqlHiveStore(this.dbs.app(appId) as Kysely<HiveTables>, this.dbs);
  }

  async dropApp(): Promise<void> {
    // The app's data store is dropped with the app; nothing else holds its hives.
  }

  async close(): Promise<void> {}
}
