import type { RealtimeEvent } from './fan-out.js';
import { hiddenNamed, matchesWhere, textNamesHidden, type Condition } from './where-filter.js';

/** Where a subscriber's events go: its socket, under the id its SDK chose. */
export interface SubscriberSocket {
  readonly id: string;
  emit(event: 'SUB_RES', payload: { id: string; data: unknown }): unknown;
}

/** The part of a record a permission decision reads. */
export interface RecordKey {
  objectId?: unknown;
  ownerId?: unknown;
}

/**
 * What one subscriber may see of one table, from the permission engine (Find): which records, and
 * which columns are hidden. Worked out once and kept until the app's rules change (permissions.ts).
 */
export interface TableView {
  /** The subscriber may Find every record of the table. */
  all: boolean;
  /** Whether the subscriber may Find a record; reads objectId and, when `needsOwner`, ownerId. */
  visible(record: RecordKey): boolean;
  needsOwner: boolean;
  /** Columns the subscriber may not read (Find denied; Users.password always). */
  hidden: ReadonlySet<string>;
}

/** A subscriber's views of tables (its own and, for relation events, the related table). */
export interface SubscriberAccess {
  /** The view when it is known and current; undefined when it has to be worked out. */
  now(table: string): TableView | undefined;
  load(table: string): Promise<TableView>;
}

/** What delivery reads from the app's data: record owners an event does not carry, relation targets. */
export interface RecordLookup {
  /** Owner of each listed record that exists (null for a record without one). */
  owners(appId: string, table: string, ids: string[]): Promise<Map<string, string | null>>;
  /** Name of the table a relation column points to. */
  relatedTable(appId: string, table: string, column: string): Promise<string | undefined>;
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
  /**
   * Data-change and relation subscriptions: what the subscriber may see, decided per event. Set by
   * the session for every table subscription; without it (a registry used on its own) every
   * record is visible.
   */
  access?: SubscriberAccess;
  /** Deliveries of this subscription still waiting on a view or a lookup; later ones queue behind. */
  queue?: Promise<void>;
}

/** Whole-table access, for subscriptions without `access`. */
const EVERYTHING: TableView = { all: true, visible: () => true, needsOwner: false, hidden: new Set() };

type Maybe<T> = T | Promise<T>;
const after = <T, U>(v: Maybe<T>, next: (value: T) => Maybe<U>): Maybe<U> =>
  v instanceof Promise ? v.then(next) : next(v);

/** A record without the columns its subscriber may not read (the same object when none are hidden). */
function withoutHidden(record: Record<string, unknown>, hidden: ReadonlySet<string>): Record<string, unknown> {
  if (hidden.size === 0) return record;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record)) if (!hidden.has(key)) out[key] = record[key];
  return out;
}

/** A where clause as text for comparing two conditions: trimmed, runs of blanks collapsed. */
export function sameWhere(where: string | null | undefined): string {
  return (where ?? '').trim().replace(/\s+/g, ' ');
}

/** Registry keys: one per (app, kind, channel or table[, event]). NUL cannot occur in names. */
export const keyFor = {
  channel: (appId: string, name: string, channel: string) => `${appId}\0${name}\0${channel}`,
  table: (appId: string, table: string, event: string) => `${appId}\0OBJECTS_CHANGES\0${table}\0${event}`,
  relation: (appId: string, table: string, column: string, event: string) =>
    `${appId}\0RELATIONS_CHANGES\0${table}\0${column}\0${event}`,
  sharedObject: (appId: string, name: string, object: string) => `${appId}\0${name}\0${object}`,
};

/**
 * This process's subscriptions, indexed by what they listen to so an event reaches its subscribers
 * without scanning the others.
 */
export class SubscriptionRegistry {
  private readonly byKey = new Map<string, Set<Subscription>>();
  private readonly bySocket = new Map<string, Map<string, Subscription>>();

  /**
   * `lookup` reads what events leave out (without it, a missing owner is taken as none and relation
   * children count as records of an unknown table: only whole-table subscribers get them); `failed`
   * hears about a delivery given up because its decision could not be made.
   */
  constructor(
    private readonly lookup?: RecordLookup,
    private readonly failed?: (err: unknown) => void,
  ) {}

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
        this.send(keyFor.channel(event.appId, 'PUB_SUB_MESSAGES', event.channel), event.message, (f) =>
          matchesWhere(f, headers),
        );
        return;
      }
      case 'command':
        this.send(keyFor.channel(event.appId, 'PUB_SUB_COMMANDS', event.channel), event.command);
        return;
      case 'user-status':
        this.send(keyFor.channel(event.appId, 'PUB_SUB_USERS', event.channel), event.status);
        return;
      case 'data':
        return this.deliverRecord(event);
      case 'bulk':
        return this.deliverBulk(event);
      case 'relation':
        return this.deliverRelation(event);
      case 'rso': {
        const targets = event.targets?.length ? new Set(event.targets) : undefined;
        this.sendEach(keyFor.sharedObject(event.appId, event.subscription, event.name), (sub) =>
          !targets || [sub.socket.id, sub.clientId, sub.userId].some((who) => !!who && targets.has(who))
            ? event.data
            : undefined,
        );
        return;
      }
      case 'log':
        // Log lines have no subscriptions: the `/cloudcode` namespace takes them (realtime-server.ts).
        return;
    }
  }

  /**
   * A created, updated, deleted or upserted record goes to the subscribers whose where clause it
   * meets and who may Find it, without the columns hidden from each. The record is copied first: the
   * writer's answer is trimmed in place after the event, and some deliveries wait on a decision.
   */
  private deliverRecord(event: Extract<RealtimeEvent, { kind: 'data' }>): void {
    const set = this.byKey.get(keyFor.table(event.appId, event.table, event.event));
    if (!set) return;
    const record = { ...event.record };
    const id = typeof record.objectId === 'string' ? record.objectId : '';
    // Events that do not carry the owner (a relation change's parent, a bulk update's records) have
    // it read once for every subscriber, started now when a subscriber may need it: the reads of
    // one write's events then share a query (`owners`) rather than waiting on each other.
    const told = 'ownerId' in record;
    const wanted = !told && [...set].some((sub) => sub.access && (sub.access.now(event.table)?.needsOwner ?? true));
    const owner = wanted ? this.owners(event.appId, event.table, [id]).then((m) => m.get(id) ?? null) : undefined;
    owner?.catch(() => undefined);
    for (const sub of set) {
      if (sub.filter && !matchesWhere(sub.filter, record)) continue;
      this.deliverTo(sub, () =>
        after(this.view(sub, event.table), (view) => {
          if (hiddenNamed(sub.filter, view.hidden)) return undefined;
          const data = withoutHidden(record, view.hidden);
          if (view.all) return data;
          if (!view.needsOwner || told) return view.visible(record) ? data : undefined;
          return (owner ?? Promise.resolve(null)).then((ownerId) =>
            view.visible({ objectId: id, ownerId }) ? data : undefined,
          );
        }),
      );
    }
  }

  /**
   * Creates and upserts answer the objectIds written; a subscriber with a where clause gets only
   * those of the written records that match it, and a subscriber that may Find only some records
   * only those it may Find (nothing when none are left). Updates and deletes answer
   * `{whereClause, count}`: the records they touched are not at hand, and the count and condition
   * would tell about records the subscriber may not see, so they go only to subscribers that may
   * Find every record of the table and may read every column the condition names (the others learn
   * of their own records through each record's `updated` and `deleted` events). A subscriber with a
   * where clause gets the operations whose condition is that same clause.
   */
  private deliverBulk(event: Extract<RealtimeEvent, { kind: 'bulk' }>): void {
    const key = keyFor.table(event.appId, event.table, event.event);
    const subs = this.byKey.get(key);
    if (!subs) return;
    if ('records' in event) {
      const records = event.records.map((r) => ({ ...r }));
      let owners: Promise<Map<string, unknown>> | undefined;
      const ownersOf = () => (owners ??= this.ownersOfRecords(event.appId, event.table, records));
      for (const sub of subs) {
        const matching = sub.filter ? records.filter((r) => matchesWhere(sub.filter!, r)) : records;
        if (sub.filter && !matching.length) continue;
        const ids = matching.map((r) => String(r.objectId));
        this.deliverTo(sub, () =>
          after(this.view(sub, event.table), (view) => {
            if (hiddenNamed(sub.filter, view.hidden)) return undefined;
            if (view.all) return ids;
            const pick = (owner: (r: Record<string, unknown>) => unknown) => {
              const seen = matching
                .filter((r) => view.visible({ objectId: r.objectId, ownerId: owner(r) }))
                .map((r) => String(r.objectId));
              return seen.length ? seen : undefined;
            };
            return view.needsOwner
              ? ownersOf().then((known) => pick((r) => known.get(String(r.objectId))))
              : pick(() => null);
          }),
        );
      }
      return;
    }
    const data = { whereClause: event.whereClause, count: event.count };
    const where = sameWhere(event.whereClause);
    for (const sub of subs) {
      if (sub.bulkWhere !== undefined && sub.bulkWhere !== where) continue;
      this.deliverTo(sub, () =>
        after(this.view(sub, event.table), (view) =>
          view.all && !textNamesHidden(event.whereClause, view.hidden) ? data : undefined,
        ),
      );
    }
  }

  /**
   * A relation change goes to the subscribers that may Find its parent record and read the relation
   * column. Listed children are cut to those the subscriber may Find in the related table (an add
   * or delete left with none is not sent; a set is, as the relation then holds none it may see). A
   * change by condition goes only to subscribers that may Find every related record and read every
   * column its condition names, as the children it chose are not at hand.
   */
  private deliverRelation(event: Extract<RealtimeEvent, { kind: 'relation' }>): void {
    const subs = this.byKey.get(keyFor.relation(event.appId, event.table, event.relationColumnName, event.event));
    if (!subs) return;
    const { appId, table, parentObjectId, isConditional, whereClause } = event;
    const children = [...(event.children ?? [])];
    let parentOwner: Promise<unknown> | undefined;
    let related: Promise<string | undefined> | undefined;
    let childOwners: Promise<Map<string, string | null>> | undefined;
    const relatedTable = () =>
      (related ??= this.lookup
        ? this.lookup.relatedTable(appId, table, event.relationColumnName)
        : Promise.resolve(undefined));
    for (const sub of subs) {
      if (sub.parents && !sub.parents.has(parentObjectId)) continue;
      this.deliverTo(sub, () =>
        after(this.view(sub, table), async (view) => {
          if (view.hidden.has(event.relationColumnName)) return undefined;
          if (!view.all) {
            const ownerId = view.needsOwner
              ? await (parentOwner ??= this.owners(appId, table, [parentObjectId]).then(
                  (m) => m.get(parentObjectId) ?? null,
                ))
              : null;
            if (!view.visible({ objectId: parentObjectId, ownerId })) return undefined;
          }
          const childTable = sub.access ? await relatedTable() : undefined;
          const childView = !sub.access ? EVERYTHING : childTable ? await this.view(sub, childTable) : undefined;
          if (!childView) return undefined;
          if (isConditional)
            return childView.all && !textNamesHidden(whereClause, childView.hidden)
              ? { parentObjectId, isConditional, whereClause }
              : undefined;
          let seen = children;
          if (!childView.all) {
            const owners = childView.needsOwner
              ? await (childOwners ??= this.owners(appId, childTable!, children))
              : undefined;
            seen = children.filter((c) => childView.visible({ objectId: c, ownerId: owners?.get(c) ?? null }));
          }
          return seen.length || event.event === 'set' ? { parentObjectId, isConditional, children: seen } : undefined;
        }),
      );
    }
  }

  /** The subscriber's view of a table: at once when known, else once it is worked out. */
  private view(sub: Subscription, table: string): Maybe<TableView> {
    if (!sub.access) return EVERYTHING;
    return sub.access.now(table) ?? sub.access.load(table);
  }

  /**
   * Owners of a bulk write's records as stored: bulk upserts tell the records as they were sent,
   * which need not name the owner. A record gone since keeps the owner it was told with.
   */
  private ownersOfRecords(
    appId: string,
    table: string,
    records: Array<Record<string, unknown>>,
  ): Promise<Map<string, unknown>> {
    return this.owners(
      appId,
      table,
      records.map((r) => String(r.objectId)),
    ).then((found) => {
      const known = new Map<string, unknown>();
      for (const r of records)
        known.set(
          String(r.objectId),
          found.has(String(r.objectId)) ? found.get(String(r.objectId)) : (r.ownerId ?? null),
        );
      return known;
    });
  }

  /** Owner reads asked for in this turn, per app and table, answered by one lookup when it ends. */
  private readonly ownerReads = new Map<string, { ids: Set<string>; answer: Promise<Map<string, string | null>> }>();

  private owners(appId: string, table: string, ids: string[]): Promise<Map<string, string | null>> {
    const lookup = this.lookup;
    if (!lookup || !ids.length) return Promise.resolve(new Map());
    const key = `${appId}\0${table}`;
    let read = this.ownerReads.get(key);
    if (!read) {
      const batch = new Set<string>();
      const answer = new Promise<void>((resolve) => queueMicrotask(resolve)).then(() => {
        this.ownerReads.delete(key);
        return lookup.owners(appId, table, [...batch]);
      });
      this.ownerReads.set(key, (read = { ids: batch, answer }));
    }
    for (const id of ids) read.ids.add(id);
    return read.answer;
  }

  /**
   * Sends a subscriber what `work` answers (undefined: nothing). Events of one subscription keep
   * their order: when nothing of it is waiting and the answer is at hand it goes at once, else it
   * queues behind the deliveries still waiting. A decision that fails sends nothing.
   */
  private deliverTo(sub: Subscription, work: () => Maybe<unknown>): void {
    if (!sub.queue) {
      let answer: Maybe<unknown>;
      try {
        answer = work();
      } catch (err) {
        this.failed?.(err);
        return;
      }
      if (!(answer instanceof Promise)) {
        if (answer !== undefined) sub.socket.emit('SUB_RES', { id: sub.id, data: answer });
        return;
      }
      const started = answer;
      return this.enqueue(sub, () => started);
    }
    this.enqueue(sub, work);
  }

  private enqueue(sub: Subscription, work: () => Maybe<unknown>): void {
    const run = async () => {
      try {
        const data = await work();
        // A subscription removed meanwhile (SUB_OFF, refused after a token change) gets nothing more.
        if (data !== undefined && this.bySocket.get(sub.socket.id)?.get(sub.id) === sub)
          sub.socket.emit('SUB_RES', { id: sub.id, data });
      } catch (err) {
        this.failed?.(err);
      }
    };
    const tail: Promise<void> = (sub.queue ?? Promise.resolve()).then(run);
    sub.queue = tail;
    void tail.then(() => {
      if (sub.queue === tail) sub.queue = undefined;
    });
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
