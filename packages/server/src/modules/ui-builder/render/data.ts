import { bindWhereParams, parseDataSourceWhere, type DataSource, type PathBinding } from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import type { AppCaller } from '../../../http/app-auth.js';
import type { AppData } from '../../appapi/data-access.js';
import { readPath, type DataResult, type RenderScope } from './scope.js';

const SORT = /^([A-Za-z_][A-Za-z0-9_]{0,99})(?: (asc|desc))?$/i;
const PAGE = /^[1-9]\d{0,3}$/;
const DEFAULT_PAGE_SIZE = 10;

/**
 * The anonymous visitor of an app's published pages: the roles of a JS client without a user
 * token (NotAuthenticatedUser among them), so every permission applies as on the app API.
 */
export async function visitorOf(ctx: ServerContext, appId: string): Promise<AppCaller> {
  const caller = ctx.security.callerNow(appId, 'JS', null) ?? (await ctx.security.callerFor(appId, 'JS', null));
  return { ...caller, apiKey: '', token: null };
}

type Scalar = string | number | boolean | null;
const scalar = (v: unknown): Scalar =>
  v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : null;

/**
 * Reads every data source of the page as the visitor, through the app API's data access (its
 * permission checks, hidden columns, row filters). The where is the parsed condition with its
 * parameters bound as literals; the URL may choose the page (`{id}.page`) and the sort
 * (`{id}.sort=column desc`, a column of the table only). A source that fails renders empty.
 */
export async function resolveData(
  ctx: ServerContext,
  data: AppData,
  caller: AppCaller,
  sources: DataSource[],
  query: Record<string, string>,
  scope: Pick<RenderScope, 'page' | 'route' | 'user' | 'app'>,
): Promise<Record<string, DataResult>> {
  const out: Record<string, DataResult> = {};
  const schema = ctx.data.schemaNow(caller.appId) ?? (await ctx.data.schema(caller.appId));
  await Promise.all(
    sources.map(async (ds) => {
      const pageSize = ds.pageSize ?? DEFAULT_PAGE_SIZE;
      const pageText = query[`${ds.id}.page`];
      const page = pageText && PAGE.test(pageText) ? Number(pageText) : 1;
      const asked = SORT.exec(query[`${ds.id}.sort`] ?? '');
      const table = schema.table(ds.table);
      const columns = table?.columns.map((c) => c.name) ?? [];
      const sort = asked && columns.includes(asked[1]) ? `${asked[1]} ${(asked[2] ?? 'asc').toLowerCase()}` : null;
      const dates = new Set([
        'created',
        'updated',
        ...(table?.columns.filter((c) => c.dataType === 'DATETIME').map((c) => c.name) ?? []),
      ]);
      const result: DataResult = { rows: [], page, pageSize, sort, more: false, failed: false, dates };
      out[ds.id] = result;
      try {
        const parsed = parseDataSourceWhere(ds.where);
        if ('error' in parsed) throw new Error(parsed.error);
        const values: Record<string, Scalar> = {};
        for (const [name, v] of Object.entries(ds.params ?? {}))
          values[name] =
            v && typeof v === 'object' ? scalar(readPath(scope as RenderScope, (v as PathBinding).$path)) : scalar(v);
        const condition = parsed.condition ? bindWhereParams(parsed.condition, values) : undefined;
        // One row past the page tells whether a next page exists (the data API's page is at most 100).
        const fetch = pageSize < 100 ? pageSize + 1 : pageSize;
        const sortBy = sort
          ? [sort]
          : ds.sortBy === undefined
            ? []
            : Array.isArray(ds.sortBy)
              ? ds.sortBy
              : [ds.sortBy];
        const rows = await data.find(
          caller,
          ds.table,
          { pageSize: fetch, offset: (page - 1) * pageSize, sortBy, ...(ds.props?.length ? { props: ds.props } : {}) },
          true,
          condition ? [condition] : undefined,
        );
        result.more = rows.length > pageSize || (fetch === pageSize && rows.length === pageSize);
        result.rows = rows.slice(0, pageSize);
      } catch (err) {
        // Denied, a table or column gone since publishing: the component shows its empty state.
        result.failed = true;
        ctx.log.debug({ err, table: ds.table, dataSource: ds.id }, 'UI page data source failed');
      }
    }),
  );
  return out;
}
