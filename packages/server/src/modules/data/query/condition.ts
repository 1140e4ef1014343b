import { sql, type RawBuilder } from 'kysely';
import { GeometryError, fromWkt, toEwkt, type Aggregate, type ColumnRef, type CompareOp, type Condition, type Literal, type Operand, type SpatialCall } from '@basalt/shared';
import type { TableInfo } from '../model.js';
import { JoinSet, col, fail, hasRelated, kindOf, resolvePath, type Ctx, type ValueKind } from './scope.js';
import { ApiError } from '../../../http/api-error.js';
import { jsonPathValue, parseJsonPath, type PathStep } from '../records/special-values.js';
import { comparable, foldConstants, isNumericKind, literalAs, type Typed } from './values.js';

/**
 * Compiles a checked where/having condition into a boolean SQL expression over the row alias.
 * A predicate that reaches through relations becomes one EXISTS subquery over the link tables, so
 * `city.name = 'Paris'` means "some related city is named Paris" for one-to-one and one-to-many.
 */

export interface HavingScope {
  /** props aliases usable by name in having (`cnt > 2`) */
  aliases: Map<string, Typed>;
  /** column names that appear in groupBy and may therefore be used bare */
  grouped: Set<string>;
}

export interface ConditionEnv {
  ctx: Ctx;
  root: TableInfo;
  alias: string;
  /** present when compiling `having`: aggregates allowed, names limited to groups and aliases */
  having?: HavingScope;
}

// Fixed SQL operator texts keyed by the parser's operator set; the input never supplies SQL text.
const OPS: Record<CompareOp, RawBuilder<unknown>> = {
  '=': sql.raw('='),
  '!=': sql.raw('<>'),
  '<': sql.raw('<'),
  '<=': sql.raw('<='),
  '>': sql.raw('>'),
  '>=': sql.raw('>='),
};

// The spatial functions by the where language's names: the same ST_ names in PostGIS and SpatiaLite.
const SPATIAL_SQL: Record<Exclude<SpatialCall['fn'], 'DISTANCEONSPHERE'>, string> = {
  WITHIN: 'ST_Within', INTERSECTS: 'ST_Intersects', CONTAINS: 'ST_Contains', CROSSES: 'ST_Crosses',
  OVERLAPS: 'ST_Overlaps', TOUCHES: 'ST_Touches', DISJOINT: 'ST_Disjoint', EQUALS: 'ST_Equals', DISTANCE: 'ST_Distance',
};

/** `DISTANCEONSPHERE` → `distanceOnSphere`, `WITHIN` → `Within`: the name as the docs write it, for messages. */
function spatialName(fn: SpatialCall['fn']): string {
  if (fn === 'DISTANCEONSPHERE') return 'distanceOnSphere';
  if (fn === 'DISTANCE') return 'distance';
  return fn.charAt(0) + fn.slice(1).toLowerCase();
}

const TRUE = sql<boolean>`(1 = 1)`;
const FALSE = sql<boolean>`(1 = 0)`;

function label(ref: ColumnRef): string {
  return ref.path.join('.');
}

/** An aggregate over one of the table's own columns (props, having, sortBy). */
export function compileAggregate(ctx: Ctx, root: TableInfo, alias: string, agg: Aggregate): Typed {
  const fnLabel = agg.fn.charAt(0) + agg.fn.slice(1).toLowerCase();
  if (!agg.arg) return { expr: sql`count(*)`, kind: 'int', label: 'Count(*)' };
  const argLabel = label(agg.arg);
  const text = `${fnLabel}(${agg.distinct ? 'distinct ' : ''}${argLabel})`;
  if (agg.arg.path.length > 1) fail(ctx, `${text} must name a column of table ${root.name}, not a related column`, argLabel, agg.arg.pos);
  const resolved = resolvePath(ctx, root, agg.arg);
  if (!resolved.column) return fail(ctx, `${text}: '${argLabel}' is a relation, not a column`, argLabel, agg.arg.pos);
  const kind = kindOf(resolved.column.dataType);
  const arg = sql`${agg.distinct ? sql`distinct ` : sql``}${col(alias, resolved.column.sqlName)}`;
  switch (agg.fn) {
    case 'COUNT':
      return { expr: sql`count(${arg})`, kind: 'int', label: text };
    case 'SUM':
    case 'AVG':
      if (!isNumericKind(kind)) fail(ctx, `${text} needs a number column`, argLabel, agg.arg.pos);
      // PostgreSQL answers sum/avg of bigint as numeric (a string in JS); double keeps both databases alike.
      return { expr: agg.fn === 'SUM' ? sql`cast(sum(${arg}) as double precision)` : sql`cast(avg(${arg}) as double precision)`, kind: 'double', label: text };
    default:
      if (kind === 'boolean' || kind === 'geometry' || kind === 'json') fail(ctx, `${text} is not defined for a ${kind === 'boolean' ? 'boolean' : kind === 'json' ? 'JSON' : 'spatial'} column`, argLabel, agg.arg.pos);
      return { expr: agg.fn === 'MIN' ? sql`min(${arg})` : sql`max(${arg})`, kind, label: text };
  }
}

type Compiled = Typed | Literal;

const isLiteral = (c: Compiled): c is Literal => (c as Literal).kind === 'literal';

class PredicateCompiler {
  readonly joins: JoinSet;

  constructor(private readonly env: ConditionEnv) {
    this.joins = new JoinSet(env.ctx, env.alias, env.root);
  }

  private get ctx(): Ctx {
    return this.env.ctx;
  }

  column(ref: ColumnRef): Typed {
    const { ctx, root, having } = this.env;
    const name = label(ref);
    if (having) {
      const aliased = ref.path.length === 1 ? having.aliases.get(ref.path[0]) : undefined;
      if (aliased) return aliased;
      if (ref.path.length > 1) fail(ctx, `'${name}' cannot be used in having: use aggregates, props aliases or groupBy columns`, name, ref.pos);
    }
    const resolved = resolvePath(ctx, root, ref);
    if (!resolved.column) {
      return fail(ctx, `'${name}' is a relation: compare its columns (e.g. ${name}.objectId) or use IS NULL`, name, ref.pos);
    }
    if (having && !having.grouped.has(resolved.column.name)) {
      fail(ctx, `Column '${name}' in having must be in groupBy or inside an aggregate`, name, ref.pos);
    }
    const owner = this.joins.ownerAlias(resolved, ref.path);
    const kind = kindOf(resolved.column.dataType);
    if (ref.json) return this.jsonPath(ref, kind, col(owner, resolved.column.sqlName));
    return { expr: col(owner, resolved.column.sqlName), kind, label: name };
  }

  /** `doc->'$.a.b'`: the value inside a JSON column; its kind is settled by what it is compared with. */
  private jsonPath(ref: ColumnRef, kind: ValueKind, doc: RawBuilder<unknown>): Typed {
    const { ctx } = this;
    const json = ref.json!;
    const name = label(ref);
    if (kind !== 'json') fail(ctx, `'${name}' is not a JSON column: '->' reads inside JSON columns only (position ${json.pos})`, name, ref.pos);
    let steps: PathStep[];
    try {
      steps = parseJsonPath(json.path);
    } catch (err) {
      if (err instanceof ApiError) fail(ctx, `${err.message} at position ${json.pos}`, `'${json.path.slice(0, 80)}'`, json.pos);
      throw err;
    }
    const db = ctx.dbs.kind;
    return { expr: jsonPathValue(db, doc, steps, 'any'), kind: 'json', label: `${name}->'${json.path}'`, json: (as) => jsonPathValue(db, doc, steps, as) };
  }

  /**
   * A JSON path compared with `other`: read as a number, text or boolean as `other` is (a literal's
   * type, or an operand's kind). A whole JSON column has no such reading and is refused.
   */
  private settle(t: Typed, other: Compiled | undefined, pos: number): Typed {
    if (t.kind !== 'json') return t;
    if (!t.json) return fail(this.ctx, `${t.label} is a JSON column: compare a value inside it through a JSON path, such as ${t.label}->'$.name' = 'x', at position ${pos}`, t.label, pos);
    let as: 'text' | 'double' | 'boolean' = 'text';
    if (other && isLiteral(other)) as = typeof other.value === 'number' ? 'double' : typeof other.value === 'boolean' ? 'boolean' : 'text';
    else if (other) as = isNumericKind(other.kind) ? 'double' : other.kind === 'boolean' ? 'boolean' : 'text';
    return { expr: t.json(as), kind: as, label: t.label };
  }

  operand(op: Operand): Compiled {
    switch (op.kind) {
      case 'literal':
        return op;
      case 'unit':
        return { kind: 'literal', value: op.km, pos: op.pos };
      case 'column':
        return this.column(op);
      case 'aggregate':
        if (!this.env.having) fail(this.ctx, `Aggregate ${op.fn} at position ${op.pos} is only allowed in having and props`, op.fn, op.pos);
        return compileAggregate(this.ctx, this.env.root, this.env.alias, op);
      case 'distance': {
        const args = op.args.map((a) => {
          const c = this.operand(a);
          if (isLiteral(c)) {
            if (typeof c.value !== 'number') fail(this.ctx, `distance() takes numbers, not ${String(c.value)} at position ${c.pos}`, String(c.value), c.pos);
            return sql`cast(${c.value} as double precision)`;
          }
          if (!isNumericKind(c.kind)) fail(this.ctx, `distance() takes number columns, not ${c.label}`, c.label, a.pos);
          return c.expr;
        });
        return { expr: this.ctx.dbs.distanceKm(args[0], args[1], args[2], args[3]), kind: 'double', label: 'distance()' };
      }
      case 'spatial':
        return this.spatial(op);
    }
  }

  /**
   * A spatial function over two geometries: spatial columns, or WKT literals that are read and
   * checked here (a bad one is a 400 naming the problem) and then bound as parameters.
   */
  private spatial(op: SpatialCall): Typed {
    const name = spatialName(op.fn);
    const { dbs } = this.ctx;
    const [a, b] = op.args.map((arg) => {
      const c = this.operand(arg);
      if (isLiteral(c)) {
        const shown = typeof c.value === 'string' ? `'${c.value}'` : String(c.value);
        if (typeof c.value !== 'string') fail(this.ctx, `${name}() takes a spatial column or a WKT text such as 'POINT(x y)', not ${shown} at position ${c.pos}`, shown, c.pos);
        try {
          return dbs.geometryParam(toEwkt(fromWkt(c.value)));
        } catch (err) {
          if (err instanceof GeometryError) fail(this.ctx, `${name}() at position ${c.pos}: ${err.message}`, shown, c.pos);
          throw err;
        }
      }
      if (c.kind !== 'geometry') fail(this.ctx, `${name}() takes spatial columns (POINT, LINESTRING, POLYGON, GEOMETRY) or WKT texts, not ${c.label} (${c.kind})`, c.label, arg.pos);
      return dbs.geometryColumn(c.expr);
    });
    const label = `${name}()`;
    if (op.fn === 'DISTANCEONSPHERE') return { expr: dbs.distanceOnSphereM(a, b), kind: 'double', label };
    const expr = sql`${sql.raw(SPATIAL_SQL[op.fn])}(${a}, ${b})`;
    return { expr, kind: op.fn === 'DISTANCE' ? 'double' : 'boolean', label };
  }

  /** An operand that must be a column-like value (the left of LIKE, IN, BETWEEN, IS NULL). */
  typed(op: Operand, what: string): Typed {
    const c = this.operand(op);
    if (isLiteral(c)) {
      const shown = typeof c.value === 'string' ? `'${c.value}'` : String(c.value);
      return fail(this.ctx, `${what} needs a column on its left, not ${shown} at position ${c.pos}`, shown, c.pos);
    }
    return c;
  }

  /** The other side of a comparison with `against`: a literal of its type or a comparable operand. */
  value(op: Operand, against: Typed): RawBuilder<unknown> {
    const c = this.operand(op);
    if (isLiteral(c)) return literalAs(this.ctx, c, against);
    if (!comparable(c.kind, against.kind)) fail(this.ctx, `Cannot compare ${against.label} (${against.kind}) with ${c.label} (${c.kind})`, c.label, op.pos);
    return c.expr;
  }

  predicate(cond: Exclude<Condition, { kind: 'and' | 'or' | 'not' }>): RawBuilder<boolean> {
    const ctx = this.ctx;
    switch (cond.kind) {
      case 'compare': {
        // distanceOnSphere answers metres: a km(…), mi(…) or yd(…) beside it is taken in metres too.
        const inMetres = (a: Operand, b: Operand): Operand => (a.kind === 'unit' && b.kind === 'spatial' && b.fn === 'DISTANCEONSPHERE' ? { kind: 'literal', value: a.km * 1000, pos: a.pos } : a);
        let left = this.operand(inMetres(cond.left, cond.right));
        let right = this.operand(inMetres(cond.right, cond.left));
        const isNull = (c: Compiled) => isLiteral(c) && c.value === null;
        if (!isLiteral(left) && !isNull(right)) left = this.settle(left, right, cond.left.pos);
        if (!isLiteral(right) && !isNull(left)) right = this.settle(right, left, cond.right.pos);
        if (isLiteral(left) && isLiteral(right)) return foldConstants(cond.op, left.value, right.value) ? TRUE : FALSE;
        const [typed, other] = isLiteral(left) ? [right as Typed, left] : [left, right];
        if (isLiteral(other) && other.value === null) {
          if (cond.op === '=') return sql<boolean>`${typed.expr} is null`;
          if (cond.op === '!=') return sql<boolean>`${typed.expr} is not null`;
          fail(ctx, `null can only be compared with = or != at position ${other.pos}`, 'null', other.pos);
        }
        if (typed.kind === 'geometry') {
          fail(ctx, `${typed.label} is a spatial column: compare it through a spatial function such as Equals(${typed.label}, 'POINT(x y)') = true, at position ${cond.pos}`, cond.op, cond.pos);
        }
        if (typed.kind === 'boolean' && cond.op !== '=' && cond.op !== '!=') {
          fail(ctx, `${typed.label} is a boolean: compare it with = or !=, not '${cond.op}' at position ${cond.pos}`, cond.op, cond.pos);
        }
        if (!isLiteral(other) && !comparable(typed.kind, other.kind)) {
          fail(ctx, `Cannot compare ${typed.label} (${typed.kind}) with ${other.label} (${other.kind})`, other.label, cond.right.pos);
        }
        const l = isLiteral(left) ? literalAs(ctx, left, typed) : left.expr;
        const r = isLiteral(right) ? literalAs(ctx, right, typed) : right.expr;
        return sql<boolean>`${l} ${OPS[cond.op]} ${r}`;
      }
      case 'like': {
        const target = this.settle(this.typed(cond.target, 'LIKE'), { kind: 'literal', value: '', pos: 0 }, cond.target.pos);
        const pattern = this.operand(cond.pattern);
        if (!isLiteral(pattern) || pattern.value === null || typeof pattern.value === 'boolean') {
          const shown = isLiteral(pattern) ? String(pattern.value) : pattern.label;
          return fail(ctx, `LIKE needs a text pattern such as '%abc%', not ${shown} at position ${cond.pattern.pos}`, shown, cond.pattern.pos);
        }
        const patternText = String(pattern.value);
        // An odd run of trailing backslashes escapes nothing; PostgreSQL would fail on it at run time.
        if (/(^|[^\\])(\\\\)*\\$/.test(patternText)) {
          fail(ctx, `LIKE pattern '${patternText}' ends with the escape character \\ at position ${cond.pattern.pos}`, `'${patternText}'`, cond.pattern.pos);
        }
        const { dbs } = ctx;
        let subject: RawBuilder<unknown>;
        let matched = patternText;
        if (target.kind === 'text') subject = target.expr;
        else if (isNumericKind(target.kind)) subject = dbs.numberAsText(target.expr, target.kind === 'int');
        else if (target.kind === 'datetime') {
          subject = dbs.datetimeAsText(target.expr);
          // The search box sends times as '09:05 GMT'; the text is already UTC, so the zone is dropped.
          matched = patternText.replace(/ (?:G|GM|GMT|GMT\+0+)(%?)$/, '$1');
        } else if (target.kind === 'geometry') {
          return fail(ctx, `LIKE does not apply to the spatial column ${target.label}: use a spatial function such as Within(${target.label}, 'POLYGON((…))') = true`, target.label, cond.target.pos);
        } else return fail(ctx, `LIKE does not apply to the boolean ${target.label}: compare it with = true or = false`, target.label, cond.target.pos);
        const like = dbs.likeInsensitive(subject, sql`${matched}`);
        return cond.negated ? sql<boolean>`not ${like}` : like;
      }
      case 'in': {
        const raw = this.typed(cond.target, 'IN');
        const target = this.settle(raw, raw.kind === 'json' && cond.values[0] ? this.operand(cond.values[0]) : undefined, cond.target.pos);
        const values = cond.values.map((v) => this.value(v, target));
        return sql<boolean>`${target.expr} ${cond.negated ? sql`not in` : sql`in`} (${sql.join(values)})`;
      }
      case 'isNull': {
        const t = cond.target;
        if (t.kind === 'column' && !this.env.having) {
          const resolved = resolvePath(ctx, this.env.root, t);
          if (resolved.relation) {
            const owner = this.joins.ownerAlias(resolved, t.path);
            const any = hasRelated(ctx, owner, resolved.owner, resolved.relation);
            return cond.negated ? any : sql<boolean>`not ${any}`;
          }
        }
        const target = this.typed(t, 'IS NULL');
        return sql<boolean>`${target.expr} ${cond.negated ? sql`is not null` : sql`is null`}`;
      }
      case 'between': {
        const raw = this.typed(cond.target, 'BETWEEN');
        const target = this.settle(raw, raw.kind === 'json' ? this.operand(cond.low) : undefined, cond.target.pos);
        if (target.kind === 'boolean' || target.kind === 'geometry') fail(ctx, `BETWEEN does not apply to the ${target.kind === 'boolean' ? 'boolean' : 'spatial column'} ${target.label}`, target.label, cond.target.pos);
        const low = this.value(cond.low, target);
        const high = this.value(cond.high, target);
        return sql<boolean>`${target.expr} ${cond.negated ? sql`not between` : sql`between`} ${low} and ${high}`;
      }
    }
  }
}

export function compileCondition(env: ConditionEnv, cond: Condition): RawBuilder<boolean> {
  switch (cond.kind) {
    case 'and':
      return sql<boolean>`(${compileCondition(env, cond.left)} and ${compileCondition(env, cond.right)})`;
    case 'or':
      return sql<boolean>`(${compileCondition(env, cond.left)} or ${compileCondition(env, cond.right)})`;
    case 'not':
      return sql<boolean>`not (${compileCondition(env, cond.expr)})`;
    default: {
      const p = new PredicateCompiler(env);
      const pred = p.predicate(cond);
      return p.joins.exists(sql`(${pred})`);
    }
  }
}
