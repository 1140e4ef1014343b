import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import { parseDateLiteral } from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import { parseFilter, WhereSyntaxError, type Condition } from '../../realtime/index.js';
import type { MessagingDB } from './messaging.schema.js';

type DeviceEb = ExpressionBuilder<MessagingDB, 'msg_devices'>;
type Operand = Extract<Condition, { kind: 'compare' }>['left'];
type Value = string | number | Expression<unknown> | null;
/** Case-insensitive LIKE with `\` as escape, from the dialect (same as record queries). */
export type LikeFn = (value: Expression<unknown>, pattern: string) => Expression<SqlBool>;

/** Device fields a where clause may name (the console and SDK spelling), and their columns. */
const COLUMNS: Record<string, string> = {
  objectId: 'msg_devices.id',
  deviceId: 'msg_devices.device_id',
  deviceToken: 'msg_devices.device_token',
  os: 'msg_devices.os',
  operatingSystemName: 'msg_devices.os',
  osVersion: 'msg_devices.os_version',
  operatingSystemVersion: 'msg_devices.os_version',
  expiration: 'msg_devices.expiration',
  created: 'msg_devices.created',
  updated: 'msg_devices.updated',
};

/** Device fields holding times (epoch milliseconds); every other field holds text. */
const TIME_FIELDS = new Set(['expiration', 'created', 'updated']);

/** `channelName = 'news'` (or `channel`) asks for devices registered on that channel. */
const CHANNEL_FIELDS = new Set(['channel', 'channelName', 'channels']);

const bad = (message: string) => ApiError.field('BAD_REQUEST', 'where', `Invalid where clause: ${message}`);

/** Parses a where over devices (the product's where language); a 400 naming the problem otherwise. */
export function parseDeviceWhere(text: string | undefined): Condition | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  try {
    return parseFilter(text);
  } catch (err) {
    if (err instanceof WhereSyntaxError) throw bad(err.message);
    throw err;
  }
}

function columnName(o: Operand): string | undefined {
  return o.kind === 'column' ? o.path.join('.') : undefined;
}

function literal(o: Operand): string | number | boolean | null {
  if (o.kind !== 'literal') throw bad(`compare a device field with a value (position ${o.pos})`);
  return o.value;
}

/**
 * A value as the field it meets holds it, so both databases compare alike: PostgreSQL types a
 * parameter from its column and refuses text that is no number for a time field, where SQLite
 * would compare the text anyway. Times take epoch milliseconds or a date text; text fields take
 * the value's text (true and false as 1 and 0, as before).
 */
function valueFor(field: string, o: Operand): Value {
  const v = literal(o);
  if (v === null) return null;
  if (!TIME_FIELDS.has(field)) return typeof v === 'boolean' ? String(Number(v)) : String(v);
  let ms: number | null = null;
  if (typeof v === 'number') ms = v;
  else if (typeof v === 'string') ms = /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : parseDateLiteral(v);
  if (ms === null || !Number.isFinite(ms)) {
    throw bad(
      `'${field}' holds times (epoch milliseconds or a date such as '2024-01-31'), not ${typeof v === 'string' ? `'${v}'` : String(v)} at position ${o.pos}`,
    );
  }
  // A fraction or a number beyond 2^53 as double precision: PostgreSQL would type the parameter bigint.
  return Number.isSafeInteger(ms) ? ms : sql`cast(${ms} as double precision)`;
}

function channelMatch(eb: DeviceEb, test: (name: Expression<string>) => Expression<SqlBool>): Expression<SqlBool> {
  return eb.exists(
    eb
      .selectFrom('msg_device_channels as dc')
      .select('dc.channel_name')
      .whereRef('dc.device_row_id', '=', 'msg_devices.id')
      .where((inner) => test(inner.ref('dc.channel_name'))),
  );
}

/**
 * Compiles a condition over devices into a Kysely condition: field names are checked against a
 * fixed list and every value is a bound parameter, so the text never reaches SQL.
 */
export function deviceCondition(eb: DeviceEb, cond: Condition, like: LikeFn): Expression<SqlBool> {
  const recurse = (c: Condition) => deviceCondition(eb, c, like);
  switch (cond.kind) {
    case 'and':
      return eb.and([recurse(cond.left), recurse(cond.right)]);
    case 'or':
      return eb.or([recurse(cond.left), recurse(cond.right)]);
    case 'not':
      return eb.not(recurse(cond.expr));
    default:
      break;
  }
  // `'IOS' = os` reads as `os = 'IOS'`.
  const flipped = cond.kind === 'compare' && !columnName(cond.left) && columnName(cond.right);
  const targetOperand = cond.kind === 'compare' ? (flipped ? cond.right : cond.left) : cond.target;
  const field = columnName(targetOperand);
  if (!field) throw bad(`name a device field at position ${targetOperand.pos}`);
  if (!(field in COLUMNS) && !CHANNEL_FIELDS.has(field)) {
    throw bad(`unknown device field '${field}'; known fields: ${[...Object.keys(COLUMNS), 'channelName'].join(', ')}`);
  }
  const mirror: Record<string, '<' | '<=' | '>' | '>='> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=' };
  const test = (ref: Expression<any>): Expression<SqlBool> => {
    switch (cond.kind) {
      case 'isNull':
        return eb(ref, cond.negated ? 'is not' : 'is', null);
      case 'in':
        return eb(
          ref,
          cond.negated ? 'not in' : 'in',
          cond.values.map((o) => valueFor(field, o)),
        );
      case 'between': {
        const inside = eb.and([eb(ref, '>=', valueFor(field, cond.low)), eb(ref, '<=', valueFor(field, cond.high))]);
        return cond.negated ? eb.not(inside) : inside;
      }
      case 'like': {
        const pattern = literal(cond.pattern);
        if (typeof pattern !== 'string') throw bad(`LIKE needs a text pattern (position ${cond.pattern.pos})`);
        if (TIME_FIELDS.has(field))
          throw bad(`LIKE applies to text fields, not to the time '${field}' (position ${cond.pos})`);
        return cond.negated ? eb.not(like(ref, pattern)) : like(ref, pattern);
      }
      case 'compare': {
        const v = valueFor(field, flipped ? cond.left : cond.right);
        const op = flipped ? (mirror[cond.op] ?? cond.op) : cond.op;
        if (v === null) return eb(ref, op === '!=' ? 'is not' : 'is', null);
        return eb(ref, op === '!=' ? '<>' : op, v);
      }
      default:
        throw bad('unsupported condition');
    }
  };
  if (CHANNEL_FIELDS.has(field)) {
    // A device on no channel at all "is null" on channelName.
    if (cond.kind === 'isNull')
      return cond.negated ? channelMatch(eb, () => eb.lit(true)) : eb.not(channelMatch(eb, () => eb.lit(true)));
    return channelMatch(eb, (name) => test(name));
  }
  return test(eb.ref(COLUMNS[field] as 'msg_devices.id'));
}
