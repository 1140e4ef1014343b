import type { DataServices, TableMeta } from '../data/index.js';

/** Values asked per query: the largest page a record find answers. */
const BATCH = 100;

type RecordSpec = Parameters<DataServices['query']['find']>[3];

/** A value as one comparable text: booleans as the 1/0 they are stored as, the rest as text. */
export function valueKey(value: unknown): string {
  if (value === true) return '1';
  if (value === false) return '0';
  return String(value);
}

/** A where-language literal; the where compiler binds it as a parameter, it never becomes SQL text. */
function literal(value: unknown): string | undefined {
  if (typeof value === 'string') return `'${value.replace(/'/g, "''")}'`;
  if (typeof value === 'number' && Number.isFinite(value))
    return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return String(value);
  return undefined;
}

/**
 * Which of `values` some record of `table` already holds in `column` (keys as `valueKey`). The
 * lookup goes through the data service's record queries, so it sees what a create would collide
 * with, on either database.
 */
export async function existingValues(
  data: DataServices,
  appId: string,
  table: TableMeta,
  column: string,
  values: unknown[],
): Promise<Set<string>> {
  const found = new Set<string>();
  const schema = await data.schema(appId);
  const distinct = [...new Map(values.map((v) => [valueKey(v), v])).values()];
  for (let i = 0; i < distinct.length; i += BATCH) {
    const literals = distinct
      .slice(i, i + BATCH)
      .map(literal)
      .filter((l): l is string => l !== undefined);
    if (!literals.length) continue;
    const spec: RecordSpec = {
      where: `\`${column}\` in (${literals.join(', ')})`,
      props: [column],
      sortBy: [],
      excludeProps: [],
      groupBy: [],
      distinct: false,
      loadRelations: [],
      pageSize: BATCH,
      offset: 0,
    };
    const rows = await data.query.find(appId, schema, table, spec);
    for (const row of rows) if (row[column] !== null && row[column] !== undefined) found.add(valueKey(row[column]));
  }
  return found;
}
