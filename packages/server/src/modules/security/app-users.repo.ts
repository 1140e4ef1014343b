import type { ServerContext } from '../../context.js';
import type { SchemaSource } from './security.service.js';

/** A user row as the security console lists it. */
export interface UserRow {
  objectId: unknown;
  email: unknown;
  name: unknown;
  created: unknown;
}

/**
 * The app's Users rows that the security console shows beside sessions and rules (identity, name).
 * Reads only; the app API's users module owns the table's writes. Search text is matched as a
 * LIKE pattern with its wildcards escaped, always as a bound parameter.
 */
export class AppUsersRepo {
  constructor(
    private readonly ctx: ServerContext,
    private readonly data: SchemaSource,
  ) {}

  private async usersTable(appId: string): Promise<string | undefined> {
    return (await this.data.schema(appId)).table('Users')?.sqlName;
  }

  private matching(text: string) {
    const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return (eb: any) => eb.or([eb('email', this.ctx.dbs.likeOperator, pattern), eb('objectId', '=', text)]);
  }

  /** Identity and name of each listed user that exists. */
  async named(appId: string, ids: string[]): Promise<Map<string, { email: unknown; name: unknown }>> {
    const table = await this.usersTable(appId);
    if (!table || !ids.length) return new Map();
    const rows = await this.ctx.dbs
      .app(appId)
      .selectFrom(table)
      .select(['objectId', 'email', 'name'])
      .where('objectId', 'in', ids)
      .execute();
    return new Map(rows.map((u) => [String(u.objectId), { email: u.email ?? null, name: u.name ?? null }]));
  }

  /**
   * One page of users, those whose email contains `text` or whose id is `text` when it is given,
   * sorted by `sort` (a column of ours, never caller text) then id; with the number of all matches.
   * Undefined when the app has no Users table.
   */
  async page(
    appId: string,
    o: { text?: string; sort: 'email' | 'name' | 'created' | 'objectId'; desc: boolean; limit: number; offset: number },
  ): Promise<{ rows: UserRow[]; total: number } | undefined> {
    const table = await this.usersTable(appId);
    if (!table) return undefined;
    const db = this.ctx.dbs.app(appId);
    const filter = <Q extends { where: (...a: any[]) => any }>(q: Q): Q =>
      o.text ? q.where(this.matching(o.text)) : q;
    const rows = await filter(db.selectFrom(table).select(['objectId', 'email', 'name', 'created']))
      .orderBy(o.sort, o.desc ? 'desc' : 'asc')
      .orderBy('objectId')
      .limit(o.limit)
      .offset(o.offset)
      .execute();
    const total = await filter(
      db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')),
    ).executeTakeFirst();
    return { rows, total: Number(total?.n ?? 0) };
  }

  /**
   * Identity (email, else name, else id) of users: those matching `search` (at most 100) when it is
   * given, else the listed ids (at most 1,000).
   */
  async identities(appId: string, ids: string[], search?: string): Promise<Map<string, string>> {
    const table = await this.usersTable(appId);
    const out = new Map<string, string>();
    if (!table) return out;
    let q = this.ctx.dbs.app(appId).selectFrom(table).select(['objectId', 'email', 'name']);
    if (search) q = q.where(this.matching(search)).limit(100);
    else if (ids.length) q = q.where('objectId', 'in', ids.slice(0, 1000));
    else return out;
    for (const u of await q.execute()) out.set(String(u.objectId), String(u.email ?? u.name ?? u.objectId));
    return out;
  }
}
