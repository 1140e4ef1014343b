import fs from 'node:fs';
import fsp from 'node:fs/promises';
import zlib from 'node:zlib';
import { Readable, Transform } from 'node:stream';
import { ErrorCodes } from '@basalt/shared';
import { ApiError } from '../../../http/api-error.js';
import { parseLines, unsafeName, type ArchiveSource } from './archive.js';

/** What a ZIP may hold before it is even opened for reading. */
export interface ZipLimits {
  maxEntries: number;
  /** Largest uncompressed entry. */
  maxEntryBytes: number;
  /** Largest sum of uncompressed entries. */
  maxTotalBytes: number;
  /** Largest uncompressed/compressed ratio of an entry past 64 KiB (a bomb's tell). */
  maxRatio: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 200_000,
  maxEntryBytes: 4 * 1024 ** 3,
  maxTotalBytes: 16 * 1024 ** 3,
  maxRatio: 100,
};

interface Entry {
  name: string;
  method: number;
  compressed: number;
  size: number;
  offset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

const unsafe = (entry: string, why: string) =>
  new ApiError(ErrorCodes.UNSAFE_ARCHIVE, `The archive entry '${entry.slice(0, 200)}' is refused: ${why}`, { entry });
const notZip = (why: string) => new ApiError(ErrorCodes.NOT_AN_APP_EXPORT, `The file is not an app export: ${why}`);

/** Reads the end record and the whole central directory (ZIP64 is not written by exports and refused). */
async function readDirectory(file: fsp.FileHandle, fileSize: number): Promise<Buffer> {
  const tail = Math.min(fileSize, 65_557);
  const buf = Buffer.alloc(tail);
  await file.read(buf, 0, tail, fileSize - tail);
  let at = -1;
  for (let i = tail - 22; i >= 0; i--) {
    if (buf.readUInt32LE(i) === EOCD) {
      at = i;
      break;
    }
  }
  if (at < 0) throw notZip('it is not a ZIP archive');
  const count = buf.readUInt16LE(at + 10);
  const size = buf.readUInt32LE(at + 12);
  const offset = buf.readUInt32LE(at + 16);
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) throw notZip('ZIP64 archives are not read');
  if (offset + size > fileSize) throw notZip('its central directory is damaged');
  const dir = Buffer.alloc(size);
  await file.read(dir, 0, size, offset);
  return dir;
}

/**
 * Checks every entry of the central directory before anything is read or written: names (no
 * `../`, absolute paths, backslashes), no symbolic links, no duplicate names, the compression
 * methods, each size and the sum against the limits, and the ratio of each large entry.
 */
function checkEntries(dir: Buffer, limits: ZipLimits): Entry[] {
  const entries: Entry[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (let at = 0; at < dir.length;) {
    if (at + 46 > dir.length || dir.readUInt32LE(at) !== CENTRAL) throw notZip('its central directory is damaged');
    const madeBy = dir.readUInt16LE(at + 4);
    const flags = dir.readUInt16LE(at + 8);
    const method = dir.readUInt16LE(at + 10);
    const compressed = dir.readUInt32LE(at + 20);
    const size = dir.readUInt32LE(at + 24);
    const nameLen = dir.readUInt16LE(at + 28);
    const extraLen = dir.readUInt16LE(at + 30);
    const commentLen = dir.readUInt16LE(at + 32);
    const external = dir.readUInt32LE(at + 38);
    const offset = dir.readUInt32LE(at + 42);
    const name = dir.toString('utf8', at + 46, at + 46 + nameLen);
    at += 46 + nameLen + extraLen + commentLen;

    const why = unsafeName(name);
    if (why) throw unsafe(name, why);
    // Unix-made entries carry the file mode in the high half of the external attributes.
    if (madeBy >> 8 === 3 && ((external >>> 16) & S_IFMT) === S_IFLNK) throw unsafe(name, 'it is a symbolic link');
    if (flags & 1) throw unsafe(name, 'it is encrypted');
    if (seen.has(name)) throw unsafe(name, 'the name appears twice');
    seen.add(name);
    if (name.endsWith('/')) continue;
    if (method !== 0 && method !== 8) throw unsafe(name, `it uses compression method ${method}`);
    if (size > limits.maxEntryBytes)
      throw unsafe(name, `it unpacks to ${size} bytes, over the limit of ${limits.maxEntryBytes}`);
    if (size > 65_536 && size / Math.max(1, compressed) > limits.maxRatio)
      throw unsafe(name, `its compression ratio is over ${limits.maxRatio}:1`);
    total += size;
    if (total > limits.maxTotalBytes)
      throw unsafe(name, `the archive unpacks to more than ${limits.maxTotalBytes} bytes`);
    if (entries.length >= limits.maxEntries)
      throw unsafe(name, `the archive holds more than ${limits.maxEntries} entries`);
    entries.push({ name, method, compressed, size, offset });
  }
  return entries;
}

/** Fails a stream that gives more bytes than its entry declared (a bomb lying about its size). */
function capped(name: string, limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > limit) return done(unsafe(name, 'it unpacks to more than its declared size'));
      done(null, chunk);
    },
  });
}

/**
 * A ZIP file on disk, opened for reading only after the whole archive passed `checkEntries`.
 * Entries are read with random access (local header, then the data inflated with Node's zlib), so
 * the archive is never held in memory.
 */
export class ZipSource implements ArchiveSource {
  private constructor(
    readonly filePath: string,
    private readonly byName: Map<string, Entry>,
  ) {}

  static async open(filePath: string, limits: ZipLimits = DEFAULT_ZIP_LIMITS): Promise<ZipSource> {
    const file = await fsp.open(filePath, 'r');
    try {
      const { size } = await file.stat();
      const entries = checkEntries(await readDirectory(file, size), limits);
      for (const e of entries) {
        if (e.offset + 30 + e.compressed > size) throw notZip(`the entry '${e.name}' is cut short`);
      }
      return new ZipSource(filePath, new Map(entries.map((e) => [e.name, e])));
    } finally {
      await file.close();
    }
  }

  names(): string[] {
    return [...this.byName.keys()];
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  async file(name: string): Promise<Readable> {
    const entry = this.byName.get(name);
    if (!entry) throw notZip(`it has no entry '${name}'`);
    const head = Buffer.alloc(30);
    const file = await fsp.open(this.filePath, 'r');
    try {
      await file.read(head, 0, 30, entry.offset);
    } finally {
      await file.close();
    }
    if (head.readUInt32LE(0) !== LOCAL) throw notZip(`the entry '${name}' is damaged`);
    const start = entry.offset + 30 + head.readUInt16LE(26) + head.readUInt16LE(28);
    if (entry.compressed === 0) return Readable.from([]);
    const raw = fs.createReadStream(this.filePath, { start, end: start + entry.compressed - 1 });
    const limit = capped(name, entry.size);
    const body = entry.method === 8 ? raw.pipe(zlib.createInflateRaw()) : raw;
    body.on('error', (err: Error) => limit.destroy(err));
    raw.on('error', (err) => limit.destroy(err));
    return body.pipe(limit);
  }

  async json<T>(name: string): Promise<T> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.file(name)) chunks.push(chunk as Buffer);
    try {
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
    } catch {
      throw notZip(`the entry '${name}' is not JSON`);
    }
  }

  lines(name: string): AsyncIterable<unknown> {
    const open = () => this.file(name);
    return (async function* () {
      yield* parseLines(await open());
    })();
  }

  async close(): Promise<void> {}
}
