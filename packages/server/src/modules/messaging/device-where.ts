import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import { ApiError } from '../../http/api-error.js';
import { parseWhere, whereFields, WhereSyntaxError, type Literal, type WhereNode } from '../../realtime/index.js';
import type { MessagingDB } from './messaging.schema.js';

type DeviceEb = ExpressionBuilder<MessagingDB, 'msg_devices'>;

/** Device fields a where clause may name (the console and SDK spelling), and their columns. */
const COLUMNS = {
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
} as const;

/** `channelName = 'news'` (or `channel`) asks for devices registered on that channel. */
const CHANNEL_FIELDS = new Set(['channel', 'channelName', 'channels']);

/** Parses a where over devices and checks its fields; a 400 that names the problem otherwise. */
export function parseDeviceWhere(text: string | undefined): WhereNode | undefined {
  if (text === undefined || text.trim() === '') return undefined;
  let node: WhereNode;
  try {
    node = parseWhere(text);
  } catch (err) {
    if (err instanceof WhereSyntaxError) throw ApiError.badRequest(`Invalid where clause: ${err.message}`, { field: 'where' });
    throw err;
  }
  for (const field of whereFields(node)) {
    if (!(field in COLUMNS) && !CHANNEL_FIELDS.has(field)) {
      const known = [...Object.keys(COLUMNS), 'channelName'].join(', ');
      throw ApiError.badRequest(`Unknown device field '${field}' in the where clause; known fields: ${known}`, { field: 'where' });
    }
  }
  return node;
}

function channelMatch(eb: DeviceEb, test: (name: Expression<string>) => Expression<SqlBool>): Expression<SqlBool> {
  return eb.exists(
    eb.selectFrom('msg_device_channels as dc')
      .select('dc.channel_name')
      .whereRef('dc.device_row_id', '=', 'msg_devices.id')
      .where((inner) => test(inner.ref('dc.channel_name'))),
  );
}

/** Compiles a parsed where into a Kysely condition: every literal is a bound parameter. */
export function deviceCondition(eb: DeviceEb, node: WhereNode, likeOperator: 'like' | 'ilike'): Expression<SqlBool> {
  switch (node.kind) {
    case 'and': return eb.and([deviceCondition(eb, node.left, likeOperator), deviceCondition(eb, node.right, likeOperator)]);
    case 'or': return eb.or([deviceCondition(eb, node.left, likeOperator), deviceCondition(eb, node.right, likeOperator)]);
    case 'not': return eb.not(deviceCondition(eb, node.expr, likeOperator));
    default: break;
  }
  const bind = (v: Literal) => (typeof v === 'boolean' ? Number(v) : v) as string | number;
  const test = (ref: Expression<any>): Expression<SqlBool> => {
    switch (node.kind) {
      case 'null': return eb(ref, node.negated ? 'is not' : 'is', null);
      case 'in': return eb(ref, node.negated ? 'not in' : 'in', node.values.map(bind));
      case 'like': return node.negated ? eb.not(eb(ref, likeOperator, node.pattern)) : eb(ref, likeOperator, node.pattern);
      case 'cmp': return eb(ref, node.op === '!=' ? '<>' : node.op, bind(node.value));
    }
  };
  if (CHANNEL_FIELDS.has(node.field)) {
    // A device with no channel at all "is null" on channelName.
    if (node.kind === 'null') return node.negated ? channelMatch(eb, () => eb.lit(true)) : eb.not(channelMatch(eb, () => eb.lit(true)));
    return channelMatch(eb, (name) => test(name));
  }
  return test(eb.ref(COLUMNS[node.field as keyof typeof COLUMNS]));
}
