import type { RealtimeEvent } from './fan-out.js';
import { matchesWhere, type Condition } from './where-filter.js';

/** Where a subscriber's events go: its socket, under the id its SDK chose. */
export interface SubscriberSocket {
  readonly id: string;
  emit(event: 'SUB_RES', payload: { id: string; data: unknown }): unknown;
}

/** One live subscription of one socket (a `SUB_ON` the server accepted). */
export interface Subscription {
  id: string;
  socket: SubscriberSocket;
  appId: string;
  /** Registry key: what events it listens to (see `keyFor`). */
  key: string;
  /** Message selector (over headers) or data where clause (over the record). */
  filter?: Condition;
  /** Channel name for channel subscriptions (user status on disconnect). */
  channel?: string;
  /** Table name for data-change and relation subscriptions. */
  table?: string;
  /** Bulk update/delete: only operations with this condition (normalised text, see `sameWhere`). */
  bulkWhere?: string;
  /** Relation subscriptions: only these parent records (all when absent). */
  parents?: Set<string>;
  /** Shared-object name for RSO subscriptions. */
  sharedObject?: string;
  /** The SDK's client id and the app user (shared objects: `invokeOn` targets, user status). */
  clientId?: string;
  userId?: string | null;
  name: string;
}

/** A where clause as text for comparing two conditions: trimmed, runs of blanks collapsed. */
export function sameWhere(where: string | null | undefined): string {
  return (where ?? '').trim().replace(/\s+/g, ' ');
}

/** Registry keys: one per (app, kind, channel or table[, event]). NUL cannot occur in names. */
export const keyFor = {
  channel: (appId: string, name: string, channel: string) => `${appId}\0${name}\0${channel}`,
  table: (appId: string, table: string, event: string) => `${appId}\0OBJECTS_CHANGES\0${table}\0${event}`,
  relation: (appId: string, table: string, column: string, event: string) => `${appId}\0RELATIONS_CHANGES\0${table}\0${column}\0${event}`,
  sharedObject: (appId: string, name: string, object: string) => `${appId}\0${name}\0${object}`,
};

/**
 * This process's subscriptions, indexed by what they listen to so an event reaches its subscribers
 * without scanning the others.
 */
export class SubscriptionRegistry {
  private readonly byKey = new Map<string, Set<Subscription>>();
  private readonly bySocket = new Map<string, Map<string, Subscription>>();

  add(sub: Subscription): void {
    this.remove(sub.socket.id, sub.id);
    let set = this.byKey.get(sub.key);
    if (!set) this.byKey.set(sub.key, (set = new Set()));
    set.add(sub);
    let own = this.bySocket.get(sub.socket.id);
    if (!own) this.bySocket.set(sub.socket.id, (own = new Map()));
    own.set(sub.id, sub);
  }

  remove(socketId: string, subId: string): Subscription | undefined {
    const own = this.bySocket.get(socketId);
    const sub = own?.get(subId);
    if (!sub || !own) return undefined;
    own.delete(subId);
    if (own.size === 0) this.bySocket.delete(socketId);
    const set = this.byKey.get(sub.key);
    set?.delete(sub);
    if (set && set.size === 0) this.byKey.delete(sub.key);
    return sub;
  }

  /** Drops every subscription of a socket (it disconnected); answers them for user-status events. */
  removeSocket(socketId: string): Subscription[] {
    const own = this.listSocket(socketId);
    for (const sub of own) this.remove(socketId, sub.id);
    return own;
  }

  listSocket(socketId: string): Subscription[] {
    return [...(this.bySocket.get(socketId)?.values() ?? [])];
  }

  countForSocket(socketId: string): number {
    return this.bySocket.get(socketId)?.size ?? 0;
  }

  /** Total live subscriptions (diagnostics and tests). */
  get size(): number {
    let n = 0;
    for (const set of this.byKey.values()) n += set.size;
    return n;
  }

  /** Sends an event to every matching subscriber of this process. */
  deliver(event: RealtimeEvent): void {
    switch (event.kind) {
      case 'message': {
        const headers = (event.message.headers ?? {}) as Record<string, unknown>;
        this.send(keyFor.channel(event.appId, 'PUB_SUB_MESSAGES', event.channel), event.message, (f) => matchesWhere(f, headers));
        return;
      }
      case 'command':
        this.send(keyFor.channel(event.appId, 'PUB_SUB_COMMANDS', event.channel), event.command);
        return;
      case 'user-status':
        this.send(keyFor.channel(event.appId, 'PUB_SUB_USERS', event.channel), event.status);
        return;
      case 'data':
        this.send(keyFor.table(event.appId, event.table, event.event), event.record, (f) => matchesWhere(f, event.record));
        return;
      case 'bulk':
        return this.deliverBulk(event);
      case 'relation': {
        const { parentObjectId, isConditional, whereClause, children } = event;
        const data = { parentObjectId, isConditional, ...(isConditional ? { whereClause } : { children }) };
        this.sendEach(keyFor.relation(event.appId, event.table, event.relationColumnName, event.event), (sub) =>
          !sub.parents || sub.parents.has(parentObjectId) ? data : undefined);
        return;
      }
      case 'rso': {
        const targets = event.targets?.length ? new Set(event.targets) : undefined;
        this.sendEach(keyFor.sharedObject(event.appId, event.subscription, event.name), (sub) =>
          !targets || [sub.socket.id, sub.clientId, sub.userId].some((who) => !!who && targets.has(who)) ? event.data : undefined);
        return;
      }
    }
  }

  /**
   * Creates and upserts answer the objectIds written; a subscriber with a where clause gets only
   * those of the written records that match it (nothing when none do). Updates and deletes answer
   * `{whereClause, count}`; a subscriber with a where clause gets the operations whose condition is
   * that same clause, as the records they touched are no longer at hand.
   */
  private deliverBulk(event: Extract<RealtimeEvent, { kind: 'bulk' }>): void {
    const key = keyFor.table(event.appId, event.table, event.event);
    if ('records' in event) {
      const { records } = event;
      const all = records.map((r) => String(r.objectId));
      this.sendEach(key, (sub) => {
        if (!sub.filter) return all;
        const ids = records.filter((r) => matchesWhere(sub.filter!, r)).map((r) => String(r.objectId));
        return ids.length ? ids : undefined;
      });
      return;
    }
    const data = { whereClause: event.whereClause, count: event.count };
    const where = sameWhere(event.whereClause);
    this.sendEach(key, (sub) => (sub.bulkWhere === undefined || sub.bulkWhere === where ? data : undefined));
  }

  /** Sends to each subscriber of `key` what `dataFor` answers for it (undefined: nothing). */
  private sendEach(key: string, dataFor: (sub: Subscription) => unknown): void {
    const set = this.byKey.get(key);
    if (!set) return;
    for (const sub of set) {
      const data = dataFor(sub);
      if (data !== undefined) sub.socket.emit('SUB_RES', { id: sub.id, data });
    }
  }

  private send(key: string, data: unknown, test?: (filter: Condition) => boolean): void {
    const set = this.byKey.get(key);
    if (!set) return;
    for (const sub of set) {
      if (sub.filter && test && !test(sub.filter)) continue;
      sub.socket.emit('SUB_RES', { id: sub.id, data });
    }
  }
}
