import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { constants as fsConstants, createWriteStream, type Stats } from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StorageError, fsCode } from './errors.js';
import { TEMP_DIR, joinNames, resolveInside, splitUserPath } from './paths.js';
import type { StagingArea, StorageDriver, StorageEntry, StorageProvider, WriteOptions } from './storage-driver.js';

/** Largest number of entries a listing, copy or archive walks before it is refused. */
export const MAX_WALK_ENTRIES = 100_000;

/** The folder name of an app's store: the app id lower-cased without dashes, as the data stores are named. */
export function appKey(appId: string): string {
  if (!/^[A-Za-z0-9-]{1,64}$/.test(appId)) throw new StorageError('invalid', 'Invalid application id');
  return appId.replace(/-/g, '').toLowerCase();
}

/** Files on the local disk, under `<dataDir>/apps/<appKey>/files`. */
export class LocalDiskStorage implements StorageProvider {
  constructor(private readonly dataDir: string) {}

  rootOf(appId: string): string {
    return path.join(this.dataDir, 'apps', appKey(appId), 'files');
  }

  forApp(appId: string): StorageDriver {
    return new LocalDiskDriver(this.rootOf(appId));
  }

  async removeApp(appId: string): Promise<void> {
    await fs.rm(this.rootOf(appId), { recursive: true, force: true });
  }
}

function tooLarge(limit: number): StorageError {
  return new StorageError('too-large', `The file is larger than the limit of ${limit} bytes`);
}

/** Passes bytes through and fails the pipeline as soon as more than `limit` went by. */
function byteLimiter(limit: number): { stream: Transform; bytes: () => number } {
  let total = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      total += chunk.length;
      if (total > limit) done(tooLarge(limit));
      else done(null, chunk);
    },
  });
  return { stream, bytes: () => total };
}

/**
 * A source destroyed before it is piped (a refused upload, an archive whose extraction was
 * abandoned) would leave pipeline() waiting forever; refuse it instead. Call right before piping.
 */
function assertReadable(source: Readable): void {
  if (source.destroyed) throw new StorageError('invalid', 'The content was abandoned before it could be stored');
}

async function lstatOrUndefined(abs: string): Promise<Stats | undefined> {
  try {
    return await fs.lstat(abs);
  } catch (err) {
    if (fsCode(err) === 'ENOENT' || fsCode(err) === 'ENOTDIR') return undefined;
    throw err;
  }
}

function toEntry(rel: string, st: Stats): StorageEntry {
  const dir = st.isDirectory();
  return {
    name: rel === '' ? '' : rel.slice(rel.lastIndexOf('/') + 1),
    path: rel,
    type: dir ? 'DIRECTORY' : 'FILE',
    size: dir ? 0 : st.size,
    updated: Math.round(st.mtimeMs),
    created: Math.round(st.birthtimeMs || st.ctimeMs),
  };
}

/** Appends to one file wait for each other (per absolute path, across drivers of the process). */
const appendQueues = new Map<string, Promise<unknown>>();
function serialised<T>(key: string, work: () => Promise<T>): Promise<T> {
  const previous = appendQueues.get(key) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(work);
  appendQueues.set(key, next);
  void next
    .catch(() => undefined)
    .then(() => {
      if (appendQueues.get(key) === next) appendQueues.delete(key);
    });
  return next;
}

interface Located {
  abs: string;
  rel: string;
  names: string[];
}

export class LocalDiskDriver implements StorageDriver {
  constructor(readonly root: string) {}

  private async locate(userPath: string): Promise<Located> {
    const names = splitUserPath(userPath);
    const abs = await resolveInside(this.root, userPath);
    return { abs, rel: joinNames(names), names };
  }

  private async tempPath(): Promise<string> {
    const dir = path.join(this.root, TEMP_DIR);
    await fs.mkdir(dir, { recursive: true });
    return path.join(dir, crypto.randomUUID());
  }

  /** Creates the parent folders of a target; a file standing where a folder is needed is a conflict. */
  private async ensureParent(abs: string): Promise<void> {
    try {
      await fs.mkdir(path.dirname(abs), { recursive: true });
    } catch (err) {
      if (fsCode(err) === 'EEXIST' || fsCode(err) === 'ENOTDIR')
        throw new StorageError('conflict', 'A file stands where a folder is needed on this path');
      throw err;
    }
  }

  async stat(userPath: string): Promise<StorageEntry | undefined> {
    const { abs, rel } = await this.locate(userPath);
    const st = await lstatOrUndefined(abs);
    return st && !st.isSymbolicLink() ? toEntry(rel, st) : undefined;
  }

  async exists(userPath: string): Promise<boolean> {
    return (await this.stat(userPath)) !== undefined;
  }

  async list(userPath: string, options: { recursive?: boolean; maxEntries?: number } = {}): Promise<StorageEntry[]> {
    const { abs, rel, names } = await this.locate(userPath);
    const st = await lstatOrUndefined(abs);
    if (!st) {
      // The root exists as soon as anything is stored; before that it is simply empty.
      if (names.length === 0) return [];
      throw new StorageError('not-found', `The folder '${rel}' does not exist`);
    }
    if (!st.isDirectory()) throw new StorageError('conflict', `'${rel}' is a file, not a folder`);
    const max = options.maxEntries ?? MAX_WALK_ENTRIES;
    const out: StorageEntry[] = [];
    const queue: Array<[string, string]> = [[abs, rel]];
    while (queue.length > 0) {
      const [dirAbs, dirRel] = queue.shift()!;
      for (const dirent of await fs.readdir(dirAbs, { withFileTypes: true })) {
        // Links are never listed: following one could reveal files outside the app's root.
        if (dirent.isSymbolicLink()) continue;
        if (dirRel === '' && dirent.name === TEMP_DIR) continue;
        const childAbs = path.join(dirAbs, dirent.name);
        const childRel = dirRel === '' ? dirent.name : `${dirRel}/${dirent.name}`;
        const childStat = await lstatOrUndefined(childAbs);
        if (!childStat || childStat.isSymbolicLink()) continue;
        out.push(toEntry(childRel, childStat));
        if (out.length > max)
          throw new StorageError('too-large', `The folder holds more than ${max} entries; narrow the listing`);
        if (options.recursive && childStat.isDirectory()) queue.push([childAbs, childRel]);
      }
    }
    return out;
  }

  async read(userPath: string): Promise<{ entry: StorageEntry; stream: Readable }> {
    const { abs, rel } = await this.locate(userPath);
    const st = await lstatOrUndefined(abs);
    if (!st) throw new StorageError('not-found', `The file '${rel}' does not exist`);
    if (!st.isFile()) throw new StorageError('conflict', `'${rel}' is a folder, not a file`);
    // O_NOFOLLOW: should a link replace the file after the checks, opening it fails instead of following it.
    const handle = await fs.open(abs, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
    return { entry: toEntry(rel, st), stream: handle.createReadStream() };
  }

  async write(userPath: string, source: Readable, options: WriteOptions): Promise<StorageEntry> {
    const { abs, rel, names } = await this.locate(userPath);
    if (names.length === 0) throw new StorageError('invalid', 'A file needs a name');
    const existing = await lstatOrUndefined(abs);
    if (existing?.isDirectory()) throw new StorageError('conflict', `A folder named '${rel}' already exists`);
    if (existing && !options.overwrite) throw new StorageError('exists', `The file '${rel}' already exists`);
    const tmp = await this.tempPath();
    try {
      assertReadable(source);
      const limiter = byteLimiter(options.limit);
      await pipeToFile(tmp, 'wx', source, limiter.stream);
      // Folders are created only once the content is complete, so a refused upload leaves none behind.
      await this.ensureParent(abs);
      if (options.overwrite) {
        await fs.rename(tmp, abs);
      } else {
        // link() refuses an existing destination, so a file created meanwhile is never replaced.
        await fs.link(tmp, abs);
      }
    } catch (err) {
      if (fsCode(err) === 'EEXIST') throw new StorageError('exists', `The file '${rel}' already exists`);
      if (fsCode(err) === 'EISDIR') throw new StorageError('conflict', `A folder named '${rel}' already exists`);
      throw err;
    } finally {
      await fs.rm(tmp, { force: true });
    }
    return toEntry(rel, await fs.lstat(abs));
  }

  async append(userPath: string, source: Readable, limit: number): Promise<StorageEntry> {
    const { abs, rel, names } = await this.locate(userPath);
    if (names.length === 0) throw new StorageError('invalid', 'A file needs a name');
    return serialised(abs, async () => {
      const existing = await lstatOrUndefined(abs);
      if (existing && !existing.isFile()) throw new StorageError('conflict', `'${rel}' is a folder, not a file`);
      const room = limit - (existing?.size ?? 0);
      if (room < 0) throw tooLarge(limit);
      const tmp = await this.tempPath();
      try {
        assertReadable(source);
        // Copy, then append, then rename over: readers never see a half-appended file.
        if (existing) {
          const handle = await fs.open(abs, fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
          await pipeToFile(tmp, 'wx', handle.createReadStream());
        }
        await pipeToFile(tmp, existing ? 'a' : 'wx', source, byteLimiter(room).stream);
        await this.ensureParent(abs);
        await fs.rename(tmp, abs);
      } catch (err) {
        if (fsCode(err) === 'EISDIR') throw new StorageError('conflict', `A folder named '${rel}' already exists`);
        throw err;
      } finally {
        await fs.rm(tmp, { force: true });
      }
      return toEntry(rel, await fs.lstat(abs));
    });
  }

  async mkdir(userPath: string): Promise<StorageEntry> {
    const { abs, rel } = await this.locate(userPath);
    const existing = await lstatOrUndefined(abs);
    if (existing && !existing.isDirectory()) throw new StorageError('exists', `A file named '${rel}' already exists`);
    try {
      await fs.mkdir(abs, { recursive: true });
    } catch (err) {
      if (fsCode(err) === 'EEXIST' || fsCode(err) === 'ENOTDIR')
        throw new StorageError('conflict', 'A file stands where a folder is needed on this path');
      throw err;
    }
    return toEntry(rel, await fs.lstat(abs));
  }

  /** Shared checks of move and copy: source present and not the root, destination free and not inside the source. */
  private async pair(from: string, to: string): Promise<{ src: Located; dst: Located; srcStat: Stats }> {
    const src = await this.locate(from);
    const dst = await this.locate(to);
    if (src.names.length === 0 || dst.names.length === 0)
      throw new StorageError('invalid', 'The application root cannot be moved, copied or replaced');
    const srcStat = await lstatOrUndefined(src.abs);
    if (!srcStat) throw new StorageError('not-found', `'${src.rel}' does not exist`);
    if (await lstatOrUndefined(dst.abs)) throw new StorageError('exists', `'${dst.rel}' already exists`);
    if (dst.abs === src.abs || dst.abs.startsWith(src.abs + path.sep))
      throw new StorageError('conflict', 'A folder cannot be moved or copied into itself');
    return { src, dst, srcStat };
  }

  async move(from: string, to: string): Promise<StorageEntry> {
    const { src, dst } = await this.pair(from, to);
    await this.ensureParent(dst.abs);
    await fs.rename(src.abs, dst.abs);
    return toEntry(dst.rel, await fs.lstat(dst.abs));
  }

  async copy(from: string, to: string): Promise<StorageEntry> {
    const { src, dst, srcStat } = await this.pair(from, to);
    await this.ensureParent(dst.abs);
    const tmp = await this.tempPath();
    try {
      if (srcStat.isDirectory()) {
        await copyTree(src.abs, tmp);
        // rename() would replace an empty folder created meanwhile; check once more right before.
        if (await lstatOrUndefined(dst.abs)) throw new StorageError('exists', `'${dst.rel}' already exists`);
        await fs.rename(tmp, dst.abs);
      } else {
        await fs.copyFile(src.abs, tmp, fsConstants.COPYFILE_EXCL);
        await fs.link(tmp, dst.abs);
      }
    } catch (err) {
      if (fsCode(err) === 'EEXIST') throw new StorageError('exists', `'${dst.rel}' already exists`);
      throw err;
    } finally {
      await fs.rm(tmp, { recursive: true, force: true });
    }
    return toEntry(dst.rel, await fs.lstat(dst.abs));
  }

  async remove(userPath: string): Promise<void> {
    const { abs, rel, names } = await this.locate(userPath);
    if (names.length === 0) throw new StorageError('invalid', 'The application root cannot be removed');
    if (!(await lstatOrUndefined(abs))) throw new StorageError('not-found', `'${rel}' does not exist`);
    // fs.rm never follows links inside the tree; it removes the links themselves.
    await fs.rm(abs, { recursive: true, force: true });
  }

  async stage(userPath: string, build: (area: StagingArea) => Promise<void>): Promise<StorageEntry> {
    const { abs, rel, names } = await this.locate(userPath);
    if (names.length === 0) throw new StorageError('invalid', 'The application root cannot be replaced');
    if (await lstatOrUndefined(abs)) throw new StorageError('exists', `'${rel}' already exists`);
    const tmp = await this.tempPath();
    await fs.mkdir(tmp);
    // Names are checked with the same rules as every user path; the staged folder is new and only
    // written here, so it holds no links and nothing can lead out of it.
    const inStage = (relPath: string) => path.join(tmp, ...splitUserPath(relPath));
    const area: StagingArea = {
      mkdir: async (relPath) => {
        await fs.mkdir(inStage(relPath), { recursive: true });
      },
      write: async (relPath, source, limit) => {
        const target = inStage(relPath);
        await fs.mkdir(path.dirname(target), { recursive: true });
        assertReadable(source);
        const limiter = byteLimiter(limit);
        await pipeToFile(target, 'wx', source, limiter.stream);
        return limiter.bytes();
      },
    };
    try {
      await build(area);
      await this.ensureParent(abs);
      if (await lstatOrUndefined(abs)) throw new StorageError('exists', `'${rel}' already exists`);
      await fs.rename(tmp, abs);
    } catch (err) {
      if (fsCode(err) === 'EEXIST' || fsCode(err) === 'EISDIR' || fsCode(err) === 'ENOTDIR')
        throw new StorageError('conflict', 'Two entries of the archive claim the same path');
      throw err;
    } finally {
      await fs.rm(tmp, { recursive: true, force: true });
    }
    return toEntry(rel, await fs.lstat(abs));
  }
}

/**
 * Copies a stream into a file. A write stream destroyed while its file is still being opened (the
 * source failed, or went over the limit at once) opens and closes that file afterwards; waiting
 * for its 'close' means the cleanup that follows never races the late creation and leaves nothing.
 */
async function pipeToFile(file: string, flags: string, source: Readable, through?: Transform): Promise<void> {
  const out = createWriteStream(file, { flags });
  try {
    await (through ? pipeline(source, through, out) : pipeline(source, out));
  } finally {
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
  }
}

/** Copies a folder tree, refusing links instead of copying or following them. */
async function copyTree(fromDir: string, toDir: string, budget = { entries: MAX_WALK_ENTRIES }): Promise<void> {
  await fs.mkdir(toDir);
  for (const dirent of await fs.readdir(fromDir, { withFileTypes: true })) {
    if (--budget.entries < 0)
      throw new StorageError('too-large', `The folder holds more than ${MAX_WALK_ENTRIES} entries`);
    const from = path.join(fromDir, dirent.name);
    const to = path.join(toDir, dirent.name);
    if (dirent.isSymbolicLink())
      throw new StorageError('outside', 'The folder contains a symbolic link, which is not followed');
    if (dirent.isDirectory()) await copyTree(from, to, budget);
    else if (dirent.isFile()) await fs.copyFile(from, to, fsConstants.COPYFILE_EXCL);
  }
}
