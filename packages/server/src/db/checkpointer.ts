import { threadSource } from './thread-source.js';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** How often the worker looks for new WAL frames to copy into each database file. */
const CHECKPOINT_EVERY_MS = 100;
/** SQLite's own default, restored on a handle when the worker is gone. */
const AUTOCHECKPOINT_PAGES = 1000;

/**
 * The body of the checkpoint thread. It is started from its own source text (`eval`), so the same
 * file works from `src/` under the test runner and from `dist/`; it may therefore use nothing but
 * `require` and what `workerData` brings (the resolved path of better-sqlite3).
 *
 * For each database file it holds a connection of its own and, when the file's WAL changed since
 * the last look, runs a PASSIVE checkpoint: it copies committed frames into the database file and
 * syncs it, without ever blocking the server's writers or readers.
 */
function checkpointThread(): void {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { parentPort, workerData } = require('node:worker_threads');
  const fs = require('node:fs');
  const Sqlite = require(workerData.sqlite);
  /* eslint-enable @typescript-eslint/no-require-imports */
  const files = new Map<string, { db: { pragma(s: string): unknown; close(): void }; seen: number }>();
  const look = () => {
    for (const [file, f] of files) {
      let changed = 0;
      try {
        changed = fs.statSync(`${file}-wal`).mtimeMs;
      } catch {
        continue;
      }
      if (changed === f.seen) continue;
      try {
        f.db.pragma('wal_checkpoint(PASSIVE)');
        f.seen = changed;
      } catch {
        // Busy or being dropped: the next look tries again.
      }
    }
  };
  const timer = setInterval(look, workerData.everyMs);
  parentPort.on('message', (m: { type: string; file?: string; id?: number }) => {
    if (m.type === 'add' && m.file && !files.has(m.file)) {
      try {
        files.set(m.file, { db: new Sqlite(m.file, { fileMustExist: true }), seen: 0 });
      } catch (err) {
        parentPort.postMessage({ type: 'failed', file: m.file, message: String(err) });
      }
    } else if (m.type === 'forget' && m.file) {
      const f = files.get(m.file);
      files.delete(m.file);
      try {
        f?.db.close();
      } catch {
        // Already closed.
      }
      parentPort.postMessage({ type: 'done', id: m.id });
    } else if (m.type === 'close') {
      clearInterval(timer);
      look();
      for (const f of files.values()) {
        try {
          f.db.close();
        } catch {
          // Already closed.
        }
      }
      files.clear();
      parentPort.postMessage({ type: 'done', id: m.id });
    }
  });
}

/**
 * WAL checkpoints of the SQLite stores, moved off the request path.
 *
 * SQLite's automatic checkpoint runs inside the commit that pushes the WAL past 1,000 pages: that
 * request's thread copies the pages and waits for two fsyncs. With every request on one event loop,
 * the wait stalls all of them; measured on single-record creates, those stalls were a fifth of the
 * server's time (a few milliseconds each, once every ~250 commits). Here a worker thread with its
 * own connections does the checkpoints, and the server's handles have the automatic ones turned
 * off. If the worker cannot start or dies, every handle gets the automatic checkpoint back, so the
 * WAL never grows without bound.
 *
 * One worker serves the whole process (a test run opens many servers); it lives while at least one
 * SQLite `Databases` uses it.
 */
export class Checkpointer {
  readonly worker: Worker | undefined;
  private readonly handles = new Map<string, Database.Database>();
  private readonly waiting = new Map<number, () => void>();
  private nextId = 1;
  private gone = false;

  constructor() {
    try {
      const sqlite = createRequire(import.meta.url).resolve('better-sqlite3');
      this.worker = new Worker(threadSource(checkpointThread), {
        eval: true,
        workerData: { sqlite, everyMs: CHECKPOINT_EVERY_MS },
      });
      this.worker.unref();
      this.worker.on('message', (m: { type: string; id?: number; file?: string }) => {
        if (m.type === 'done' && m.id) this.settle(m.id);
        // The worker could not open this file: its handle keeps SQLite's own checkpoints.
        if (m.type === 'failed' && m.file) this.restore(m.file);
      });
      this.worker.on('error', () => this.lost());
      this.worker.on('exit', () => this.lost());
    } catch {
      this.gone = true;
    }
  }

  /** Hands the checkpoints of `file` (opened as `handle`) to the worker, when there is one. */
  adopt(file: string, handle: Database.Database): void {
    if (this.gone || !this.worker) return;
    handle.pragma('wal_autocheckpoint = 0');
    this.handles.set(file, handle);
    this.worker.postMessage({ type: 'add', file });
  }

  /** Stops checkpointing `file` and closes the worker's connection to it (before the file is deleted). */
  forget(file: string): Promise<void> {
    this.handles.delete(file);
    return this.ask({ type: 'forget', file });
  }

  /** Runs a last look at every file, closes the worker's connections and stops the thread. */
  async close(): Promise<void> {
    if (this.gone || !this.worker) return;
    await this.ask({ type: 'close' });
    this.gone = true;
    this.handles.clear();
    await this.worker.terminate();
  }

  private ask(message: { type: string; file?: string }): Promise<void> {
    if (this.gone || !this.worker) return Promise.resolve();
    const id = this.nextId++;
    return new Promise<void>((resolve) => {
      this.waiting.set(id, resolve);
      this.worker!.postMessage({ ...message, id });
    });
  }

  private settle(id: number): void {
    this.waiting.get(id)?.();
    this.waiting.delete(id);
  }

  private restore(file: string): void {
    const handle = this.handles.get(file);
    this.handles.delete(file);
    if (handle?.open) handle.pragma(`wal_autocheckpoint = ${AUTOCHECKPOINT_PAGES}`);
  }

  /** The worker is gone (crashed or terminated): SQLite checkpoints on its own again. */
  private lost(): void {
    if (this.gone && !this.handles.size) return;
    this.gone = true;
    for (const file of [...this.handles.keys()]) this.restore(file);
    for (const id of [...this.waiting.keys()]) this.settle(id);
  }
}

let shared: Checkpointer | undefined;
let users = 0;

/** The process's checkpointer, started on first use; pair with `releaseCheckpointer`. */
export function useCheckpointer(): Checkpointer {
  shared ??= new Checkpointer();
  users++;
  return shared;
}

/** Stops the checkpointer when its last user lets go. */
export async function releaseCheckpointer(): Promise<void> {
  users = Math.max(0, users - 1);
  if (users > 0 || !shared) return;
  const stopping = shared;
  shared = undefined;
  await stopping.close();
}
