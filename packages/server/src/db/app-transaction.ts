import { sql, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { ServerContext } from '../context.js';
import { EventBus, type BusEvents } from '../events/bus.js';
import type { Databases } from './dialect.js';
import type { DataServices } from '../modules/data/index.js';
import { InterceptorRegistry } from '../events/interceptors.js';

/** Isolation levels a transaction may ask for (PostgreSQL applies them; SQLite is always serializable). */
export type TransactionIsolation = 'read uncommitted' | 'read committed' | 'repeatable read' | 'serializable';

/**
 * Several service calls inside one database transaction of one app's store (decision 0027).
 *
 * The data services reach an app's store only through `ctx.dbs.app(appId)` and `ctx.dbs.readApp`,
 * and tell what they did only through `ctx.bus`. `inAppTransaction` hands its work a view of the
 * server context in which those three lead into one open transaction: the store is the
 * transaction (a nested `transaction()` becomes a savepoint), reads run on it (so they see the
 * transaction's own writes), and events are held until the commit and dropped with a rollback.
 * The view's `data` services are made for it by the server's own (`ctx.data.within(view)`, on first
 * use); everything else of the context (security included) is the server's own. Code given the view
 * therefore writes, reads and checks permissions exactly as on its own, and any later caller
 * (cloud code, say) gets all-or-nothing by running its calls in the view.
 *
 * No AsyncLocalStorage: the view is passed down explicitly, like the context itself.
 */

interface Scope {
  root: ServerContext;
  appId: string;
  afterCommit: Array<() => void>;
}

/** Marks the views `inAppTransaction` made (their transaction's app and root): no service is found here. */
const scopes = new WeakMap<ServerContext, Scope>();

/** The server's own context of a transaction's view (the context itself otherwise). */
export function rootContext(ctx: ServerContext): ServerContext {
  return scopes.get(ctx)?.root ?? ctx;
}

/** The app whose store `ctx` is a transaction view of; undefined for the server's own context. */
export function transactionAppOf(ctx: ServerContext): string | undefined {
  return scopes.get(ctx)?.appId;
}

/**
 * Runs `fn` once the transaction of `ctx` has committed, at once when `ctx` is not a transaction's
 * view; never when the transaction rolls back.
 */
export function afterCommit(ctx: ServerContext, fn: () => void): void {
  const scope = scopes.get(ctx);
  if (scope) scope.afterCommit.push(fn);
  else fn();
}

/** Events published inside a transaction, handed to the server's bus after the commit only. */
class HeldEvents extends EventBus {
  private held: Array<() => void> = [];

  constructor(private readonly target: EventBus) {
    super();
  }

  override emit<K extends keyof BusEvents>(event: K, payload: BusEvents[K]): void {
    this.held.push(() => this.target.emit(event, payload));
  }

  override on<K extends keyof BusEvents>(event: K, listener: (payload: BusEvents[K]) => void): () => void {
    return this.target.on(event, listener);
  }

  release(): void {
    const held = this.held;
    this.held = [];
    for (const send of held) send();
  }
}

let savepoints = 0;

/** Never given a handler: the interceptors of every transaction's view. */
const NO_HANDLERS = new InterceptorRegistry();

/**
 * The transaction as the store a service expects: every method runs on the transaction, and a
 * nested `transaction().execute(fn)` (the services open their own around multi-statement writes)
 * runs `fn` inside a savepoint, undone alone when `fn` fails.
 */
function nestable(trx: Kysely<any>): Kysely<any> {
  const view: Kysely<any> = new Proxy(trx, {
    get(target, prop) {
      if (prop === 'transaction') return () => savepoint();
      const value = Reflect.get(target, prop, target);
      // Kysely keeps its state in private fields: its methods must run on the real object.
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const savepoint = () => {
    const builder = {
      setIsolationLevel: () => builder,
      setAccessMode: () => builder,
      async execute<T>(fn: (t: Kysely<any>) => Promise<T>): Promise<T> {
        // A name of ours, never caller text.
        const name = sql.raw(`basalt_sp_${++savepoints}`);
        await sql`savepoint ${name}`.execute(trx);
        try {
          const out = await fn(view);
          await sql`release savepoint ${name}`.execute(trx);
          return out;
        } catch (err) {
          await sql`rollback to savepoint ${name}`.execute(trx).catch(() => undefined);
          throw err;
        }
      },
    };
    return builder;
  };
  return view;
}

/** `root` with `appId`'s store, reads and transactions led into `trx`; other apps are untouched. */
function scopedDatabases(root: Databases, appId: string, trx: Kysely<any>): Databases {
  const view = Object.create(root) as Databases;
  Object.defineProperties(view, {
    app: { value: (id: string) => (id === appId ? trx : root.app(id)) },
    readApp: {
      value: <R>(id: string, query: CompiledQuery<R>): Promise<QueryResult<R>> =>
        id === appId ? trx.executeQuery(query) : root.readApp(id, query),
    },
    appTransaction: {
      value: <T>(
        id: string,
        isolation: TransactionIsolation | undefined,
        fn: (t: Kysely<any>) => Promise<T>,
      ): Promise<T> => (id === appId ? trx.transaction().execute(fn) : root.appTransaction(id, isolation, fn)),
    },
  });
  return view;
}

/**
 * Runs `work` in one transaction of `appId`'s store with the isolation asked (see
 * `Databases.appTransaction`): `work` receives the context view described above. Its writes commit
 * together when it resolves and roll back together when it throws; the events it published reach
 * the server's bus after the commit, in order.
 */
export async function inAppTransaction<T>(
  ctx: ServerContext,
  appId: string,
  isolation: TransactionIsolation | undefined,
  work: (scoped: ServerContext) => Promise<T>,
): Promise<T> {
  const root = rootContext(ctx);
  if (scopes.has(ctx)) throw new Error('a transaction is open already');
  const events = new HeldEvents(root.bus);
  const scope: Scope = { root, appId, afterCommit: [] };
  const out = await root.dbs.appTransaction(appId, isolation, (trx) => {
    let data: DataServices | undefined;
    const scoped = Object.create(root, {
      dbs: { value: scopedDatabases(root.dbs, appId, nestable(trx)) },
      bus: { value: events },
      // Handlers run before the transaction opens and after it commits (the unit of work's own
      // events), never while it holds the store: inside it, no operation has any.
      interceptors: { value: NO_HANDLERS },
      // Made on first use: many units only read through services the server already has.
      data: { get: () => (data ??= root.data.within(scoped)) },
    }) as ServerContext;
    scopes.set(scoped, scope);
    return work(scoped);
  });
  for (const fn of scope.afterCommit) fn();
  events.release();
  return out;
}
