/**
 * TypeScript declarations of what the prelude (prelude.ts, prelude-api.ts) gives developer code,
 * for an editor (Monaco's `addExtraLib`) or a developer's own project: the typed face of `basalt`
 * and the parts of `Backendless` the sandbox provides. Kept beside the prelude so a change to one
 * is seen next to the other; the sandbox test checks that every function `basalt` offers is declared.
 */
export const PRELUDE_DECLARATIONS = `
type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
interface BasaltQuery {
  where?: string; having?: string; pageSize?: number; offset?: number; sortBy?: string[]; props?: string[];
  excludeProps?: string[]; loadRelations?: string[]; relationsDepth?: number; relationsPageSize?: number;
  groupBy?: string[]; distinct?: boolean;
}
interface BasaltRecord { objectId?: string; [column: string]: unknown }
interface BasaltTable<T extends BasaltRecord = BasaltRecord> {
  find(query?: BasaltQuery | string): Promise<T[]>;
  findById(id: string | { objectId: string }, query?: BasaltQuery): Promise<T>;
  findFirst(query?: BasaltQuery): Promise<T>;
  findLast(query?: BasaltQuery): Promise<T>;
  count(where?: BasaltQuery | string): Promise<number>;
  save(item: Partial<T>): Promise<T>;
  remove(item: string | T): Promise<unknown>;
  bulkCreate(items: Partial<T>[]): Promise<string[]>;
  bulkUpdate(where: string | string[], changes: Partial<T>): Promise<number>;
  bulkDelete(where: string | string[]): Promise<number>;
  setRelation(parent: string | T, relation: string, children: string | (string | BasaltRecord)[]): Promise<number>;
  addRelation(parent: string | T, relation: string, children: string | (string | BasaltRecord)[]): Promise<number>;
  deleteRelation(parent: string | T, relation: string, children: string | (string | BasaltRecord)[]): Promise<number>;
  loadRelations(parent: string | T, query: BasaltQuery & { relationName: string }): Promise<BasaltRecord[]>;
}
interface BasaltCounter {
  get(): Promise<number>; incrementAndGet(): Promise<number>; getAndIncrement(): Promise<number>;
  decrementAndGet(): Promise<number>; getAndDecrement(): Promise<number>; addAndGet(value: number): Promise<number>;
  getAndAdd(value: number): Promise<number>; set(value: number): Promise<unknown>; reset(): Promise<unknown>;
}
interface BasaltLogger {
  debug(...args: unknown[]): void; trace(...args: unknown[]): void; info(...args: unknown[]): void;
  warn(...args: unknown[]): void; error(...args: unknown[]): void; fatal(...args: unknown[]): void;
}
interface BasaltContext {
  appId?: string; userId?: string | null; userToken?: string | null; userRoles?: string[];
  httpHeaders?: Record<string, string>; httpQueryParams?: Record<string, string>;
  httpPathParams?: Record<string, string>; httpPath?: string; [key: string]: unknown;
}
declare class BasaltError extends Error {
  constructor(code: number | string, message?: string, httpStatus?: number);
  code: number | string; httpStatusCode?: number;
}
declare const basalt: {
  /** The one bridge: every other method is built on it. */
  call(op: string, args?: unknown): Promise<unknown>;
  context: BasaltContext;
  /** Thrown, answers the caller with this code, message and status (400 by default). */
  Error: typeof BasaltError;
  register: {
    service(serviceClass: new (...args: any[]) => unknown, configItems?: { name: string; type: string; defaultValue?: unknown }[]): void;
    handler(provider: string, event: string, target: string, handler: (req: any, res?: any) => unknown, async?: boolean): void;
    timer(timer: { name: string; startDate?: number | Date; expire?: number | Date; frequency: { schedule: string; repeat?: unknown }; execute(req: { context: BasaltContext }): unknown }): void;
    customEvent(name: string, handler: (req: { context: BasaltContext; args: any }) => unknown): void;
  };
  data: { of<T extends BasaltRecord = BasaltRecord>(table: string): BasaltTable<T> };
  users: {
    findById(id: string): Promise<BasaltRecord>; find(query?: BasaltQuery | string): Promise<BasaltRecord[]>;
    update(user: BasaltRecord): Promise<BasaltRecord>; currentUser(): Promise<BasaltRecord | null>;
  };
  files: {
    saveText(path: string, content: string, overwrite?: boolean): Promise<string>; readText(path: string): Promise<string>;
    remove(path: string): Promise<unknown>; exists(path: string): Promise<boolean>; list(path: string, pattern?: string): Promise<unknown[]>;
  };
  messaging: {
    publish(channel: string, message: unknown, headers?: Record<string, unknown>): Promise<unknown>;
    sendEmail(email: { subject: string; text?: string; html?: string; to: string | string[] }): Promise<unknown>;
    push(args: Record<string, unknown>): Promise<unknown>;
  };
  cache: {
    get(key: string): Promise<unknown>; put(key: string, value: unknown, ttlSeconds?: number): Promise<unknown>;
    contains(key: string): Promise<boolean>; expire(key: string, ttlSeconds: number): Promise<unknown>; delete(key: string): Promise<unknown>;
  };
  counters: { of(name: string): BasaltCounter };
  services: { invoke(service: string, method: string, args?: unknown): Promise<unknown> };
  events: { dispatch(name: string, args?: unknown): Promise<unknown> };
  http: {
    fetch(url: string, init?: { method?: string; headers?: Record<string, string>; body?: string }):
      Promise<{ status: number; headers: Record<string, string>; body: string }>;
  };
  logging: { getLogger(name: string): BasaltLogger };
};
declare const Backendless: {
  ServerCode: {
    Error: typeof BasaltError;
    addService(serviceClass: new (...args: any[]) => unknown, configItems?: unknown[]): void;
    addTimer(timer: { name: string; startDate?: number | Date; expire?: number | Date; frequency: { schedule: string; repeat?: unknown }; execute(req: { context: BasaltContext }): unknown }): void;
    customEvent(name: string, handler: (req: { context: BasaltContext; args: any }, res: { result?: unknown }) => unknown, async?: boolean): void;
    Persistence: Record<string, (...args: any[]) => void>; Data: Record<string, (...args: any[]) => void>;
    User: Record<string, (...args: any[]) => void>; File: Record<string, (...args: any[]) => void>;
    Messaging: Record<string, (...args: any[]) => void>; Cache: Record<string, (...args: any[]) => void>;
    AtomicOperation: Record<string, (...args: any[]) => void>;
  };
  Data: { of(table: string | Function): BasaltTable & { getObjectCount(where?: unknown): Promise<number> } };
  DataQueryBuilder: { create(): any };
  LoadRelationsQueryBuilder: { create(): any };
  UserService: { getCurrentUser(): Promise<BasaltRecord | null>; update(user: BasaltRecord): Promise<BasaltRecord> };
  Files: any; Messaging: any; Cache: any; Counters: any; CustomServices: any; Events: any; Request: any;
  Logging: { getLogger(name: string): BasaltLogger };
};
`;
