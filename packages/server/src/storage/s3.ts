import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type _Object,
} from '@aws-sdk/client-s3';
import { StorageError } from './errors.js';
import { MAX_WALK_ENTRIES, appKey } from './local-disk.js';
import { TEMP_DIR, joinNames, splitUserPath } from './paths.js';
import type { StagingArea, StorageDriver, StorageEntry, StorageProvider, WriteOptions } from './storage-driver.js';

/** Where an S3-compatible object store is and how to sign in to it (BASALT_S3_* settings). */
export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `bucket` as the first path part instead of a host name (MinIO, s3rver, most self-hosted stores). */
  forcePathStyle: boolean;
}

/**
 * Files in an S3-compatible bucket, for servers that share no disk. Every app's files are the keys
 * under `apps/<appKey>/files/`; a key is only ever built from the names `splitUserPath` checked
 * (no `..`, no slash, no control characters inside a name), so a caller can never name a key
 * outside its app's prefix. Folders are zero-byte marker objects whose key ends with `/` (as the
 * S3 consoles make them); a folder also exists while anything is stored below it.
 */
export class S3Storage implements StorageProvider {
  readonly client: S3Client;

  constructor(readonly settings: S3Settings) {
    this.client = new S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where S3 demands them: many S3-compatible stores do not know the newer
      // trailing-checksum uploads the SDK would otherwise send.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  prefixOf(appId: string): string {
    return `apps/${appKey(appId)}/files/`;
  }

  forApp(appId: string): StorageDriver {
    return new S3Driver(this.client, this.settings.bucket, this.prefixOf(appId));
  }

  async removeApp(appId: string): Promise<void> {
    await deleteKeys(
      this.client,
      this.settings.bucket,
      await listKeys(this.client, this.settings.bucket, this.prefixOf(appId), Number.MAX_SAFE_INTEGER),
    );
  }

  close(): void {
    this.client.destroy();
  }
}

function tooLarge(limit: number): StorageError {
  return new StorageError('too-large', `The file is larger than the limit of ${limit} bytes`);
}

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

function isMissing(err: unknown): boolean {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

/** Every key under a prefix (markers included), refused as `too-large` past `max`. */
async function listKeys(client: S3Client, bucket: string, prefix: string, max: number): Promise<_Object[]> {
  const out: _Object[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const obj of page.Contents ?? []) {
      out.push(obj);
      if (out.length > max)
        throw new StorageError('too-large', `The folder holds more than ${max} entries; narrow the listing`);
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return out;
}

async function deleteKeys(client: S3Client, bucket: string, objects: _Object[]): Promise<void> {
  for (let i = 0; i < objects.length; i += 1000) {
    const batch = objects.slice(i, i + 1000).map((o) => ({ Key: o.Key! }));
    if (batch.length > 0)
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch, Quiet: true } }));
  }
}

/** A stream spooled to a local temporary file, so its length is known before it is sent and the limit is enforced first. */
async function spool(source: Readable, limit: number, prefix?: Readable): Promise<{ file: string; bytes: number }> {
  if (source.destroyed) throw new StorageError('invalid', 'The content was abandoned before it could be stored');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'basalt-s3-'));
  const file = path.join(dir, 'body');
  try {
    const limiter = byteLimiter(limit);
    if (prefix) await pipeline(prefix, createWriteStream(file, { flags: 'wx' }));
    await pipeline(source, limiter.stream, createWriteStream(file, { flags: prefix ? 'a' : 'wx' }));
    return { file, bytes: (await fs.stat(file)).size };
  } catch (err) {
    await fs.rm(dir, { recursive: true, force: true });
    throw err;
  }
}

async function dropSpool(file: string): Promise<void> {
  await fs.rm(path.dirname(file), { recursive: true, force: true });
}

/** Appends to one key wait for each other within the process. */
const appendQueues = new Map<string, Promise<unknown>>();
function serialised<T>(key: string, work: () => Promise<T>): Promise<T> {
  const next = (appendQueues.get(key) ?? Promise.resolve()).catch(() => undefined).then(work);
  appendQueues.set(key, next);
  void next
    .catch(() => undefined)
    .then(() => {
      if (appendQueues.get(key) === next) appendQueues.delete(key);
    });
  return next;
}

interface Located {
  /** The object key of a file at this path (`<prefix>a/b.txt`); the prefix itself for the root. */
  key: string;
  /** The key prefix of everything inside a folder at this path (`<prefix>a/b.txt/`). */
  dir: string;
  rel: string;
  names: string[];
}

export class S3Driver implements StorageDriver {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
    /** `apps/<appKey>/files/`, ends with a slash. */
    readonly prefix: string,
  ) {}

  /** The one place a user path becomes a key: from the checked names only. */
  private locate(userPath: string): Located {
    const names = splitUserPath(userPath);
    const rel = joinNames(names);
    return { key: this.prefix + rel, dir: rel === '' ? this.prefix : `${this.prefix}${rel}/`, rel, names };
  }

  private fileEntry(rel: string, size: number, modified: Date | undefined): StorageEntry {
    const at = modified?.getTime() ?? Date.now();
    return { name: rel.slice(rel.lastIndexOf('/') + 1), path: rel, type: 'FILE', size, updated: at, created: at };
  }

  private dirEntry(rel: string, modified: Date | undefined): StorageEntry {
    const at = modified?.getTime() ?? Date.now();
    return {
      name: rel === '' ? '' : rel.slice(rel.lastIndexOf('/') + 1),
      path: rel,
      type: 'DIRECTORY',
      size: 0,
      updated: at,
      created: at,
    };
  }

  /**
   * The object stored at exactly this key. Asked as a one-key listing rather than HEAD: keys sort
   * with the exact key first, and some S3-compatible stores answer HEAD of a key that is also a
   * folder prefix with an error instead of 404.
   */
  private async head(key: string): Promise<{ size: number; modified?: Date } | undefined> {
    const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: key, MaxKeys: 1 }));
    const first = page.Contents?.[0];
    return first?.Key === key ? { size: first.Size ?? 0, modified: first.LastModified } : undefined;
  }

  /** A folder exists when its marker or anything below it does; answers the marker's time when there is one. */
  private async folder(dir: string): Promise<{ modified?: Date } | undefined> {
    const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: dir, MaxKeys: 1 }));
    const first = page.Contents?.[0];
    if (!first) return undefined;
    return { modified: first.Key === dir ? first.LastModified : undefined };
  }

  private async entryAt(loc: Located): Promise<StorageEntry | undefined> {
    if (loc.names.length > 0) {
      const file = await this.head(loc.key);
      if (file) return this.fileEntry(loc.rel, file.size, file.modified);
    }
    const dir = await this.folder(loc.dir);
    if (dir) return this.dirEntry(loc.rel, dir.modified);
    return undefined;
  }

  /** A file standing where a folder is needed on the way to a path is a conflict, as on a disk. */
  private async checkParents(loc: Located): Promise<void> {
    for (let i = 1; i < loc.names.length; i++) {
      if (await this.head(this.prefix + joinNames(loc.names.slice(0, i))))
        throw new StorageError('conflict', 'A file stands where a folder is needed on this path');
    }
  }

  async stat(userPath: string): Promise<StorageEntry | undefined> {
    return this.entryAt(this.locate(userPath));
  }

  async exists(userPath: string): Promise<boolean> {
    return (await this.stat(userPath)) !== undefined;
  }

  async list(userPath: string, options: { recursive?: boolean; maxEntries?: number } = {}): Promise<StorageEntry[]> {
    const loc = this.locate(userPath);
    const max = options.maxEntries ?? MAX_WALK_ENTRIES;
    if (loc.names.length > 0 && (await this.head(loc.key)))
      throw new StorageError('conflict', `'${loc.rel}' is a file, not a folder`);
    // The whole subtree is read even for one level: folders are implied by deeper keys, and a
    // delimiter listing is answered wrongly by some S3-compatible stores for deeper trees.
    const objects = await listKeys(this.client, this.bucket, loc.dir, Math.max(max * 4, MAX_WALK_ENTRIES));
    if (objects.length === 0) {
      if (loc.names.length === 0) return [];
      throw new StorageError('not-found', `The folder '${loc.rel}' does not exist`);
    }
    const base = loc.rel === '' ? '' : `${loc.rel}/`;
    const dirs = new Map<string, Date | undefined>();
    const files: StorageEntry[] = [];
    for (const obj of objects) {
      const inner = obj.Key!.slice(loc.dir.length);
      if (inner === '') continue; // this folder's own marker
      if (inner === TEMP_DIR || inner.startsWith(`${TEMP_DIR}/`)) {
        if (loc.names.length === 0) continue;
      }
      const parts = inner.split('/');
      const isMarker = parts[parts.length - 1] === '';
      if (isMarker) parts.pop();
      const depth = options.recursive ? parts.length : 1;
      for (let i = 1; i < Math.min(parts.length, depth + 1); i++) {
        const rel = base + parts.slice(0, i).join('/');
        if (!dirs.has(rel)) dirs.set(rel, undefined);
      }
      if (!options.recursive && parts.length > 1) continue;
      const rel = base + parts.join('/');
      if (isMarker) dirs.set(rel, obj.LastModified);
      else files.push(this.fileEntry(rel, obj.Size ?? 0, obj.LastModified));
    }
    const out = [...[...dirs].map(([rel, at]) => this.dirEntry(rel, at)), ...files];
    if (out.length > max)
      throw new StorageError('too-large', `The folder holds more than ${max} entries; narrow the listing`);
    return out;
  }

  async read(userPath: string): Promise<{ entry: StorageEntry; stream: Readable }> {
    const loc = this.locate(userPath);
    if (loc.names.length === 0) throw new StorageError('conflict', `'' is a folder, not a file`);
    if (!(await this.head(loc.key))) {
      if (await this.folder(loc.dir)) throw new StorageError('conflict', `'${loc.rel}' is a folder, not a file`);
      throw new StorageError('not-found', `The file '${loc.rel}' does not exist`);
    }
    try {
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: loc.key }));
      return { entry: this.fileEntry(loc.rel, res.ContentLength ?? 0, res.LastModified), stream: res.Body as Readable };
    } catch (err) {
      // Removed between the look and the read.
      if (isMissing(err)) throw new StorageError('not-found', `The file '${loc.rel}' does not exist`);
      throw err;
    }
  }

  private async putFile(key: string, file: string, bytes: number): Promise<void> {
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: createReadStream(file), ContentLength: bytes }),
    );
  }

  async write(userPath: string, source: Readable, options: WriteOptions): Promise<StorageEntry> {
    const loc = this.locate(userPath);
    if (loc.names.length === 0) throw new StorageError('invalid', 'A file needs a name');
    if (await this.folder(loc.dir)) throw new StorageError('conflict', `A folder named '${loc.rel}' already exists`);
    if (!options.overwrite && (await this.head(loc.key)))
      throw new StorageError('exists', `The file '${loc.rel}' already exists`);
    // The content is complete and within the limit before anything is sent, so a refused upload
    // leaves no object behind (an object appears in one step when its PUT completes).
    const { file, bytes } = await spool(source, options.limit);
    try {
      await this.checkParents(loc);
      if (!options.overwrite && (await this.head(loc.key)))
        throw new StorageError('exists', `The file '${loc.rel}' already exists`);
      await this.putFile(loc.key, file, bytes);
    } finally {
      await dropSpool(file);
    }
    return (await this.entryAt(loc)) ?? this.fileEntry(loc.rel, bytes, undefined);
  }

  async append(userPath: string, source: Readable, limit: number): Promise<StorageEntry> {
    const loc = this.locate(userPath);
    if (loc.names.length === 0) throw new StorageError('invalid', 'A file needs a name');
    return serialised(this.bucket + '\0' + loc.key, async () => {
      if (await this.folder(loc.dir)) throw new StorageError('conflict', `'${loc.rel}' is a folder, not a file`);
      const existing = await this.head(loc.key);
      if (existing && existing.size > limit) throw tooLarge(limit);
      let prefix: Readable | undefined;
      if (existing) prefix = (await this.read(loc.rel)).stream;
      // Old content then new, spooled and put in one step: readers never see a half-appended object.
      const { file, bytes } = await spool(source, limit - (existing?.size ?? 0), prefix);
      try {
        if (bytes > limit) throw tooLarge(limit);
        await this.checkParents(loc);
        await this.putFile(loc.key, file, bytes);
      } finally {
        await dropSpool(file);
      }
      return (await this.entryAt(loc)) ?? this.fileEntry(loc.rel, bytes, undefined);
    });
  }

  async mkdir(userPath: string): Promise<StorageEntry> {
    const loc = this.locate(userPath);
    if (loc.names.length === 0) return this.dirEntry('', undefined);
    if (await this.head(loc.key)) throw new StorageError('exists', `A file named '${loc.rel}' already exists`);
    await this.checkParents(loc);
    const existing = await this.folder(loc.dir);
    if (!existing)
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: loc.dir, Body: '', ContentLength: 0 }));
    return (await this.entryAt(loc)) ?? this.dirEntry(loc.rel, undefined);
  }

  private async pair(from: string, to: string): Promise<{ src: Located; dst: Located; entry: StorageEntry }> {
    const src = this.locate(from);
    const dst = this.locate(to);
    if (src.names.length === 0 || dst.names.length === 0)
      throw new StorageError('invalid', 'The application root cannot be moved, copied or replaced');
    const entry = await this.entryAt(src);
    if (!entry) throw new StorageError('not-found', `'${src.rel}' does not exist`);
    if (await this.entryAt(dst)) throw new StorageError('exists', `'${dst.rel}' already exists`);
    if (dst.key === src.key || dst.key.startsWith(src.dir))
      throw new StorageError('conflict', 'A folder cannot be moved or copied into itself');
    await this.checkParents(dst);
    return { src, dst, entry };
  }

  private async copyObject(fromKey: string, toKey: string): Promise<void> {
    // CopySource is `bucket/key` with the key URL-encoded part by part.
    const source = `${this.bucket}/${fromKey.split('/').map(encodeURIComponent).join('/')}`;
    await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: toKey, CopySource: source }));
  }

  /** Copies a file or the whole tree of a folder; answers the source keys copied. */
  private async copyTree(src: Located, dst: Located, entry: StorageEntry): Promise<_Object[]> {
    if (entry.type === 'FILE') {
      await this.copyObject(src.key, dst.key);
      return [{ Key: src.key }];
    }
    const objects = await listKeys(this.client, this.bucket, src.dir, MAX_WALK_ENTRIES);
    for (const obj of objects) await this.copyObject(obj.Key!, dst.dir + obj.Key!.slice(src.dir.length));
    // A folder that existed only by its content keeps existing at its destination through it;
    // one without content (or only a marker) needs its marker there.
    if (!objects.some((o) => o.Key === src.dir))
      await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: dst.dir, Body: '', ContentLength: 0 }));
    return objects;
  }

  async move(from: string, to: string): Promise<StorageEntry> {
    const { src, dst, entry } = await this.pair(from, to);
    // Object stores cannot rename: copy everything, then remove the originals.
    const copied = await this.copyTree(src, dst, entry);
    await deleteKeys(this.client, this.bucket, copied);
    return (await this.entryAt(dst))!;
  }

  async copy(from: string, to: string): Promise<StorageEntry> {
    const { src, dst, entry } = await this.pair(from, to);
    await this.copyTree(src, dst, entry);
    return (await this.entryAt(dst))!;
  }

  async remove(userPath: string): Promise<void> {
    const loc = this.locate(userPath);
    if (loc.names.length === 0) throw new StorageError('invalid', 'The application root cannot be removed');
    const file = await this.head(loc.key);
    const below = await listKeys(this.client, this.bucket, loc.dir, Number.MAX_SAFE_INTEGER);
    if (!file && below.length === 0) throw new StorageError('not-found', `'${loc.rel}' does not exist`);
    await deleteKeys(this.client, this.bucket, file ? [{ Key: loc.key }, ...below] : below);
  }

  async stage(userPath: string, build: (area: StagingArea) => Promise<void>): Promise<StorageEntry> {
    const loc = this.locate(userPath);
    if (loc.names.length === 0) throw new StorageError('invalid', 'The application root cannot be replaced');
    if (await this.entryAt(loc)) throw new StorageError('exists', `'${loc.rel}' already exists`);
    // Built under the hidden temp prefix (never listed, never nameable by users), then copied into place.
    const stageRel = `${TEMP_DIR}/${crypto.randomUUID()}`;
    const stageDir = `${this.prefix}${stageRel}/`;
    const written = new Set<string>();
    const inStage = (relPath: string) => stageDir + joinNames(splitUserPath(relPath));
    const area: StagingArea = {
      mkdir: async (relPath) => {
        const key = `${inStage(relPath)}/`;
        await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: '', ContentLength: 0 }));
      },
      write: async (relPath, source, limit) => {
        const key = inStage(relPath);
        if (written.has(key)) throw new StorageError('conflict', 'Two entries of the archive claim the same path');
        written.add(key);
        const { file, bytes } = await spool(source, limit);
        try {
          await this.putFile(key, file, bytes);
        } finally {
          await dropSpool(file);
        }
        return bytes;
      },
    };
    try {
      await build(area);
      if (await this.entryAt(loc)) throw new StorageError('exists', `'${loc.rel}' already exists`);
      await this.checkParents(loc);
      // Not through locate(): the temp folder's name is one users can never give.
      const staged: Located = { key: this.prefix + stageRel, dir: stageDir, rel: stageRel, names: stageRel.split('/') };
      await this.copyTree(staged, loc, this.dirEntry(stageRel, undefined));
    } finally {
      await deleteKeys(
        this.client,
        this.bucket,
        await listKeys(this.client, this.bucket, stageDir, Number.MAX_SAFE_INTEGER),
      );
    }
    return (await this.entryAt(loc))!;
  }
}
