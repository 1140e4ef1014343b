/**
 * The syntax tree of the where language: what `where`, `having`, `props`, `groupBy` and `sortBy`
 * of a record query parse into. The parser only knows the grammar; checking names and types
 * against a table's schema is the server's job. Every node carries `pos`, the 0-based offset in
 * the source text, so that later checks can point at the offending token too.
 */

/** Aggregate functions allowed in props, having and sortBy. */
export const AggregateFunctions = ['COUNT', 'SUM', 'AVG', 'MIN', 'MAX'] as const;
export type AggregateFunction = (typeof AggregateFunctions)[number];

/** Distance units of `distance(...) < km(10)`; the value is converted to kilometres. */
export const DistanceUnits = { KM: 1, MI: 1.609344, YD: 0.0009144 } as const;
export type DistanceUnit = keyof typeof DistanceUnits;

/** `a`, `city.name`, `` `city`.`name` ``: segments as written, without quotes. */
export interface ColumnRef {
  kind: 'column';
  path: string[];
  pos: number;
  /** `profile->'$.address.city'`: a value inside a JSON column, by its JSON path (where and having) */
  json?: { path: string; pos: number };
}

export interface Literal {
  kind: 'literal';
  value: string | number | boolean | null;
  pos: number;
}

/** `Count(objectId)`, `Sum(price)`, `Count(*)`, `Count(distinct name)`. */
export interface Aggregate {
  kind: 'aggregate';
  fn: AggregateFunction;
  /** null for `*` */
  arg: ColumnRef | null;
  distinct: boolean;
  pos: number;
}

/** `distance(lat, lng, latitude, longitude)`: kilometres between two points in degrees. */
export interface DistanceCall {
  kind: 'distance';
  args: [Operand, Operand, Operand, Operand];
  pos: number;
}

/**
 * Spatial relations of the where language (Backendless's spatial retrieval): each compares a
 * spatial column with another or with a WKT literal and is true or false, `Within(location,
 * 'POLYGON((…))') = true`.
 */
export const SpatialRelations = [
  'WITHIN',
  'INTERSECTS',
  'CONTAINS',
  'CROSSES',
  'OVERLAPS',
  'TOUCHES',
  'DISJOINT',
  'EQUALS',
] as const;
export type SpatialRelation = (typeof SpatialRelations)[number];

/**
 * A spatial function of two geometries: a relation (true/false), `distance(a, b)` (planar, in
 * degrees) or `distanceOnSphere(a, b)` (metres over the Earth's sphere).
 */
export interface SpatialCall {
  kind: 'spatial';
  fn: SpatialRelation | 'DISTANCE' | 'DISTANCEONSPHERE';
  args: [Operand, Operand];
  pos: number;
}

/** `km(10)`, `mi(2.5)`, `yd(300)`: a length, compared in kilometres. */
export interface UnitValue {
  kind: 'unit';
  unit: DistanceUnit;
  value: number;
  /** `value` converted to kilometres */
  km: number;
  pos: number;
}

/** Anything that can stand on either side of a comparison. */
export type Operand = ColumnRef | Literal | Aggregate | DistanceCall | SpatialCall | UnitValue;

export type CompareOp = '=' | '!=' | '<' | '<=' | '>' | '>=';

export interface Compare {
  kind: 'compare';
  op: CompareOp;
  left: Operand;
  right: Operand;
  pos: number;
}

export interface Like {
  kind: 'like';
  negated: boolean;
  target: Operand;
  pattern: Operand;
  pos: number;
}

export interface InList {
  kind: 'in';
  negated: boolean;
  target: Operand;
  values: Operand[];
  pos: number;
}

export interface IsNull {
  kind: 'isNull';
  negated: boolean;
  target: Operand;
  pos: number;
}

export interface Between {
  kind: 'between';
  negated: boolean;
  target: Operand;
  low: Operand;
  high: Operand;
  pos: number;
}

export interface Logical {
  kind: 'and' | 'or';
  left: Condition;
  right: Condition;
  pos: number;
}

export interface Not {
  kind: 'not';
  expr: Condition;
  pos: number;
}

/** A boolean expression: the whole of a `where` or `having`. */
export type Condition = Compare | Like | InList | IsNull | Between | Logical | Not;

/** One item of `props`: `*`, a column or an aggregate, optionally `as alias`. */
export type PropItem =
  | { kind: 'all'; pos: number }
  | { kind: 'column'; column: ColumnRef; alias: string | null; pos: number }
  | { kind: 'aggregate'; aggregate: Aggregate; alias: string | null; pos: number };

/** One item of `sortBy`: a column (or a props alias) or an aggregate, ascending unless `desc`. */
export interface SortItem {
  target: ColumnRef | Aggregate;
  descending: boolean;
  pos: number;
}
