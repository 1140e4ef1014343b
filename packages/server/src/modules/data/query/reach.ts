import { conditionColumns, parseSortBy, type ColumnRef } from '@basalt/shared';
import { parseWhereOnce } from './refused-texts.js';
import type { TableInfo } from '../model.js';

/**
 * The tables a query walks into through relation paths. Only `where` and `sortBy` can name a
 * related column (props, groupBy, having and aggregates take the table's own columns). The app
 * API asks this first so that it can load, for just those tables, what the caller may read there
 * before the query is compiled (`QueryAccess`).
 *
 * Text that does not parse, or names that do not resolve, reach nothing here: compiling the query
 * refuses them with the precise error afterwards.
 */
const memory = new WeakMap<TableInfo, Map<string, TableInfo[]>>();
const MAX_PER_TABLE = 1000;
const MAX_KEY_LENGTH = 20_000;

export function relationTargets<T extends TableInfo>(schema: { table(name: string): T | undefined }, table: T, where: string | undefined, sortBy: string[]): T[] {
  if (table.relations.length === 0) return [];
  const key = `${where ?? ''}\u0000${sortBy.join('\u0000')}`;
  let known = memory.get(table);
  const hit = known?.get(key);
  if (hit) return hit as T[];
  const refs: ColumnRef[] = [];
  try {
    const cond = parseWhereOnce(where);
    if (cond) conditionColumns(cond, refs);
  } catch {
    /* refused when compiled */
  }
  try {
    for (const s of parseSortBy(sortBy)) if (s.target.kind === 'column') refs.push(s.target);
  } catch {
    /* refused when compiled */
  }
  const out = new Set<T>();
  for (const ref of refs) {
    let current: T | undefined = table;
    for (const name of ref.path.slice(0, -1)) {
      const relation: TableInfo['relations'][number] | undefined = current.relations.find((r) => r.name === name);
      current = relation ? schema.table(relation.toTableName) : undefined;
      if (!current) break;
      out.add(current);
    }
    // A path ending on a relation (`author IS NULL`) also looks into the related table.
    const last = current?.relations.find((r) => r.name === ref.path[ref.path.length - 1]);
    const end = last && schema.table(last.toTableName);
    if (end) out.add(end);
  }
  const found = [...out];
  // Long texts are not kept: a thousand texts of up to a million characters each would hold gigabytes.
  if (key.length > MAX_KEY_LENGTH) return found;
  if (!known) memory.set(table, (known = new Map()));
  if (known.size >= MAX_PER_TABLE) known.clear();
  known.set(key, found);
  return found;
}
