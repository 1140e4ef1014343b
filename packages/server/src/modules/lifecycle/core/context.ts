import type { Kysely } from 'kysely';
import type { ServerContext } from '../../../context.js';
import type { StorageProvider } from '../../../storage/index.js';
import type { Progress } from './progress.js';

/**
 * How the data exporter reads an app store: `read(appId, work)` runs `work` over a database view
 * and answers its result. The default reads the live store; a backup passes a reader over a
 * consistent snapshot (an online-backup copy of a SQLite file, a REPEATABLE READ transaction on
 * PostgreSQL) and every table is then read as of one moment.
 */
export type StoreReader = <T>(appId: string, work: (db: Kysely<any>) => Promise<T>) => Promise<T>;

/** What the parts need from the server. */
export interface CoreContext {
  ctx: ServerContext;
  storage: StorageProvider;
  /** Defaults to the live store. */
  reader?: StoreReader;
}

/** One part's view of a run: the app it works on and where it counts its progress. */
export interface PartRun {
  core: CoreContext;
  appId: string;
  progress: Progress;
  read: StoreReader;
}
