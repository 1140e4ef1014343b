import type { ServerContext } from '../../context.js';
import { type AppCaller } from '../../http/app-auth.js';
import { ApiError } from '../../http/api-error.js';
import { splitList, type ColumnMeta } from '../data/index.js';
import { fromStored } from '../data/records/values.js';
import type { AppData } from './data-access.js';
import type { Answering } from '../../db/query-limits.js';

type Rec = Record<string, unknown>;
type Level = { column: ColumnMeta; value: unknown };

/** One page of a grouping: groups (each with the page below it) or, at the bottom, records. */
export interface GroupPage {
  hasNextPage: boolean;
  items: Array<Rec | ({ groupBy: { column: string; value: unknown } } & GroupPage)>;
}

const DEFAULT_PAGE = 10;
const MAX_PAGE = 100;
/** Grouping columns of one request (each level is one query per group above it). */
const MAX_LEVELS = 5;

const bad = (message: string) => new ApiError('BAD_REQUEST', message);

function size(value: unknown, name: string, fallback: number, max = MAX_PAGE, min = 1): number {
  if (value === undefined || value === null || value === '') return fallback;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max)
    throw bad(`Invalid ${name}: expected a whole number from ${min} to ${max}`);
  return n;
}

/**
 * `POST /data/data-grouping/{table}` and `…/count` (the SDK's `group` and `countInGroup`): records
 * grouped by the `groupBy` columns, level by level, under the same permission scope and where as
 * a find. `groupPath` ([{column, value}] or bare values, one per level) opens a group; `groupDepth`
 * is how many levels below it are expanded (all by default); groups are paged by
 * `groupPageSize` (and `offset` at the first level), records by `recordsPageSize`. Decision 0029.
 */
export class AppGrouping {
  constructor(
    private readonly ctx: ServerContext,
    private readonly data: AppData,
  ) {}

  /** `client`: the response the records are read for, whose client going away stops the reads (0025). */
  private async prepare(caller: AppCaller, tableName: string, body: Rec, client?: Answering) {
    const groupBy = splitList(body.groupBy).map((g) => g.replace(/`/g, ''));
    // The rest of the body is a find's query; its groupBy is the grouping's, not the SQL's.
    const { schema, table, spec } = await this.data.scoped(
      caller,
      tableName,
      { ...body, groupBy: undefined, groupPath: undefined },
      undefined,
      client,
    );
    if (!groupBy.length) throw bad('Give the columns to group by (groupBy)');
    if (groupBy.length > MAX_LEVELS) throw bad(`At most ${MAX_LEVELS} groupBy columns`);
    const hidden = await this.data.hidden(caller, table);
    const columns = groupBy.map((name) => {
      const col = table.columns.find((c) => c.name === name);
      if (!col) throw bad(`Invalid groupBy: column '${name.slice(0, 80)}' does not exist in table '${table.name}'`);
      if (hidden.has(col.name))
        throw new ApiError('FORBIDDEN', `Permission denied: column '${col.name}' of table '${table.name}' is hidden`);
      return col;
    });
    const rawPath = body.groupPath === undefined || body.groupPath === null ? [] : body.groupPath;
    if (!Array.isArray(rawPath)) throw bad('groupPath must be an array');
    if (rawPath.length > columns.length)
      throw bad(`groupPath has ${rawPath.length} levels but groupBy names ${columns.length} columns`);
    const path: Level[] = rawPath.map((step, i) => {
      const isStep = step && typeof step === 'object' && !Array.isArray(step) && 'column' in step;
      if (isStep && (step as Rec).column !== columns[i].name)
        throw bad(
          `groupPath level ${i} names column '${String((step as Rec).column).slice(0, 80)}'; groupBy has '${columns[i].name}' there`,
        );
      const value = isStep ? (step as Rec).value : step;
      if (value !== null && typeof value === 'object')
        throw bad(`groupPath level ${i}: the value must be a number, text, boolean or null`);
      return { column: columns[i], value };
    });
    return { schema, table, spec, columns, path };
  }

  async group(caller: AppCaller, tableName: string, body: Rec, client?: Answering): Promise<GroupPage> {
    const { schema, table, spec, columns, path } = await this.prepare(caller, tableName, body, client);
    const groupPageSize = size(body.groupPageSize, 'groupPageSize', DEFAULT_PAGE);
    const recordsPageSize = size(body.recordsPageSize, 'recordsPageSize', DEFAULT_PAGE);
    const remaining = columns.length - path.length;
    const depth =
      body.groupDepth === undefined || body.groupDepth === null
        ? remaining
        : Math.min(remaining, size(body.groupDepth, 'groupDepth', remaining, MAX_LEVELS, 0));
    if (!spec) return { hasNextPage: false, items: [] };
    const services = this.ctx.data;
    const level = async (at: Level[], left: number, offset: number): Promise<GroupPage> => {
      const column = columns[at.length];
      if (!column || left === 0) {
        const records = await services.query.findIn(
          caller.appId,
          schema,
          table,
          { ...spec, groupBy: [], pageSize: recordsPageSize + 1, offset },
          at,
        );
        const page = records.slice(0, recordsPageSize);
        return {
          hasNextPage: records.length > recordsPageSize,
          items: await this.data.guard(caller, schema, table, page),
        };
      }
      const filter = services.query.filtered(caller.appId, schema, table, spec, at);
      const rows = await this.data.records.groupValues(caller.appId, table, column, filter, groupPageSize + 1, offset);
      const items = [];
      for (const row of rows.slice(0, groupPageSize)) {
        const value = fromStored(column.dataType, row[column.sqlName]);
        items.push({
          groupBy: { column: column.name, value },
          ...(await level([...at, { column, value }], left - 1, 0)),
        });
      }
      return { hasNextPage: rows.length > groupPageSize, items };
    };
    const offset = typeof spec.offset === 'number' ? spec.offset : 0;
    return level(path, depth, offset);
  }

  /** How many records the group named by `groupPath` holds (all matching records without one). */
  async count(caller: AppCaller, tableName: string, body: Rec, client?: Answering): Promise<number> {
    const { schema, table, spec, path } = await this.prepare(caller, tableName, body, client);
    if (!spec) return 0;
    const services = this.ctx.data;
    const filter = services.query.filtered(caller.appId, schema, table, spec, path);
    return this.data.records.count(caller.appId, table, filter);
  }
}
