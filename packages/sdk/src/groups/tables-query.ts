/**
 * Record-query bodies of the data routes, built from the console's query object by the reference
 * client's rules: paging defaults, `sortField`+`sortDir` folded into `sortBy`, optional keys copied
 * only when set, and the search box text turned into a `where` (see `buildSearchWhere`).
 */
import { buildSearchWhere, Routes, type BodyOf, type SearchableTable } from '@basalt/shared';

/** A list value: the wire takes a comma-joined string or an array. */
export type ListArg = NonNullable<BodyOf<typeof Routes.tables.loadRecords>['sortBy']>;

/** The body of a records find (and the base of its count): the route's, with paging always set. */
export type RecordsQueryBody = BodyOf<typeof Routes.tables.loadRecords> & { pageSize: number; offset: number };

/**
 * What the console's records browser passes to `loadRecords`, `getRecordsCount` and
 * `exportRecords`: the body's keys (paging defaults to 15 from 0), and the browser's own inputs that
 * become its `where` and `sortBy`.
 */
export type RecordsQuery = Omit<BodyOf<typeof Routes.tables.loadRecords>, 'where'> & {
  /** Search box text (free text), or a where condition when `sqlSearch` is true. */
  where?: string | null;
  /** Use `where` verbatim instead of turning it into a free-text search. */
  sqlSearch?: boolean;
  /** A separate where condition (the filter builder); AND-ed with the search. */
  filterString?: string | null;
  /** With `sortDir`: sent as `sortBy: "<sortField> <sortDir>"` when `sortBy` is absent. */
  sortField?: string;
  sortDir?: string;
};

/** A table as the search needs it; tables from `tables.get` fit (columns may be absent). */
export type SearchTable = Partial<SearchableTable> & { name: string };

/** The `where` of a records query (search text translated, filter AND-ed). */
export function recordsWhere(table: SearchTable, query: RecordsQuery): string | undefined {
  const searchable: SearchableTable = { name: table.name, columns: table.columns ?? [] };
  // Any truthy `sqlSearch` means the text is a where condition, as in the reference client.
  return buildSearchWhere(searchable, query.where, query.filterString, { sqlSearch: !!query.sqlSearch });
}

function sortOf(query: RecordsQuery): ListArg | undefined {
  if (query.sortBy) return query.sortBy;
  return query.sortField && query.sortDir ? `${query.sortField} ${query.sortDir}` : undefined;
}

/** Copies the keys whose value is truthy (the reference drops empty strings, false and 0 alike). */
function copyTruthy<T extends object>(target: T, source: object, keys: readonly string[]): T {
  for (const key of keys) {
    const value = (source as Record<string, unknown>)[key];
    if (value) (target as Record<string, unknown>)[key] = value;
  }
  return target;
}

const FIND_EXTRAS = ['property', 'props', 'groupBy', 'having', 'distinct', 'loadRelations'] as const;
// The count keeps everything but paging and sorting (`property` too), as the reference client sends it.
const COUNT_EXTRAS = ['property', 'props', 'groupBy', 'having', 'distinct', 'loadRelations'] as const;

/** Body of a records find: `{pageSize, offset, where?, sortBy?, property?, props?, groupBy?, having?, distinct?, loadRelations?}`. */
export function recordsFindBody(table: SearchTable, query: RecordsQuery = {}): RecordsQueryBody {
  const body: RecordsQueryBody = { pageSize: query.pageSize ?? 15, offset: query.offset ?? 0 };
  const where = recordsWhere(table, query);
  if (where) body.where = where;
  const sortBy = sortOf(query);
  if (sortBy) body.sortBy = sortBy;
  return copyTruthy(body, query, FIND_EXTRAS);
}

/** Body of a records count: the find's body without paging and sorting. */
export function recordsCountBody(
  table: SearchTable,
  query: RecordsQuery = {},
): Omit<RecordsQueryBody, 'pageSize' | 'offset' | 'sortBy'> {
  const body: Omit<RecordsQueryBody, 'pageSize' | 'offset' | 'sortBy'> = {};
  const where = recordsWhere(table, query);
  if (where) body.where = where;
  return copyTruthy(body, query, COUNT_EXTRAS);
}

/**
 * Body of a CSV export as the reference client sends it: `{sortBy?, props?, where?}` in that
 * order, lists comma-joined, empty values left out.
 */
export function recordsExportBody(
  table: SearchTable,
  query: RecordsQuery = {},
): { sortBy?: string; props?: string; where?: string } {
  const join = (v: ListArg | null | undefined) => (Array.isArray(v) ? v.join(',') : v) || undefined;
  const body: { sortBy?: string; props?: string; where?: string } = {};
  const sortBy = join(query.sortBy);
  if (sortBy) body.sortBy = sortBy;
  const props = join(query.props);
  if (props) body.props = props;
  const where = recordsWhere(table, query);
  if (where) body.where = where;
  return body;
}
