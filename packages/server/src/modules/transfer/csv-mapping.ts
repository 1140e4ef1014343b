import { ApiError } from '../../http/api-error.js';
import type { ColumnMeta, RelationMeta, TableMeta } from '../data/index.js';

/** Where one CSV cell position goes. */
export type CellTarget =
  | { kind: 'column'; column: ColumnMeta }
  | { kind: 'relation'; relation: RelationMeta }
  /** a column that `createColumns` adds (STRING) */
  | { kind: 'new'; name: string };

export interface ColumnPlan {
  /** Target of each cell position; `undefined` = the cell is left out. */
  targets: Array<CellTarget | undefined>;
  /** Label of each position in messages: its header, or `column N` without a header line. */
  labels: string[];
  ignoredColumns: string[];
  newColumns: string[];
}

/** Kept by the data service itself; an exported file's values for them are not imported. */
const MANAGED = new Set(['created', 'updated']);

const short = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}...` : s);

/**
 * Decides where each CSV column goes. `mapping` sends a header (or a 1-based position as text when
 * there is no header line) to a column name or to null; other headers go to the column of the same
 * name (exact, else ignoring case, as column names are unique without case). Headers that match no
 * column are ignored and reported, or become new columns with `createColumns`.
 */
export function planColumns(
  table: TableMeta,
  header: Array<string | null> | undefined,
  width: number,
  mapping: Record<string, string | null> | undefined,
  createColumns: boolean,
): ColumnPlan {
  const labels = Array.from({ length: width }, (_, i) => (header ? (header[i] ?? '').trim() : '') || `column ${i + 1}`);
  const keys = Array.from({ length: width }, (_, i) => (header ? (header[i] ?? '').trim() : String(i + 1)));
  const seen = new Map<string, number>();
  keys.forEach((k, i) => {
    if (header && k && seen.has(k))
      throw ApiError.field(
        'BAD_REQUEST',
        short(k),
        `The header names column '${short(k)}' twice (cells ${seen.get(k)! + 1} and ${i + 1})`,
      );
    seen.set(k, i);
  });
  for (const key of Object.keys(mapping ?? {})) {
    if (!seen.has(key))
      throw ApiError.field(
        'BAD_REQUEST',
        short(key),
        header
          ? `The mapping names '${short(key)}', which is not in the header line`
          : `The mapping names '${short(key)}'; without a header line mapping keys are cell positions 1 to ${width}`,
      );
  }

  const find = (name: string): CellTarget | undefined => {
    const lower = name.toLowerCase();
    const column =
      table.columns.find((c) => c.name === name) ?? table.columns.find((c) => c.name.toLowerCase() === lower);
    if (column) return { kind: 'column', column };
    const relation =
      table.relations.find((r) => r.name === name) ?? table.relations.find((r) => r.name.toLowerCase() === lower);
    return relation ? { kind: 'relation', relation } : undefined;
  };

  const plan: ColumnPlan = { targets: [], labels, ignoredColumns: [], newColumns: [] };
  const used = new Map<string, string>();
  keys.forEach((key, i) => {
    const mapped = mapping && Object.prototype.hasOwnProperty.call(mapping, key) ? mapping[key] : undefined;
    let target: CellTarget | undefined;
    // An empty target name can only mean "leave it out" (a form sending null as empty text).
    if (mapped === null || mapped === '' || (!header && mapped === undefined) || !key) target = undefined;
    else if (mapped !== undefined) {
      target = find(mapped);
      if (!target && createColumns) target = { kind: 'new', name: mapped };
      if (!target)
        throw ApiError.field(
          'BAD_REQUEST',
          short(mapped),
          `The mapping sends '${short(key)}' to column '${short(mapped)}', which does not exist in table '${table.name}'`,
        );
    } else {
      target = find(key);
      if (!target && createColumns) target = { kind: 'new', name: key };
    }
    if (target?.kind === 'column' && MANAGED.has(target.column.name) && target.column.system) target = undefined;
    if (!target) {
      plan.ignoredColumns.push(labels[i]);
      plan.targets.push(undefined);
      return;
    }
    const name =
      target.kind === 'column' ? target.column.name : target.kind === 'relation' ? target.relation.name : target.name;
    const clash = used.get(name.toLowerCase());
    if (clash !== undefined)
      throw ApiError.field(
        'BAD_REQUEST',
        name,
        `CSV columns '${short(clash)}' and '${short(labels[i])}' both go to column '${name}'; map one of them to null`,
      );
    used.set(name.toLowerCase(), labels[i]);
    if (target.kind === 'new') plan.newColumns.push(name);
    plan.targets.push(target);
  });
  return plan;
}
