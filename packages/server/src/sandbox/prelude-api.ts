/**
 * The two faces of the prelude (see prelude.ts, whose rules apply: this function is sent as its
 * own text into the isolate and may refer to nothing outside its body):
 * - `Backendless`: what Backendless's JS code runner gives deployed code (ServerCode registration,
 *   ServerCode.Error, Data.of, UserService, Files, Messaging, Cache, Counters, Logging, …), so code
 *   written for it runs unchanged as far as this reaches;
 * - `basalt`: the same reach through our own API.
 * Both are built on the one bridge function `call(op, args)`; the ops are listed in ops.ts.
 */
export function buildApis(core: PreludeCore): { Backendless: unknown; basalt: unknown } {
  const { call, BRIDGE, log, format } = core;
  type Obj = Record<string, unknown>;

  /** A bridge call whose failure carries the app API's numeric code as `code`, as the reference SDK's errors do. */
  function bl(op: string, args: unknown): Promise<unknown> {
    return call(op, args).catch((e: unknown) => {
      const err = e as Obj & Record<symbol, unknown>;
      if (err && err[BRIDGE] && err.appCode !== undefined) err.code = err.appCode;
      throw e;
    });
  }

  function idOf(v: unknown): string {
    if (v && typeof v === 'object') return String((v as Obj).objectId ?? '');
    return String(v ?? '');
  }
  function quote(s: string): string {
    return "'" + s.replace(/'/g, "''") + "'";
  }
  /** An id list as a where clause (bulkDelete with an array). */
  function idsWhere(ids: unknown[]): string {
    return `objectId in (${ids.map((v) => quote(idOf(v))).join(',')})`;
  }
  function list(v: unknown): string[] | undefined {
    if (v === undefined || v === null) return undefined;
    return (Array.isArray(v) ? v : String(v).split(',')).map((s) => String(s).trim()).filter(Boolean);
  }

  // ---- queries --------------------------------------------------------------------------------
  /** A query given as a builder, a plain object of REST names, or a where clause string. */
  function queryOf(q: unknown): Obj {
    if (q === undefined || q === null) return {};
    if (typeof q === 'string') return { where: q };
    if (q instanceof DataQueryBuilder) return q.build();
    const o = q as Obj;
    const out: Obj = {};
    const text = (k: string, v: unknown) => {
      if (v !== undefined && v !== null && v !== '') out[k] = String(v);
    };
    const num = (k: string, v: unknown) => {
      if (v !== undefined && v !== null && v !== '') out[k] = Number(v);
    };
    const names = (k: string, v: unknown) => {
      const l = list(v);
      if (l && l.length) out[k] = l;
    };
    text('where', o.where ?? o.whereClause ?? o.condition);
    text('having', o.having ?? o.havingClause);
    num('pageSize', o.pageSize);
    num('offset', o.offset);
    names('sortBy', o.sortBy);
    names('props', o.props ?? o.properties);
    names('excludeProps', o.excludeProps);
    names('loadRelations', o.loadRelations ?? o.relations ?? o.related);
    num('relationsDepth', o.relationsDepth);
    num('relationsPageSize', o.relationsPageSize);
    names('groupBy', o.groupBy);
    if (o.distinct !== undefined) out.distinct = !!o.distinct;
    return out;
  }

  class DataQueryBuilder {
    private q: Obj = {};
    static create() {
      return new DataQueryBuilder();
    }
    private set(k: string, v: unknown) {
      this.q[k] = v;
      return this;
    }
    private add(k: string, v: unknown) {
      const l = list(v) ?? [];
      this.q[k] = [...((this.q[k] as string[]) ?? []), ...l];
      return this;
    }
    setWhereClause(w: string) {
      return this.set('where', w);
    }
    getWhereClause() {
      return this.q.where;
    }
    setHavingClause(h: string) {
      return this.set('having', h);
    }
    setPageSize(n: number) {
      return this.set('pageSize', n);
    }
    getPageSize() {
      return this.q.pageSize;
    }
    setOffset(n: number) {
      return this.set('offset', n);
    }
    getOffset() {
      return this.q.offset;
    }
    prepareNextPage() {
      this.q.offset = Number(this.q.offset ?? 0) + Number(this.q.pageSize ?? 10);
      return this;
    }
    preparePreviousPage() {
      this.q.offset = Math.max(0, Number(this.q.offset ?? 0) - Number(this.q.pageSize ?? 10));
      return this;
    }
    setSortBy(s: unknown) {
      return this.set('sortBy', list(s));
    }
    addSortBy(s: unknown) {
      return this.add('sortBy', s);
    }
    setProperties(p: unknown) {
      return this.set('props', list(p));
    }
    addProperty(p: unknown) {
      return this.add('props', p);
    }
    addProperties(...p: unknown[]) {
      return this.add('props', p.flat());
    }
    addAllProperties() {
      return this.add('props', ['*']);
    }
    excludeProperty(p: unknown) {
      return this.add('excludeProps', p);
    }
    excludeProperties(...p: unknown[]) {
      return this.add('excludeProps', p.flat());
    }
    setRelated(r: unknown) {
      return this.set('loadRelations', list(r));
    }
    addRelated(r: unknown) {
      return this.add('loadRelations', r);
    }
    setRelationsDepth(n: number) {
      return this.set('relationsDepth', n);
    }
    setRelationsPageSize(n: number) {
      return this.set('relationsPageSize', n);
    }
    setGroupBy(g: unknown) {
      return this.set('groupBy', list(g));
    }
    setDistinct(d: boolean) {
      return this.set('distinct', !!d);
    }
    setRelationName(name: string) {
      return this.set('relationName', name);
    }
    build(): Obj {
      const out = queryOf({ ...this.q });
      if (this.q.relationName !== undefined) out.relationName = this.q.relationName;
      return out;
    }
  }

  // ---- data -----------------------------------------------------------------------------------
  function dataStore(table: string, invoke: (op: string, args: unknown) => Promise<unknown>) {
    if (typeof table !== 'string' || !table) throw new Error('Data.of(table): the table name is missing');
    const relation = (op: string) => (parent: unknown, relationName: string, children: unknown) =>
      invoke(op, {
        table,
        parentId: idOf(parent),
        relation: relationName,
        children: typeof children === 'string' ? children : (Array.isArray(children) ? children : [children]).map(idOf),
      });
    return {
      find: (q?: unknown) => invoke('data.find', { table, query: queryOf(q) }),
      findById: (id: unknown, q?: unknown) => invoke('data.findById', { table, id: idOf(id), query: queryOf(q) }),
      findFirst: (q?: unknown) => invoke('data.findFirst', { table, query: queryOf(q) }),
      findLast: (q?: unknown) => invoke('data.findLast', { table, query: queryOf(q) }),
      getObjectCount: (q?: unknown) => invoke('data.count', { table, where: queryOf(q).where }),
      count: (q?: unknown) => invoke('data.count', { table, where: queryOf(q).where }),
      save: (item: Obj) => invoke('data.save', { table, item }),
      remove: (item: unknown) =>
        invoke('data.remove', item && typeof item === 'object' ? { table, item } : { table, id: idOf(item) }),
      bulkCreate: (items: Obj[]) => invoke('data.bulkCreate', { table, items }),
      bulkUpdate: (where: unknown, changes: Obj) =>
        invoke('data.bulkUpdate', { table, where: Array.isArray(where) ? idsWhere(where) : String(where), changes }),
      bulkDelete: (where: unknown) =>
        invoke('data.bulkDelete', { table, where: Array.isArray(where) ? idsWhere(where) : String(where) }),
      setRelation: relation('data.setRelation'),
      addRelation: relation('data.addRelation'),
      deleteRelation: relation('data.deleteRelation'),
      loadRelations: (parent: unknown, q: unknown) => {
        const query = q instanceof DataQueryBuilder ? q.build() : queryOf(q);
        const name = (query.relationName ?? (q as Obj | undefined)?.relationName) as string | undefined;
        delete query.relationName;
        return invoke('data.loadRelations', { table, parentId: idOf(parent), relation: name, query });
      },
    };
  }

  // ---- the other services ---------------------------------------------------------------------
  function counter(name: string, invoke: (op: string, args: unknown) => Promise<unknown>) {
    return {
      get: () => invoke('counters.get', { name }),
      incrementAndGet: () => invoke('counters.incrementAndGet', { name }),
      getAndIncrement: () => invoke('counters.getAndIncrement', { name }),
      decrementAndGet: () => invoke('counters.decrementAndGet', { name }),
      getAndDecrement: () => invoke('counters.addAndGet', { name, value: -1 }).then((v) => Number(v) + 1),
      addAndGet: (value: number) => invoke('counters.addAndGet', { name, value }),
      getAndAdd: (value: number) => invoke('counters.addAndGet', { name, value }).then((v) => Number(v) - value),
      set: (value: number) => invoke('counters.set', { name, value }),
      reset: () => invoke('counters.reset', { name }),
    };
  }

  function logger(name: string) {
    const at =
      (level: string) =>
      (...args: unknown[]) =>
        log(level, String(name), format(args));
    return {
      debug: at('DEBUG'),
      trace: at('DEBUG'),
      info: at('INFO'),
      warn: at('WARN'),
      error: at('ERROR'),
      fatal: at('ERROR'),
    };
  }

  function fullPath(path: unknown, fileName?: unknown): string {
    const p = String(path ?? '');
    if (fileName === undefined || fileName === null || fileName === '') return p;
    return p.replace(/\/+$/, '') + '/' + String(fileName);
  }

  function request(method: string, url: string) {
    const headers: Record<string, string> = {};
    const r = {
      set(k: string | Record<string, string>, v?: string) {
        if (typeof k === 'object') Object.assign(headers, k);
        else headers[k] = String(v);
        return r;
      },
      send(body?: unknown): Promise<unknown> {
        const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
        if (text !== undefined && typeof body !== 'string' && !headers['content-type'] && !headers['Content-Type'])
          headers['content-type'] = 'application/json';
        return call('http.fetch', { url, method, headers, body: text }).then((res) => {
          const o = (res ?? {}) as Obj;
          const status = Number(o.status ?? 200);
          let data: unknown = o.body;
          const type = String((o.headers as Obj | undefined)?.['content-type'] ?? '');
          if (typeof data === 'string' && type.includes('json')) {
            try {
              data = JSON.parse(data);
            } catch {
              /* the text as it came */
            }
          }
          if (status >= 400) {
            const err = new Error(`Status Code ${status}`) as Error & Obj;
            err.status = status;
            err.body = data;
            throw err;
          }
          return data;
        });
      },
      then(ok?: (v: unknown) => unknown, fail?: (e: unknown) => unknown) {
        return r.send().then(ok, fail);
      },
    };
    return r;
  }

  function registrar(provider: string, events: string[], aliases: Record<string, string> = {}) {
    const out: Record<string, (...args: unknown[]) => void> = {};
    const make =
      (event: string) =>
      (...args: unknown[]) => {
        const targeted = typeof args[0] !== 'function';
        const target = targeted ? args[0] : '*';
        const handler = args[targeted ? 1 : 0];
        const isAsync = !!args[targeted ? 2 : 1];
        core.registerHandler(provider, event, target as string, handler, isAsync);
      };
    for (const e of events) out[e] = make(e);
    for (const [alias, event] of Object.entries(aliases)) out[alias] = make(event);
    return out;
  }
  const beforeAfter = (...names: string[]) => names.flatMap((n) => ['before' + n, 'after' + n]);

  const Persistence = registrar(
    'data',
    beforeAfter(
      'Create',
      'FindById',
      'LoadRelations',
      'Remove',
      'Update',
      'Describe',
      'Find',
      'First',
      'Last',
      'CreateBulk',
      'UpdateBulk',
      'RemoveBulk',
      'Count',
      'AddRelation',
      'SetRelation',
      'DeleteRelation',
      'Transaction',
      'Group',
      'CountInGroup',
      'Upsert',
      'UpsertBulk',
    ),
  );
  const User = registrar(
    'user',
    beforeAfter(
      'Login',
      'Register',
      'Update',
      'Remove',
      'Describe',
      'RestorePassword',
      'Logout',
      'Find',
      'FindById',
      'UpdateBulk',
      'RemoveBulk',
      'EmailConfirmed',
      'SocialLogin',
      'SocialRegister',
      'LoginAsGuest',
      'OAuthLogin',
      'OAuthRegister',
      'Group',
      'Upsert',
    ),
  );
  const File = registrar(
    'file',
    [
      ...beforeAfter(
        'Upload',
        'Count',
        'Listing',
        'Exists',
        'DeleteFileOrDirectory',
        'SaveFileFromByteArray',
        'CopyFileOrDirectory',
        'MoveFileOrDirectory',
      ),
      'beforeDownload',
    ],
    { beforeMoveToRepository: 'beforeUpload', afterMoveToRepository: 'afterUpload' },
  );
  const Messaging = registrar(
    'messaging',
    beforeAfter(
      'Publish',
      'Subscribe',
      'Cancel',
      'Poll',
      'DeviceRegistration',
      'SendEmail',
      'GetMessageStatus',
      'Push',
      'PushWithTemplate',
      'SendEmailFromTemplate',
    ),
  );
  const Cache = registrar('cache', beforeAfter('Put', 'Get', 'Contains', 'ExpireAt', 'ExpireIn', 'Delete'));
  const AtomicOperation = registrar(
    'counters',
    beforeAfter(
      'Reset',
      'GetAndIncrement',
      'IncrementAndGet',
      'GetAndDecrement',
      'DecrementAndGet',
      'AddAndGet',
      'GetAndAdd',
      'Get',
      'CompareAndSet',
      'List',
    ),
  );
  const Media = registrar('media', [
    'acceptConnection',
    'publishStarted',
    'publishFinished',
    'streamCreated',
    'streamFinished',
  ]);
  const Geo = registrar(
    'geo',
    beforeAfter(
      'AddPoint',
      'UpdatePoint',
      'RemovePoint',
      'GetCategories',
      'GetPoints',
      'AddCategory',
      'DeleteCategory',
      'RelativeFind',
    ),
  );

  class PersistenceItem {}

  const ServerCode = {
    Error: core.ServerCodeError,
    PersistenceItem,
    ConfigItems: { TYPES: { STRING: 'string', BOOL: 'bool', DATE: 'date', CHOICE: 'choice', TEXT: 'text' } },
    verbose: () => undefined,
    debug: () => undefined,
    addType: (type: unknown) => type,
    addService: (service: unknown, configItems?: unknown, options?: unknown) =>
      core.registerService(service, configItems, options),
    addTimer: (timer: Obj) => core.registerTimer(timer),
    customEvent: (name: string, handler: unknown, isAsync?: boolean) =>
      core.registerHandler('custom', 'execute', name, handler, !!isAsync),
    Persistence,
    Data: Persistence,
    User,
    File,
    Files: File,
    Messaging,
    Cache,
    AtomicOperation,
    Counters: AtomicOperation,
    Media,
    Geo,
  };

  const Backendless = {
    ServerCode,
    DataQueryBuilder,
    LoadRelationsQueryBuilder: {
      create: (_type?: unknown) => new DataQueryBuilder(),
      of: (_type?: unknown) => new DataQueryBuilder(),
    },
    Data: {
      of: (table: unknown) =>
        dataStore(typeof table === 'function' ? (table as { name: string }).name : String(table), bl),
    },
    UserService: {
      getCurrentUser: () => bl('users.currentUser', {}),
      currentUser: () => bl('users.currentUser', {}),
      update: (user: Obj) => bl('users.update', { user }),
      findById: (id: unknown) => bl('users.findById', { id: idOf(id) }),
      find: (q?: unknown) => bl('users.find', { query: queryOf(q) }),
    },
    Files: {
      saveFile: (path: unknown, fileName: unknown, content: unknown, overwrite?: boolean) =>
        bl('files.saveText', {
          path: fullPath(path, fileName),
          content: String(content ?? ''),
          overwrite: !!overwrite,
        }),
      remove: (path: unknown) => bl('files.remove', { path: String(path) }),
      exists: (path: unknown) => bl('files.exists', { path: String(path) }),
      listing: (path: unknown, pattern?: string, recursive?: boolean, pageSize?: number, offset?: number) =>
        bl('files.list', { path: String(path), pattern, recursive, pageSize, offset }),
    },
    Messaging: {
      publish: (channel: string, message: unknown, publishOptions?: Obj) =>
        bl('messaging.publish', {
          channel,
          message,
          ...(publishOptions?.headers ? { headers: publishOptions.headers } : {}),
        }),
      sendEmail: (subject: string, bodyParts: Obj, recipients: unknown) =>
        bl('messaging.sendEmail', {
          subject,
          body: {
            ...(bodyParts?.textmessage !== undefined ? { textmessage: String(bodyParts.textmessage) } : {}),
            ...(bodyParts?.htmlmessage !== undefined ? { htmlmessage: String(bodyParts.htmlmessage) } : {}),
          },
          to: Array.isArray(recipients) ? recipients.map(String) : [String(recipients)],
        }),
      push: (args: Obj) => bl('messaging.push', args ?? {}),
      pushWithTemplate: (templateName: string, templateValues?: Obj) =>
        bl('messaging.push', { templateName, templateValues }),
    },
    Cache: {
      put: (key: string, value: unknown, timeToLive?: number) =>
        bl('cache.put', { key, value, ...(timeToLive !== undefined ? { ttl: timeToLive } : {}) }),
      get: (key: string) => bl('cache.get', { key }),
      contains: (key: string) => bl('cache.contains', { key }),
      expireIn: (key: string, seconds: number) => bl('cache.expire', { key, ttl: seconds }),
      expireAt: (key: string, at: unknown) => {
        const when = at instanceof Date ? at.getTime() : Number(at);
        return bl('cache.expire', { key, ttl: Math.max(0, Math.ceil((when - Date.now()) / 1000)) });
      },
      remove: (key: string) => bl('cache.delete', { key }),
      delete: (key: string) => bl('cache.delete', { key }),
    },
    Counters: {
      of: (name: string) => counter(name, bl),
      get: (name: string) => counter(name, bl).get(),
      incrementAndGet: (name: string) => counter(name, bl).incrementAndGet(),
      getAndIncrement: (name: string) => counter(name, bl).getAndIncrement(),
      decrementAndGet: (name: string) => counter(name, bl).decrementAndGet(),
      getAndDecrement: (name: string) => counter(name, bl).getAndDecrement(),
      addAndGet: (name: string, value: number) => counter(name, bl).addAndGet(value),
      getAndAdd: (name: string, value: number) => counter(name, bl).getAndAdd(value),
      reset: (name: string) => counter(name, bl).reset(),
    },
    CustomServices: {
      invoke: (service: string, method: string, args?: unknown) => bl('services.invoke', { service, method, args }),
    },
    Events: {
      dispatch: (name: string, args?: unknown) => bl('events.dispatch', { name, args: args ?? {} }),
    },
    Logging: {
      getLogger: logger,
      setLogReportingPolicy: () => undefined,
      flush: () => Promise.resolve(),
    },
    Request: {
      get: (url: string) => request('GET', url),
      post: (url: string) => request('POST', url),
      put: (url: string) => request('PUT', url),
      patch: (url: string) => request('PATCH', url),
      delete: (url: string) => request('DELETE', url),
    },
  };

  const basalt = {
    call,
    context: core.context,
    Error: core.ServerCodeError,
    register: {
      service: (clazz: unknown, configItems?: unknown) => core.registerService(clazz, configItems),
      handler: (provider: string, event: string, target: string, handler: unknown, isAsync?: boolean) =>
        core.registerHandler(provider, event, target, handler, !!isAsync),
      timer: (timer: Obj) => core.registerTimer(timer),
      customEvent: (name: string, handler: unknown) => core.registerHandler('custom', 'execute', name, handler, false),
    },
    data: { of: (table: string) => dataStore(table, call) },
    users: {
      findById: (id: string) => call('users.findById', { id }),
      find: (q?: unknown) => call('users.find', { query: queryOf(q) }),
      update: (user: Obj) => call('users.update', { user }),
      currentUser: () => call('users.currentUser', {}),
    },
    files: {
      saveText: (path: string, content: string, overwrite?: boolean) =>
        call('files.saveText', { path, content, overwrite: !!overwrite }),
      readText: (path: string) => call('files.readText', { path }),
      remove: (path: string) => call('files.remove', { path }),
      exists: (path: string) => call('files.exists', { path }),
      list: (path: string, pattern?: string) => call('files.list', { path, pattern }),
    },
    messaging: {
      publish: (channel: string, message: unknown, headers?: Obj) =>
        call('messaging.publish', { channel, message, ...(headers ? { headers } : {}) }),
      sendEmail: (email: { subject: string; text?: string; html?: string; to: string | string[] }) =>
        call('messaging.sendEmail', {
          subject: email.subject,
          body: {
            ...(email.text !== undefined ? { textmessage: email.text } : {}),
            ...(email.html !== undefined ? { htmlmessage: email.html } : {}),
          },
          to: Array.isArray(email.to) ? email.to : [email.to],
        }),
      push: (args: Obj) => call('messaging.push', args),
    },
    cache: {
      get: (key: string) => call('cache.get', { key }),
      put: (key: string, value: unknown, ttl?: number) =>
        call('cache.put', { key, value, ...(ttl !== undefined ? { ttl } : {}) }),
      contains: (key: string) => call('cache.contains', { key }),
      expire: (key: string, ttl: number) => call('cache.expire', { key, ttl }),
      delete: (key: string) => call('cache.delete', { key }),
    },
    counters: { of: (name: string) => counter(name, call) },
    services: {
      invoke: (service: string, method: string, args?: unknown) => call('services.invoke', { service, method, args }),
    },
    events: { dispatch: (name: string, args?: unknown) => call('events.dispatch', { name, args: args ?? {} }) },
    http: {
      fetch: (url: string, init?: { method?: string; headers?: Record<string, string>; body?: string }) =>
        call('http.fetch', { url, ...(init ?? {}) }),
    },
    logging: { getLogger: logger },
  };

  return { Backendless, basalt };
}

/** What prelude.ts hands to `buildApis`. */
export interface PreludeCore {
  call: (op: string, args?: unknown) => Promise<unknown>;
  BRIDGE: symbol;
  log: (level: string, logger: string, message: string) => void;
  format: (args: unknown[]) => string;
  registerService: (clazz: unknown, configItems?: unknown, options?: unknown) => unknown;
  registerHandler: (provider: string, event: string, target: string, fn: unknown, isAsync: boolean) => void;
  registerTimer: (timer: Record<string, unknown>) => void;
  ServerCodeError: new (code?: unknown, message?: unknown, httpStatus?: unknown) => Error;
  context: Record<string, unknown>;
}
