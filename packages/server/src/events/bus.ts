import { EventEmitter } from 'node:events';

/**
 * Typed in-process event bus. Data, files and messaging modules publish; realtime, cloud code,
 * flows and audit subscribe. Add an event by adding a key here.
 */
export interface BusEvents {
  'developer.registered': { developerId: string; email: string };
  'developer.deleted': { developerId: string };
  'app.created': { appId: string; ownerId: string };
  'app.renamed': { appId: string; appName: string };
  'app.deleted': { appId: string };
  /**
   * A console change, for the audit log. `origin` is the console request that made it (its entry
   * then replaces the request's generic one); changes without one are recorded as they come.
   */
  'console.changed': {
    appId: string | null;
    developerId: string;
    action: string;
    target: string;
    summary: string;
    origin?: object;
  };
  /**
   * A CSV import request wrote rows. The console sends a file in chunks (`firstLine` says where
   * each starts); the audit log keeps one entry per import that the chunks add up in.
   */
  'import.written': {
    appId: string;
    developerId: string;
    table: string;
    rows: number;
    firstLine?: number;
    createdColumns: string[];
    origin: object;
  };
  /** A console request that writes nothing (a dry run) although its route changes things: no audit entry. */
  'console.unchanged': { origin: object };
  /**
   * The app API returned data to a caller (find, get by id, count ...). The audit log records it while
   * HIPAA compliance is on. `userId` is null for calls without a user token.
   */
  'appapi.read': { appId: string; userId: string | null; table: string; objectId?: string; count: number };
  /**
   * A write through the app API changed the app's schema by itself (dynamic schema): a table, a
   * column or a relation column was created for it. `actor` names the caller for the audit log.
   */
  'schema.changed': SchemaChange;
  'record.created': { appId: string; table: string; record: Record<string, unknown> };
  'record.updated': { appId: string; table: string; record: Record<string, unknown> };
  'record.deleted': { appId: string; table: string; record: Record<string, unknown> };
  /**
   * Record events were added to the app's durable outbox (decision 0072) by a write that has
   * committed: `ids` are the outbox rows, for the listener to take at once.
   */
  'records.outboxed': { appId: string; ids: string[] };
  /** A single upsert (app API `save(obj, true)`); `record.created`/`updated` are published as well. */
  'record.upserted': { appId: string; table: string; record: Record<string, unknown> };
  /**
   * One bulk write, besides the per-record events. Creates and upserts list what they wrote in
   * `records` (at least `objectId`); updates and deletes name their condition and how many rows.
   */
  'records.bulk': BulkChange;
  /** Children of one parent record were set, added or removed on a relation column. */
  'relation.changed': RelationChange;
  /** A file was stored through an upload (console or app API); `path` is root-relative. */
  'file.uploaded': { appId: string; path: string; size: number };
  /**
   * A file or folder changed through the app API (the console's file routes are recorded from
   * their requests). `actor` names the caller for the audit log; `to` is the new path or name.
   */
  'file.changed': {
    appId: string;
    actor: string;
    action: 'upload' | 'create-folder' | 'append' | 'move' | 'copy' | 'rename' | 'delete';
    path: string;
    to?: string;
  };
  /** A message was published to a channel (console or app API); real time delivers it. */
  'message.published': { appId: string; channel: string; message: import('@basalt/shared').PublishedMessage };
  /** An app user started a session (login, guest login, social login); Analytics counts it active. */
  'user.session': { appId: string; userId: string };
  /** An app user registered through the app API; Analytics counts registrations. */
  'user.registered': { appId: string; userId: string };
  /**
   * A table was created (console, management API, dynamic schema, import). `developerId` names
   * the console developer who made it; other callers leave it out. Missions count it.
   */
  'table.created': { appId: string; table: string; developerId?: string };
  /** Cloud code of a model was deployed (its services are live). Missions count it. */
  'service.deployed': { appId: string; model: string; developerId: string | null };
  /** A flow version was enabled (went LIVE). Missions count it. */
  'flow.version.enabled': { appId: string; versionId: string };
  /** A UI container was published (the UI Builder publishes it). Missions count it. */
  'ui.container.published': { appId: string; container: string; developerId?: string };
  /** What a flow version's debug session or learning mode saw, for the console's live stream (modules/flows/observe). */
  'flow.debug': {
    appId: string;
    versionId: string;
    event: { type: string; sessionId: string | null } & Record<string, unknown>;
  };
}

export interface SchemaChange {
  appId: string;
  actor: string;
  action: 'table.create' | 'column.create' | 'relation.create';
  table: string;
  /** The new column (or relation column); absent for a table. */
  column?: string;
  summary: string;
}

export type BulkChange =
  | { appId: string; table: string; event: 'bulk-created' | 'bulk-upserted'; records: Array<Record<string, unknown>> }
  | { appId: string; table: string; event: 'bulk-updated' | 'bulk-deleted'; whereClause: string | null; count: number };

export interface RelationChange {
  appId: string;
  /** The parent's table. */
  table: string;
  event: 'set' | 'add' | 'delete';
  relationColumnName: string;
  parentObjectId: string;
  /** Children chosen by a where clause (then `whereClause`) rather than listed (then `children`). */
  isConditional: boolean;
  whereClause?: string;
  children?: string[];
}

export class EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(100);
  }

  emit<K extends keyof BusEvents>(event: K, payload: BusEvents[K]): void {
    this.emitter.emit(event, payload);
  }

  on<K extends keyof BusEvents>(event: K, listener: (payload: BusEvents[K]) => void): () => void {
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }
}
