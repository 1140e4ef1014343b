/**
 * The operations developer code may ask of the host through the one bridge function `call(op, args)`.
 * The prelude (prelude.ts) calls them; the cloud-code module implements them host-side (BridgeFn).
 * `log` is not an op: console.* and Logging go to the invocation's onLog directly.
 */
export const OPS = [
  'data.find',
  'data.findById',
  'data.findFirst',
  'data.findLast',
  'data.count',
  'data.save',
  'data.remove',
  'data.bulkCreate',
  'data.bulkUpdate',
  'data.bulkDelete',
  'data.setRelation',
  'data.addRelation',
  'data.deleteRelation',
  'data.loadRelations',
  'users.findById',
  'users.find',
  'users.update',
  'users.currentUser',
  'files.saveText',
  'files.readText',
  'files.remove',
  'files.exists',
  'files.list',
  'messaging.publish',
  'messaging.sendEmail',
  'messaging.push',
  'cache.get',
  'cache.put',
  'cache.contains',
  'cache.expire',
  'cache.delete',
  'counters.get',
  'counters.incrementAndGet',
  'counters.getAndIncrement',
  'counters.decrementAndGet',
  'counters.addAndGet',
  'counters.set',
  'counters.reset',
  'services.invoke',
  'events.dispatch',
  'http.fetch',
] as const;

export type Op = (typeof OPS)[number];

const known: ReadonlySet<string> = new Set(OPS);

export function isOp(op: unknown): op is Op {
  return typeof op === 'string' && known.has(op);
}

/**
 * A data query as the prelude sends it: the app API's query parameters by their REST names
 * (what `DataQueryBuilder` and `basalt.data.of(t).find({...})` produce). Absent keys are absent.
 */
export interface DataQuery {
  where?: string;
  having?: string;
  pageSize?: number;
  offset?: number;
  sortBy?: string[];
  props?: string[];
  excludeProps?: string[];
  loadRelations?: string[];
  relationsDepth?: number;
  relationsPageSize?: number;
  groupBy?: string[];
  distinct?: boolean;
}

/** The arguments of each op (JSON; copied across the isolate boundary). */
export interface OpArgs {
  'data.find': { table: string; query: DataQuery };
  'data.findById': { table: string; id: string; query?: DataQuery };
  'data.findFirst': { table: string; query?: DataQuery };
  'data.findLast': { table: string; query?: DataQuery };
  'data.count': { table: string; where?: string };
  'data.save': { table: string; item: Record<string, unknown> };
  'data.remove': { table: string; id?: string; item?: Record<string, unknown> };
  'data.bulkCreate': { table: string; items: Record<string, unknown>[] };
  'data.bulkUpdate': { table: string; where: string; changes: Record<string, unknown> };
  'data.bulkDelete': { table: string; where: string };
  'data.setRelation': RelationArgs;
  'data.addRelation': RelationArgs;
  'data.deleteRelation': RelationArgs;
  'data.loadRelations': { table: string; parentId: string; relation: string; query?: DataQuery };
  'users.findById': { id: string };
  'users.find': { query: DataQuery };
  'users.update': { user: Record<string, unknown> };
  'users.currentUser': Record<string, never>;
  'files.saveText': { path: string; content: string; overwrite?: boolean };
  'files.readText': { path: string };
  'files.remove': { path: string };
  'files.exists': { path: string };
  'files.list': { path: string; pattern?: string; recursive?: boolean; pageSize?: number; offset?: number };
  'messaging.publish': { channel: string; message: unknown; headers?: Record<string, unknown> };
  'messaging.sendEmail': { subject: string; body: EmailBody; to: string[]; attachments?: string[] };
  'messaging.push': Record<string, unknown>;
  'cache.get': { key: string };
  'cache.put': { key: string; value: unknown; ttl?: number };
  'cache.contains': { key: string };
  /** ttl in seconds from now. */
  'cache.expire': { key: string; ttl: number };
  'cache.delete': { key: string };
  'counters.get': { name: string };
  'counters.incrementAndGet': { name: string };
  'counters.getAndIncrement': { name: string };
  'counters.decrementAndGet': { name: string };
  'counters.addAndGet': { name: string; value: number };
  'counters.set': { name: string; value: number };
  'counters.reset': { name: string };
  'services.invoke': { service: string; method: string; args: unknown };
  'events.dispatch': { name: string; args: unknown };
  'http.fetch': { url: string; method?: string; headers?: Record<string, string>; body?: string };
}

/** Children: object ids, or a where clause naming them (the reference SDK accepts both). */
export interface RelationArgs {
  table: string;
  parentId: string;
  relation: string;
  children: string[] | string;
}

export interface EmailBody {
  textmessage?: string;
  htmlmessage?: string;
}
