import type { ServerContext } from '../context.js';
import { checkRealtimeSubscription, realtimeCaller } from '../modules/security/index.js';
import { POLICY_TTL_MS } from '../modules/security/policy-memory.js';
import type { SubscriberAccess, TableView } from './subscriptions.js';
import { compileWhere, whereColumns } from './where-filter.js';

/** Who is on the other end of a real-time connection. */
export interface RealtimeClient {
  appId: string;
  /** Device type of the API key the client connected with (JS, REST, ANDROID ...). */
  deviceType: string;
  /** The SDK's per-instance id, stable across its reconnects. */
  clientId: string;
  /** The app user's token, or null for an anonymous client (the SDK sends the text "null"). */
  userToken: string | null;
}

/** What a client asks to receive. */
export type RealtimeTarget =
  { kind: 'channel'; channel: string } | { kind: 'table'; table: string } | { kind: 'shared-object'; name: string };

export type PermissionAnswer = { allowed: true } | { allowed: false; message: string };

/**
 * SECURITY HOOK — the single place that decides whether a real-time client may subscribe to a
 * channel or to a table's changes. It is called at subscribe time (and again after the client
 * changes its user token), so a refused client never receives anything. The decision is the
 * security area's permission engine (channel Subscribe, table Find). What a table subscriber then
 * receives of each event is decided by its `SubscriberViews` (below).
 */
export async function checkRealtimeSubscribePermission(
  ctx: ServerContext,
  client: RealtimeClient,
  target: RealtimeTarget,
): Promise<PermissionAnswer> {
  if (target.kind === 'shared-object') {
    const answer = await sharedObjectUser(ctx, client);
    return answer.allowed ? { allowed: true } : answer;
  }
  return checkRealtimeSubscription(ctx, client, target);
}

/**
 * Shared objects have no per-object rules: every client that connected with one of the app's API
 * keys may use them (the key was checked at connect). A user token, when the client gives one,
 * must be valid; its user is named as the sender of the client's changes, commands and calls.
 */
export async function sharedObjectUser(
  ctx: ServerContext,
  client: RealtimeClient,
): Promise<{ allowed: true; userId: string | null } | { allowed: false; message: string }> {
  const caller = await realtimeCaller(ctx, client.appId, client.deviceType, client.userToken);
  if (!caller) return { allowed: false, message: 'The user token is not valid or has expired' };
  return { allowed: true, userId: caller.userId };
}

/** Nothing of the table: no record is visible. */
const NOTHING: TableView = { all: false, visible: () => false, needsOwner: false, hidden: new Set() };

/**
 * What a real-time client may see of a table, decided as a find of the same caller is: the rows
 * of its Find filter (record ACL, owner policy, user and role rules) and its hidden columns (Find
 * denied; Users.password always). The filter is a condition over objectId and ownerId, evaluated in
 * memory against each event's record. An unknown or expired user token sees nothing.
 */
export async function tableView(
  ctx: ServerContext,
  client: RealtimeClient,
  tableName: string,
): Promise<{ view: TableView; lasting: boolean }> {
  const table = (await ctx.data.schema(client.appId))?.table(tableName);
  // No such table (yet): nothing to decide from. Not kept, so its first event decides afresh.
  if (!table) return { view: NOTHING, lasting: false };
  const caller = await realtimeCaller(ctx, client.appId, client.deviceType, client.userToken);
  if (!caller) return { view: NOTHING, lasting: true };
  const { engine } = ctx.security;
  const [rows, denied] = await Promise.all([
    engine.rowFilter(caller, table.tableId, 'Find'),
    engine.deniedColumns(caller, table, 'Find'),
  ]);
  const hidden =
    table.system && table.name === 'Users' && !denied.has('password') ? new Set([...denied, 'password']) : denied;
  if (rows.kind === 'none') return { view: { ...NOTHING, hidden }, lasting: true };
  if (rows.kind === 'all')
    return { view: { all: true, visible: () => true, needsOwner: false, hidden }, lasting: true };
  const test = compileWhere(rows.where);
  const needsOwner = whereColumns(rows.where).has('ownerId');
  return {
    view: { all: false, visible: (r) => test({ objectId: r.objectId, ownerId: r.ownerId }), needsOwner, hidden },
    lasting: true,
  };
}

interface Kept {
  version: number;
  at: number;
  loading: Promise<TableView>;
  view?: TableView;
}

/**
 * One connection's views of tables, worked out once and kept while they hold: a change of the
 * app's roles or rules made through this process (console, role assignment, record ACL) moves the
 * policy memory's version and the next event works the view out again, so the change applies to
 * that very event. A change made through another server process is not signalled here; views are
 * worked out again after the policy memory's TTL, the same bound that process's app API answers
 * by. A new user token (SET_USER_TOKEN) drops them all.
 */
export class SubscriberViews implements SubscriberAccess {
  private readonly kept = new Map<string, Kept>();

  constructor(
    private readonly ctx: ServerContext,
    private readonly client: RealtimeClient,
  ) {}

  private current(k: Kept | undefined, now = Date.now()): k is Kept {
    return !!k && now - k.at < POLICY_TTL_MS && k.version === this.ctx.security.memory.version(this.client.appId);
  }

  now(table: string): TableView | undefined {
    const k = this.kept.get(table);
    return this.current(k) ? k.view : undefined;
  }

  load(table: string): Promise<TableView> {
    const k = this.kept.get(table);
    if (this.current(k)) return k.view ? Promise.resolve(k.view) : k.loading;
    // The version is read before the rules are: a change while they load makes this view stale.
    const entry: Kept = {
      version: this.ctx.security.memory.version(this.client.appId),
      at: Date.now(),
      loading: Promise.resolve(NOTHING),
    };
    entry.loading = tableView(this.ctx, this.client, table).then(
      ({ view, lasting }) => {
        if (this.kept.get(table) === entry) {
          if (lasting) entry.view = view;
          else this.kept.delete(table);
        }
        return view;
      },
      (err: unknown) => {
        if (this.kept.get(table) === entry) this.kept.delete(table);
        throw err;
      },
    );
    this.kept.set(table, entry);
    return entry.loading;
  }

  /** Forgets every view (the client's user changed). */
  reset(): void {
    this.kept.clear();
  }
}
