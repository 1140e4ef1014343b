import { sql, type Kysely } from 'kysely';

/** A day in milliseconds: the users' rollup is per day and readings are summed per (UTC) day. */
export const DAY = 86_400_000;

/** One cell of the meter's call counts, as the meter gathers it. */
export interface CallCount {
  appId: string;
  minute: number;
  keyName: string;
  tag: { service: string; method: string };
  ok: number;
  errors: number;
}

/** Rows as the database answers them: sums and counts may come back as strings (PostgreSQL bigint). */
type Row = Record<string, unknown>;

/**
 * The SQL of analytics (decision 0058): the meter's batch upserts, which add to what is stored so
 * any number of server processes may flush the same minute, and the console's readings and prunes
 * of the rollups (analytics_calls, analytics_latency, analytics_peaks, analytics_users) and of
 * console_activity.
 */
export class AnalyticsRepo {
  constructor(
    private readonly db: Kysely<any>,
    private readonly dialect: 'sqlite' | 'postgres',
  ) {}

  async writeCalls(cells: CallCount[]): Promise<void> {
    for (const batch of chunks(cells, 400)) {
      await this.db
        .insertInto('analytics_calls')
        .values(
          batch.map((c) => ({
            app_id: c.appId,
            minute: c.minute,
            key_name: c.keyName,
            service: c.tag.service,
            method: c.tag.method,
            ok: c.ok,
            errors: c.errors,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['app_id', 'minute', 'key_name', 'service', 'method']).doUpdateSet({
            ok: sql`analytics_calls.ok + excluded.ok`,
            errors: sql`analytics_calls.errors + excluded.errors`,
          }),
        )
        .execute();
    }
  }

  /** Each minute's latency histogram, its non-empty buckets as rows. */
  async writeLatency(hists: Array<{ appId: string; minute: number; counts: number[] }>): Promise<void> {
    const rows = hists.flatMap((h) =>
      h.counts.flatMap((count, bucket) => (count ? [{ app_id: h.appId, minute: h.minute, bucket, count }] : [])),
    );
    for (const batch of chunks(rows, 500)) {
      await this.db
        .insertInto('analytics_latency')
        .values(batch)
        .onConflict((oc) =>
          oc
            .columns(['app_id', 'minute', 'bucket'])
            .doUpdateSet({ count: sql`analytics_latency.count + excluded.count` }),
        )
        .execute();
    }
  }

  async writePeaks(peaks: Array<{ appId: string; minute: number; inFlight: number }>): Promise<void> {
    const larger =
      this.dialect === 'postgres'
        ? sql`greatest(analytics_peaks.in_flight, excluded.in_flight)`
        : sql`max(analytics_peaks.in_flight, excluded.in_flight)`;
    for (const batch of chunks(peaks, 500)) {
      await this.db
        .insertInto('analytics_peaks')
        .values(batch.map((p) => ({ app_id: p.appId, minute: p.minute, in_flight: p.inFlight })))
        .onConflict((oc) => oc.columns(['app_id', 'minute']).doUpdateSet({ in_flight: larger }))
        .execute();
    }
  }

  async writeUsers(users: Array<{ appId: string; day: number; userId: string; kind: string }>): Promise<void> {
    for (const batch of chunks(users, 500)) {
      await this.db
        .insertInto('analytics_users')
        .values(batch.map((u) => ({ app_id: u.appId, day: u.day, user_id: u.userId, kind: u.kind })))
        .onConflict((oc) => oc.columns(['app_id', 'day', 'kind', 'user_id']).doNothing())
        .execute();
    }
  }

  /**
   * An app's calls in [from, to) summed per day and key name (`day`, `key_name`, `ok`, `errors`),
   * only of `keys` when given, split by `service` and/or `method` when asked.
   */
  async callsByDay(
    appId: string,
    from: number,
    to: number,
    by: { keys?: string[]; withService: boolean; withMethod: boolean },
  ): Promise<Row[]> {
    const day = sql<number>`(minute - minute % ${sql.lit(DAY)})`;
    let q = this.db
      .selectFrom('analytics_calls')
      .select([day.as('day'), 'key_name', sql<number>`sum(ok)`.as('ok'), sql<number>`sum(errors)`.as('errors')])
      .where('app_id', '=', appId)
      .where('minute', '>=', from)
      .where('minute', '<', to)
      .groupBy([day, 'key_name'])
      .orderBy(day)
      .orderBy('key_name');
    if (by.keys) q = q.where('key_name', 'in', by.keys);
    if (by.withService) q = q.select('service').groupBy('service').orderBy('service');
    if (by.withMethod) q = q.select('method').groupBy('method').orderBy('method');
    return (await q.execute()) as Row[];
  }

  /** An app's successful messaging calls in [from, to) per day, key name and method (`day`, `key_name`, `method`, `ok`). */
  async messagingByDay(appId: string, from: number, to: number, keys: string[] | undefined): Promise<Row[]> {
    const day = sql<number>`(minute - minute % ${sql.lit(DAY)})`;
    let q = this.db
      .selectFrom('analytics_calls')
      .select([day.as('day'), 'key_name', 'method', sql<number>`sum(ok)`.as('ok')])
      .where('app_id', '=', appId)
      .where('service', '=', 'messaging')
      .where('minute', '>=', from)
      .where('minute', '<', to)
      .groupBy([day, 'key_name', 'method']);
    if (keys) q = q.where('key_name', 'in', keys);
    return (await q.execute()) as Row[];
  }

  /** An app's users in [from, to) counted per day and kind (active, new, registered). */
  async userCounts(
    appId: string,
    from: number,
    to: number,
  ): Promise<Array<{ day: unknown; kind: string; n: unknown }>> {
    return (await this.db
      .selectFrom('analytics_users')
      .select(['day', 'kind', sql<number>`count(*)`.as('n')])
      .where('app_id', '=', appId)
      .where('day', '>=', from)
      .where('day', '<', to)
      .groupBy(['day', 'kind'])
      .execute()) as Array<{ day: unknown; kind: string; n: unknown }>;
  }

  /** Returning users per day in [from, to): active on a day without having been created that day. */
  async returningUsers(appId: string, from: number, to: number): Promise<Array<{ day: unknown; n: unknown }>> {
    return (await this.db
      .selectFrom('analytics_users as a')
      .select(['a.day', sql<number>`count(*)`.as('n')])
      .where('a.app_id', '=', appId)
      .where('a.kind', '=', 'active')
      .where('a.day', '>=', from)
      .where('a.day', '<', to)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('analytics_users as n')
              .select(sql`1`.as('one'))
              .whereRef('n.app_id', '=', 'a.app_id')
              .whereRef('n.day', '=', 'a.day')
              .whereRef('n.user_id', '=', 'a.user_id')
              .where('n.kind', '=', 'new'),
          ),
        ),
      )
      .groupBy('a.day')
      .execute()) as Array<{ day: unknown; n: unknown }>;
  }

  /** An app's calls of `services` in [from, to) summed per day (`day`, `ok`, `errors`). */
  async serviceCallsByDay(appId: string, services: string[], from: number, to: number): Promise<Row[]> {
    const day = sql<number>`(minute - minute % ${sql.lit(DAY)})`;
    return (await this.db
      .selectFrom('analytics_calls')
      .select([day.as('day'), sql<number>`sum(ok)`.as('ok'), sql<number>`sum(errors)`.as('errors')])
      .where('app_id', '=', appId)
      .where('service', 'in', services)
      .where('minute', '>=', from)
      .where('minute', '<', to)
      .groupBy(day)
      .orderBy(day)
      .execute()) as Row[];
  }

  /**
   * An app's latency histogram buckets summed per interval of `step` ms starting at `from`, the
   * intervals starting at or before `to` read whole (`start`, `bucket`, `n`).
   */
  async latencyByInterval(
    appId: string,
    from: number,
    to: number,
    step: number,
  ): Promise<Array<{ start: unknown; bucket: unknown; n: unknown }>> {
    const start = sql<number>`(minute - (minute - ${sql.lit(from)}) % ${sql.lit(step)})`;
    return (await this.db
      .selectFrom('analytics_latency')
      .select([start.as('start'), 'bucket', sql<number>`sum(count)`.as('n')])
      .where('app_id', '=', appId)
      .where('minute', '>=', from)
      .where('minute', '<', to + step)
      .groupBy([start, 'bucket'])
      .execute()) as Array<{ start: unknown; bucket: unknown; n: unknown }>;
  }

  /** An app's largest number of requests in flight per interval, as `latencyByInterval` (`start`, `n`). */
  async peaksByInterval(
    appId: string,
    from: number,
    to: number,
    step: number,
  ): Promise<Array<{ start: unknown; n: unknown }>> {
    const start = sql<number>`(minute - (minute - ${sql.lit(from)}) % ${sql.lit(step)})`;
    return (await this.db
      .selectFrom('analytics_peaks')
      .select([start.as('start'), sql<number>`max(in_flight)`.as('n')])
      .where('app_id', '=', appId)
      .where('minute', '>=', from)
      .where('minute', '<', to + step)
      .groupBy(start)
      .execute()) as Array<{ start: unknown; n: unknown }>;
  }

  /** An app's largest number of requests in flight in [from, to). */
  async peak(appId: string, from: number, to: number): Promise<{ n: unknown } | undefined> {
    return (await this.db
      .selectFrom('analytics_peaks')
      .select(sql<number>`max(in_flight)`.as('n'))
      .where('app_id', '=', appId)
      .where('minute', '>=', from)
      .where('minute', '<', to)
      .executeTakeFirst()) as { n: unknown } | undefined;
  }

  /** How many different users of an app were active in [from, to). */
  async distinctActiveUsers(appId: string, from: number, to: number): Promise<{ n: unknown } | undefined> {
    return await this.db
      .selectFrom('analytics_users')
      .select(sql<number>`count(distinct user_id)`.as('n'))
      .where('app_id', '=', appId)
      .where('kind', '=', 'active')
      .where('day', '>=', from)
      .where('day', '<', to)
      .executeTakeFirst();
  }

  async insertActivity(row: {
    id: string;
    app_id: string;
    developer_id: string;
    created: number;
    event: string;
  }): Promise<void> {
    await this.db.insertInto('console_activity').values(row).execute();
  }

  /** A page of an app's console activity, newest first, with the reporting developer's email when they still exist. */
  async listActivity(appId: string, offset: number, limit: number): Promise<Row[]> {
    return this.db
      .selectFrom('console_activity as a')
      .leftJoin('developers as d', 'd.id', 'a.developer_id')
      .select(['a.id', 'a.developer_id', 'a.created', 'a.event', 'd.email'])
      .where('a.app_id', '=', appId)
      .orderBy('a.created', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute();
  }

  async countActivity(appId: string): Promise<number> {
    const row = await this.db
      .selectFrom('console_activity')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('app_id', '=', appId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Drops rollups and console activity older than `before` (epoch ms). */
  async prune(before: number): Promise<void> {
    for (const table of ['analytics_calls', 'analytics_latency', 'analytics_peaks'])
      await this.db.deleteFrom(table).where('minute', '<', before).execute();
    await this.db.deleteFrom('analytics_users').where('day', '<', before).execute();
    await this.db.deleteFrom('console_activity').where('created', '<', before).execute();
  }

  /** Everything stored of an app. */
  async forget(appId: string): Promise<void> {
    for (const table of [
      'analytics_calls',
      'analytics_latency',
      'analytics_peaks',
      'analytics_users',
      'console_activity',
    ])
      await this.db.deleteFrom(table).where('app_id', '=', appId).execute();
  }
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
