import type { RealtimeTarget } from './permissions.js';
import { channelText, filterOf, idList, Refusal, text, whereText } from './frames.js';
import { keyFor, sameWhere, type SubscriberSocket, type Subscription } from './subscriptions.js';

const RECORD_EVENTS = new Set(['created', 'updated', 'deleted', 'upserted', 'bulk-created', 'bulk-upserted']);
/** Bulk updates and deletes carry a condition, not records: their where clause is compared as text. */
const CONDITION_EVENTS = new Set(['bulk-updated', 'bulk-deleted']);
const RELATION_EVENTS = new Set(['set', 'add', 'delete']);
const CHANNEL_SUBSCRIPTIONS = new Set(['PUB_SUB_CONNECT', 'PUB_SUB_MESSAGES', 'PUB_SUB_COMMANDS', 'PUB_SUB_USERS']);
export const SHARED_OBJECT_SUBSCRIPTIONS = new Set([
  'RSO_CONNECT',
  'RSO_CHANGES',
  'RSO_CLEARED',
  'RSO_COMMANDS',
  'RSO_USERS',
  'RSO_INVOKE',
]);

/** A subscription the session will register once `target` passes the permission check. */
export interface Planned {
  sub: Subscription;
  target: RealtimeTarget;
}

/** Who subscribes (the client id is an `invokeOn` target). */
export interface Subscriber {
  socket: SubscriberSocket;
  appId: string;
  clientId: string;
}

/** Reads a `SUB_ON` frame's name and options into a subscription and what it needs permission for. */
export function planSubscription(who: Subscriber, id: string, name: string, options: Record<string, unknown>): Planned {
  const { appId, socket } = who;
  const base = { id, socket, appId, name };
  if (CHANNEL_SUBSCRIPTIONS.has(name)) {
    const channel = channelText(options.channel);
    const filter = name === 'PUB_SUB_MESSAGES' ? filterOf(options.selector, 'selector') : undefined;
    return {
      sub: { ...base, key: keyFor.channel(appId, name, channel), channel, filter },
      target: { kind: 'channel', channel },
    };
  }
  if (name === 'OBJECTS_CHANGES') {
    const table = text(options.tableName, 'tableName');
    const event = text(options.event, 'event');
    const target = { kind: 'table', table } as const;
    const key = keyFor.table(appId, table, event);
    if (CONDITION_EVENTS.has(event)) {
      const where = whereText(options.whereClause, 'whereClause');
      return { sub: { ...base, key, table, bulkWhere: where === undefined ? undefined : sameWhere(where) }, target };
    }
    if (!RECORD_EVENTS.has(event)) throw new Refusal('BAD_REQUEST', `Unknown data-change event '${event}'`);
    return { sub: { ...base, key, table, filter: filterOf(options.whereClause, 'whereClause') }, target };
  }
  if (name === 'RELATIONS_CHANGES') {
    const table = text(options.tableName, 'tableName');
    const event = text(options.event, 'event');
    if (!RELATION_EVENTS.has(event))
      throw new Refusal('BAD_REQUEST', `Unknown relation event '${event}': use set, add or delete`);
    const column = text(options.relationColumnName, 'relationColumnName');
    const parents = idList(options.parentObjects, 'parentObjects');
    const sub = {
      ...base,
      key: keyFor.relation(appId, table, column, event),
      table,
      parents: parents && new Set(parents),
    };
    return { sub, target: { kind: 'table', table } };
  }
  if (SHARED_OBJECT_SUBSCRIPTIONS.has(name)) {
    const object = text(options.name, 'Shared object name');
    // userId is set by the session once the permission check has resolved the user.
    return {
      sub: {
        ...base,
        key: keyFor.sharedObject(appId, name, object),
        sharedObject: object,
        clientId: who.clientId || undefined,
      },
      target: { kind: 'shared-object', name: object },
    };
  }
  throw new Refusal('NOT_AVAILABLE_YET', `Real-time subscription '${name}' is not available yet`);
}

/** The permission target of a registered subscription, for the re-check after a token change. */
export function targetOf(sub: Subscription): RealtimeTarget {
  if (sub.sharedObject !== undefined) return { kind: 'shared-object', name: sub.sharedObject };
  if (sub.channel !== undefined) return { kind: 'channel', channel: sub.channel };
  return { kind: 'table', table: sub.table ?? '' };
}
