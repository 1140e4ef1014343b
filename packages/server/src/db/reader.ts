import { threadSource } from './thread-source.js';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** After its deadline, how long a read may take to stop on its own before its thread is replaced. */
const STOP_GRACE_MS = 1000;
/** Store files a reader keeps open; the least recently read is closed past it. */
const MAX_OPEN_FILES = 64;
/** Statements a reader keeps prepared per store file. */
const MAX_STATEMENTS = 200;

/**
 * The body of a reader thread. Like the checkpointer's, it is started from its own source text
 * (`eval`), so it may use nothing but `require` and what `workerData` brings: the resolved path of
 * better-sqlite3, its limits, and a shared cell (`stop`) where the main thread writes the id of a
 * read to stop.
 *
 * For each store file it holds a read-only connection of its own, on which every table of the
 * store is shadowed by a temporary view of the same name: `SELECT * FROM main.<table> WHERE
 * basalt_live(rowid)`. Unqualified names find the temporary view first, so every statement the
 * thread runs calls `basalt_live` once for each row it visits in each table, in each subquery and
 * join loop (SQLite flattens the view, and the call depends on the row, so it is not hoisted out
 * of the loop). `basalt_live` throws once the read's deadline has passed or the main thread asked
 * to stop it, and SQLite ends the statement there: better-sqlite3 has no progress handler and no
 * `sqlite3_interrupt`, and this is the way to stop a statement from inside.
 */
function readerThread(): void {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { parentPort, workerData } = require('node:worker_threads');
  const Sqlite = require(workerData.sqlite);
  /* eslint-enable @typescript-eslint/no-require-imports */
  type Db = {
    prepare(s: string): { all(p: unknown[]): unknown[]; pluck(): { get(): unknown }; reader: boolean };
    exec(s: string): void;
    function(name: string, opts: object, fn: (...a: unknown[]) => unknown): void;
    loadExtension(file: string): void;
    close(): void;
  };
  type Store = {
    db: Db;
    version: unknown;
    statements: Map<string, { all(p: unknown[]): unknown[]; reader: boolean }>;
    schemaVersion: { get(): unknown };
  };
  const stop = new Int32Array(workerData.stop);
  const { maxFiles, maxStatements } = workerData;
  const stores = new Map<string, Store>();
  let current = 0;
  let deadline = 0;
  let calls = 0;
  const DEADLINE = 'basalt:deadline';
  const STOPPED = 'basalt:stopped';

  const live = () => {
    if (Atomics.load(stop, 0) === current) throw new Error(STOPPED);
    // The clock every 64 rows: a row costs far less than a millisecond.
    if ((++calls & 63) === 0 && Date.now() > deadline) throw new Error(DEADLINE);
    return 1;
  };

  const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

  /** (Re)creates the shadowing views when the store's schema changed since the last look. */
  const shadow = (s: Store) => {
    const version = s.schemaVersion.get();
    if (version === s.version) return;
    s.statements.clear();
    const views = s.db.prepare("select name from temp.sqlite_master where type = 'view'").all([]) as Array<{
      name: string;
    }>;
    for (const v of views) s.db.exec(`drop view temp.${quote(v.name)}`);
    const tables = s.db
      .prepare("select name from main.sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'")
      .all([]) as Array<{ name: string }>;
    for (const t of tables) {
      try {
        s.db.exec(`create temp view ${quote(t.name)} as select * from main.${quote(t.name)} where basalt_live(rowid)`);
      } catch {
        // A table without rowid: read directly, stopped by the checks of the other tables only.
      }
    }
    s.version = version;
  };

  const open = (file: string): Store => {
    let s = stores.get(file);
    if (s) {
      // Re-inserted: the Map stays in least-recently-read order.
      stores.delete(file);
      stores.set(file, s);
      return s;
    }
    const db: Db = new Sqlite(file, { readonly: true, fileMustExist: true });
    db.function('basalt_live', { varargs: true, deterministic: false }, live);
    // The same SQL extensions as the main thread's handles (SpatiaLite for spatial where clauses).
    for (const ext of workerData.extensions as string[]) db.loadExtension(ext);
    s = {
      db,
      version: undefined,
      statements: new Map(),
      schemaVersion: db.prepare('pragma main.schema_version').pluck(),
    };
    stores.set(file, s);
    if (stores.size > maxFiles) close(stores.keys().next().value as string);
    return s;
  };

  const close = (file: string) => {
    const s = stores.get(file);
    stores.delete(file);
    try {
      s?.db.close();
    } catch {
      // Already closed.
    }
  };

  parentPort.on(
    'message',
    (m: { type: string; id: number; file?: string; sql?: string; params?: unknown[]; deadline?: number }) => {
      if (m.type === 'read') {
        current = m.id;
        deadline = m.deadline!;
        calls = 0;
        try {
          if (Atomics.load(stop, 0) === current) throw new Error(STOPPED);
          if (Date.now() > deadline) throw new Error(DEADLINE);
          const s = open(m.file!);
          shadow(s);
          let stmt = s.statements.get(m.sql!);
          if (!stmt) {
            stmt = s.db.prepare(m.sql!);
            if (!stmt.reader) throw new Error('Only reading statements run on a reader thread');
            s.statements.set(m.sql!, stmt);
            if (s.statements.size > maxStatements) s.statements.delete(s.statements.keys().next().value as string);
          }
          const rows = stmt.all(m.params ?? []);
          parentPort.postMessage({ type: 'rows', id: m.id, rows });
        } catch (err) {
          const e = err as { message?: string; code?: string };
          const reason = e?.message === DEADLINE ? 'deadline' : e?.message === STOPPED ? 'stopped' : 'error';
          parentPort.postMessage({
            type: 'failed',
            id: m.id,
            reason,
            message: String(e?.message ?? err),
            code: e?.code,
          });
        } finally {
          current = 0;
        }
      } else if (m.type === 'forget') {
        close(m.file!);
        parentPort.postMessage({ type: 'done', id: m.id });
      } else if (m.type === 'close') {
        for (const file of [...stores.keys()]) close(file);
        parentPort.postMessage({ type: 'done', id: m.id });
      }
    },
  );
}

/** Why a read did not answer rows. */
export type ReadStop = 'deadline' | 'stopped' | 'lost';

/** A read that ran out of time, was stopped by its caller, or lost its thread (the pool replaces it). */
export class ReadStopped extends Error {
  constructor(readonly reason: ReadStop) {
    super(
      reason === 'deadline'
        ? 'The read ran past its deadline'
        : reason === 'stopped'
          ? 'The read was stopped'
          : 'The reader thread stopped during the read',
    );
    this.name = 'ReadStopped';
  }
}

interface Job {
  id: number;
  file: string;
  sql: string;
  params: readonly unknown[];
  deadline: number;
  signal?: AbortSignal;
  resolve: (rows: unknown[]) => void;
  reject: (err: unknown) => void;
  reader?: Reader;
  timer?: NodeJS.Timeout;
  onAbort?: () => void;
}

interface Reader {
  worker: Worker;
  stop: Int32Array;
  job?: Job;
  /** Control messages (forget, close) waiting for the thread's answer. */
  waiting: Map<number, () => void>;
  gone: boolean;
}

let nextId = 1;

/**
 * Reading statements run on worker threads, each with its own read-only connections (WAL lets
 * them read what is committed while the main thread writes), so a long statement never holds up
 * the event loop. Each read has a deadline and may be stopped by its caller (an `AbortSignal`);
 * either ends the statement from inside (see `readerThread`). Reads queue in the pool on the main
 * thread and go to the first idle reader; each reader runs one read at a time.
 *
 * A reader is started on first need. One that dies (a crash, or a statement that did not stop
 * within `STOP_GRACE_MS` after its deadline and is terminated) fails its read with
 * `ReadStopped('lost')` and is replaced by the next read that needs a thread.
 *
 * A read sees every transaction committed before it began: the statement opens its own read
 * snapshot when the thread starts it, after the caller handed it in.
 */
export class ReaderPool {
  private readonly readers: Reader[] = [];
  private readonly queue: Job[] = [];
  private closed = false;
  private readonly sqlite: string;

  /** `extensions`: SQLite extensions every connection loads (db/spatial.ts). */
  constructor(
    readonly size: number,
    private readonly extensions: string[] = [],
  ) {
    this.sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
  }

  /** Reads running on a thread now. */
  get running(): number {
    return this.readers.filter((r) => r.job).length;
  }

  /** Reads waiting for a thread. */
  get queued(): number {
    return this.queue.length;
  }

  /** For tests: the threads, to end one as a crash would. */
  get threads(): Worker[] {
    return this.readers.map((r) => r.worker);
  }

  /**
   * Runs one reading statement of the store `file` and answers its rows. Rejects with
   * `ReadStopped` when `deadline` (epoch ms) passes first, when `signal` aborts, or when the thread
   * dies; with the statement's own error otherwise (its message and SQLite `code` kept).
   */
  read(
    file: string,
    sql: string,
    params: readonly unknown[],
    deadline: number,
    signal?: AbortSignal,
  ): Promise<unknown[]> {
    if (this.closed) return Promise.reject(new ReadStopped('lost'));
    if (signal?.aborted) return Promise.reject(new ReadStopped('stopped'));
    return new Promise<unknown[]>((resolve, reject) => {
      const job: Job = { id: nextId++, file, sql, params, deadline, signal, resolve, reject };
      if (signal) {
        job.onAbort = () => this.abort(job);
        signal.addEventListener('abort', job.onAbort, { once: true });
      }
      // The pool's own clock: a read still queued or not stopping at its deadline is answered anyway.
      job.timer = setTimeout(() => this.overdue(job), Math.max(0, deadline - Date.now()) + STOP_GRACE_MS);
      job.timer.unref();
      this.queue.push(job);
      this.pump();
    });
  }

  /** Closes every reader's connection to `file` (before the file is deleted); its reads are stopped. */
  async forget(file: string): Promise<void> {
    for (const job of this.queue.filter((j) => j.file === file)) this.abort(job);
    for (const r of this.readers) if (r.job?.file === file) this.abort(r.job);
    await Promise.all(this.readers.map((r) => this.ask(r, { type: 'forget', file })));
  }

  /** Fails what is queued, stops what runs, closes the connections and ends the threads. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, new ReadStopped('lost'));
    const readers = [...this.readers];
    for (const r of readers) if (r.job) this.abort(r.job);
    await Promise.all(readers.map((r) => this.ask(r, { type: 'close' })));
    for (const r of readers) {
      r.gone = true;
      if (r.job) this.settle(r.job, new ReadStopped('lost'));
      await r.worker.terminate();
    }
    this.readers.length = 0;
  }

  private pump(): void {
    while (this.queue.length) {
      const reader =
        this.readers.find((r) => !r.job && !r.gone) ?? (this.readers.length < this.size ? this.start() : undefined);
      if (!reader) return;
      const job = this.queue.shift()!;
      job.reader = reader;
      reader.job = job;
      reader.worker.postMessage({
        type: 'read',
        id: job.id,
        file: job.file,
        sql: job.sql,
        params: job.params,
        deadline: job.deadline,
      });
    }
  }

  private start(): Reader {
    // As `loadExtensions` (dialect.ts) does: SpatiaLite's file functions stay off in reader threads
    // too (they read the process's one environment, so it is cleared here, before the thread starts).
    delete process.env.SPATIALITE_SECURITY;
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(threadSource(readerThread), {
      eval: true,
      workerData: {
        sqlite: this.sqlite,
        extensions: this.extensions,
        stop: stop.buffer,
        maxFiles: MAX_OPEN_FILES,
        maxStatements: MAX_STATEMENTS,
      },
    });
    worker.unref();
    const reader: Reader = { worker, stop, waiting: new Map(), gone: false };
    worker.on(
      'message',
      (m: { type: string; id: number; rows?: unknown[]; reason?: string; message?: string; code?: string }) => {
        if (m.type === 'done') {
          reader.waiting.get(m.id)?.();
          reader.waiting.delete(m.id);
          return;
        }
        const job = reader.job;
        if (!job || job.id !== m.id) return;
        reader.job = undefined;
        if (m.type === 'rows') this.settle(job, undefined, m.rows!);
        else if (m.reason === 'deadline' || m.reason === 'stopped') this.settle(job, new ReadStopped(m.reason));
        else this.settle(job, Object.assign(new Error(m.message), m.code ? { code: m.code } : {}));
        this.pump();
      },
    );
    worker.on('error', () => this.lost(reader));
    worker.on('exit', () => this.lost(reader));
    this.readers.push(reader);
    return reader;
  }

  /** The thread is gone: its read fails, its place is free for a new thread. */
  private lost(reader: Reader): void {
    const at = this.readers.indexOf(reader);
    if (at >= 0) this.readers.splice(at, 1);
    reader.gone = true;
    const job = reader.job;
    reader.job = undefined;
    if (job) this.settle(job, new ReadStopped('lost'));
    for (const done of reader.waiting.values()) done();
    reader.waiting.clear();
    if (!this.closed) this.pump();
  }

  private abort(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(job, new ReadStopped('stopped'));
    } else if (job.reader?.job === job) {
      // Seen by `basalt_live` at the statement's next row; the thread then answers 'stopped'.
      Atomics.store(job.reader.stop, 0, job.id);
    }
  }

  /** The deadline passed long enough ago: a queued read is answered, a running one's thread replaced. */
  private overdue(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.settle(job, new ReadStopped('deadline'));
      return;
    }
    const reader = job.reader;
    if (reader?.job !== job) return;
    reader.job = undefined;
    this.settle(job, new ReadStopped('deadline'));
    this.lost(reader);
    void reader.worker.terminate();
  }

  private settle(job: Job, err: unknown, rows?: unknown[]): void {
    clearTimeout(job.timer);
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    if (err) job.reject(err);
    else job.resolve(rows!);
  }

  private ask(reader: Reader, message: { type: string; file?: string }): Promise<void> {
    if (reader.gone) return Promise.resolve();
    const id = nextId++;
    return new Promise<void>((resolve) => {
      reader.waiting.set(id, resolve);
      reader.worker.postMessage({ ...message, id });
    });
  }
}
