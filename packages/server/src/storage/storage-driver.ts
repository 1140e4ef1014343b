import type { Readable } from 'node:stream';

export type StorageEntryType = 'FILE' | 'DIRECTORY';

/** One file or folder as the storage layer reports it. */
export interface StorageEntry {
  /** Last part of the path. */
  name: string;
  /** Root-relative path with `/` separators and no leading slash (`docs/a.txt`). */
  path: string;
  type: StorageEntryType;
  /** Bytes for files; 0 for folders. */
  size: number;
  /** Last modification, epoch milliseconds. */
  updated: number;
  /** Creation (or, where the file system does not keep it, first change), epoch milliseconds. */
  created: number;
}

export interface WriteOptions {
  /** Largest number of bytes accepted; more is refused as `too-large` and nothing is kept. */
  limit: number;
  /** Replace an existing file. Without it an existing file is refused as `exists`. */
  overwrite: boolean;
}

/** A folder being assembled out of sight; it appears at its destination only when complete. */
export interface StagingArea {
  /** Creates a folder (and its parents) at a path relative to the staged folder. */
  mkdir(relPath: string): Promise<void>;
  /** Writes a file at a path relative to the staged folder, creating parents. */
  write(relPath: string, source: Readable, limit: number): Promise<number>;
}

/**
 * Where an application's files live. Every path is relative to the app's root, uses `/`, is
 * already decoded, and goes through the driver's path checks (names, escapes, symbolic links)
 * before anything is touched. The local disk is the default; another backend (object storage)
 * implements the same interface.
 */
export interface StorageDriver {
  /** The entry at a path, or undefined when nothing is there. */
  stat(path: string): Promise<StorageEntry | undefined>;
  exists(path: string): Promise<boolean>;
  /**
   * Entries of a folder; with `recursive`, of every folder below it too. Refuses (as `too-large`)
   * to collect more than `maxEntries`. Symbolic links are never listed or followed.
   */
  list(path: string, options?: { recursive?: boolean; maxEntries?: number }): Promise<StorageEntry[]>;
  /** Opens a file for reading; `not-found` when it is missing or a folder. */
  read(path: string): Promise<{ entry: StorageEntry; stream: Readable }>;
  /** Writes a file from a stream, through a temporary file renamed into place on success. */
  write(path: string, source: Readable, options: WriteOptions): Promise<StorageEntry>;
  /**
   * Adds bytes at the end of a file, creating it when missing. The whole result must fit `limit`;
   * the file is replaced in one step, so a refused or broken append leaves the old content intact.
   */
  append(path: string, source: Readable, limit: number): Promise<StorageEntry>;
  /** Creates a folder and its missing parents; an existing folder is fine, an existing file is `exists`. */
  mkdir(path: string): Promise<StorageEntry>;
  /** Moves a file or folder to an exact new path; an existing destination is `exists`. */
  move(from: string, to: string): Promise<StorageEntry>;
  /** Copies a file or folder to an exact new path; an existing destination is `exists`. */
  copy(from: string, to: string): Promise<StorageEntry>;
  /** Removes a file, or a folder with everything in it. The root itself cannot be removed. */
  remove(path: string): Promise<void>;
  /**
   * Builds a new folder at `path` out of sight and moves it into place when `build` succeeds; on
   * failure nothing is left behind. `path` must not exist yet.
   */
  stage(path: string, build: (area: StagingArea) => Promise<void>): Promise<StorageEntry>;
}

/** Gives each application its own driver. */
export interface StorageProvider {
  forApp(appId: string): StorageDriver;
  /** Removes everything an application stored (used when the app is deleted). */
  removeApp(appId: string): Promise<void>;
}
