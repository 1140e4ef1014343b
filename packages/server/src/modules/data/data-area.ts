import type { Kysely } from 'kysely';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { SchemaCache, type AppSchema, type TableMeta } from './schema/app-schema.js';
import { RecordOutbox } from './records/record-outbox.js';

/** What the data services share: the server context and the per-app schema cache. */
export class DataArea {
  readonly schemas: SchemaCache;
  /** Record events kept durably for the listeners that watch a table (decision 0072). */
  readonly outbox = new RecordOutbox();

  constructor(readonly ctx: ServerContext) {
    this.schemas = new SchemaCache((appId) => ctx.dbs.app(appId), ctx.cluster.invalidation);
  }

  db(appId: string): Kysely<any> {
    return this.ctx.dbs.app(appId);
  }

  schema(appId: string): Promise<AppSchema> {
    return this.schemas.get(appId);
  }

  /** `table` without waiting when the schema is loaded already; undefined when it must be loaded. */
  tableNow(appId: string, name: string): { schema: AppSchema; table: TableMeta } | undefined {
    const schema = this.schemas.peek(appId);
    if (!schema) return undefined;
    const table = schema.table(name);
    if (!table) throw ApiError.notFound(`Table '${name.slice(0, 80)}' does not exist`);
    return { schema, table };
  }

  /** The table named in a URL, or 404 naming it. */
  async table(appId: string, name: string): Promise<{ schema: AppSchema; table: TableMeta }> {
    const schema = await this.schema(appId);
    const table = schema.table(name);
    if (!table) throw ApiError.notFound(`Table '${name.slice(0, 80)}' does not exist`);
    return { schema, table };
  }

  async rowCount(appId: string, tableSql: string): Promise<number> {
    const row = await this.db(appId).selectFrom(tableSql).select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
