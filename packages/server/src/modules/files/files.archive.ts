import { PassThrough } from 'node:stream';
import { Unzip, UnzipInflate, Zip, ZipDeflate, ZipPassThrough, type UnzipFile } from 'fflate';
import { StorageError, splitUserPath, type StorageDriver, type StorageEntry } from '../../storage/index.js';
import { presentInside, type FileAccess } from './files.access.js';

/** Most entries an archive may hold; more is refused before anything is kept. */
export const MAX_ARCHIVE_ENTRIES = 10_000;

function parentOf(path: string): string {
  const names = splitUserPath(path);
  names.pop();
  return names.join('/');
}

/** Waits until a stream wants more data (or is gone), so a slow disk throttles the archiver. */
function drained(stream: PassThrough): Promise<void> {
  if (!stream.writableNeedDrain || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once('drain', resolve);
    stream.once('close', resolve);
  });
}

/**
 * Zips a folder (or a single file) into `<name>.zip` beside it; the root becomes `files.zip` in
 * the root. The archive is streamed to a temporary file and appears only when complete. Folders
 * whose files add up to more than `limit` bytes are refused: an archive that could not be uploaded
 * back is of no use and would only fill the disk. Links inside the folder are never followed
 * (the listing leaves them out). `access` must allow Read on everything going in and Write on the
 * archive; it is asked before anything is written.
 */
export async function zipFolder(
  driver: StorageDriver,
  path: string,
  limit: number,
  access: FileAccess,
): Promise<StorageEntry> {
  const source = await driver.stat(path);
  if (!source) throw new StorageError('not-found', `'${path}' does not exist`);
  const target =
    source.path === '' ? 'files.zip' : `${parentOf(source.path)}${parentOf(source.path) ? '/' : ''}${source.name}.zip`;
  await access.require('Read', source.path, presentInside(driver, source.path));
  await access.require('Write', target);
  if (await driver.exists(target)) throw new StorageError('exists', `'${target}' already exists`);

  const entries = source.type === 'DIRECTORY' ? await driver.list(source.path, { recursive: true }) : [source];
  if (entries.length > MAX_ARCHIVE_ENTRIES)
    throw new StorageError('too-large', `An archive holds at most ${MAX_ARCHIVE_ENTRIES} entries`);
  const total = entries.reduce((sum, e) => sum + e.size, 0);
  if (total > limit)
    throw new StorageError('too-large', `The folder holds ${total} bytes, more than the limit of ${limit}`);
  // Names inside the archive are relative to the zipped folder (or the file's own name).
  const base =
    source.type === 'DIRECTORY' && source.path !== ''
      ? source.path.length + 1
      : source.type === 'DIRECTORY'
        ? 0
        : source.path.length - source.name.length;

  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) return void out.destroy(err);
    out.write(chunk);
    if (final) out.end();
  });
  // Stored output is at most a little larger than its input (headers; deflate never grows much).
  const writing = driver.write(target, out, { limit: total + 1024 * (entries.length + 64), overwrite: false });
  const feeding = (async () => {
    for (const entry of entries) {
      const name = entry.path.slice(base);
      if (entry.type === 'DIRECTORY') {
        const dir = new ZipPassThrough(`${name}/`);
        zip.add(dir);
        dir.push(new Uint8Array(0), true);
        continue;
      }
      const file = new ZipDeflate(name, { level: 6 });
      file.mtime = entry.updated;
      zip.add(file);
      const { stream } = await driver.read(entry.path);
      for await (const chunk of stream) {
        if (out.destroyed) return;
        file.push(chunk as Buffer);
        await drained(out);
      }
      file.push(new Uint8Array(0), true);
    }
    zip.end();
  })();
  try {
    const [entry] = await Promise.all([
      writing,
      feeding.catch((err: unknown) => {
        out.destroy(err as Error);
        throw err;
      }),
    ]);
    return entry;
  } catch (err) {
    out.destroy();
    throw err;
  }
}

/** Path of an archive entry, checked with the same rules as any user path (zip-slip included). */
function entryPath(file: UnzipFile): { path: string; dir: boolean } {
  const raw = file.name;
  if (raw.includes('\\')) throw new StorageError('invalid', `The archive entry '${raw}' uses backslashes`);
  if (raw.startsWith('/') || /^[A-Za-z]:/.test(raw))
    throw new StorageError('outside', `The archive entry '${raw}' has an absolute path`);
  const names = splitUserPath(raw);
  if (names.length === 0) throw new StorageError('invalid', 'The archive has an entry without a name');
  return { path: names.join('/'), dir: raw.endsWith('/') };
}

/**
 * Extracts `<name>.zip` into a new folder `<name>` beside it. Every entry name goes through the
 * path rules, so `../` or absolute entries refuse the whole archive. The folder is assembled out of
 * sight and appears only when every entry was written; at most `limit` bytes are extracted in total
 * (counted as they are inflated, so sizes claimed by the archive cannot lie past it). `access` must
 * allow Read on the archive and Write on the folder and on each extracted path; one refusal drops
 * the whole extraction.
 */
export async function unzipArchive(
  driver: StorageDriver,
  path: string,
  limit: number,
  access: FileAccess,
): Promise<StorageEntry> {
  const archive = await driver.stat(path);
  if (!archive) throw new StorageError('not-found', `'${path}' does not exist`);
  if (archive.type !== 'FILE' || !/\.zip$/i.test(archive.name) || archive.name.length <= 4) {
    throw new StorageError('invalid', 'Only a .zip file can be extracted');
  }
  const parent = parentOf(archive.path);
  const stem = archive.name.slice(0, -4);
  const target = parent ? `${parent}/${stem}` : stem;
  await access.require('Read', archive.path);
  await access.require('Write', target);
  // Each entry is written only once its own path is allowed.
  const allowed = (rel: string) => access.require('Write', `${target}/${rel}`);

  return driver.stage(target, async (area) => {
    let failure: unknown;
    let extracted = 0;
    let count = 0;
    const pending: Array<Promise<unknown>> = [];
    const streams: PassThrough[] = [];
    const fail = (err: unknown) => {
      failure ??= err;
      for (const s of streams) s.destroy();
    };

    const unzip = new Unzip((file) => {
      if (failure) return;
      if (++count > MAX_ARCHIVE_ENTRIES)
        return fail(new StorageError('too-large', `An archive holds at most ${MAX_ARCHIVE_ENTRIES} entries`));
      let entry: { path: string; dir: boolean };
      try {
        entry = entryPath(file);
      } catch (err) {
        return fail(err);
      }
      const rel = entry.path;
      if (entry.dir) {
        pending.push(
          allowed(rel)
            .then(() => area.mkdir(rel))
            .catch(fail),
        );
        return;
      }
      const sink = new PassThrough();
      streams.push(sink);
      pending.push(
        allowed(rel)
          .then(() => area.write(rel, sink, limit))
          .catch(fail),
      );
      file.ondata = (err, data, final) => {
        if (failure) return;
        if (err) return fail(new StorageError('invalid', `The archive entry '${file.name}' is damaged`));
        extracted += data.length;
        if (extracted > limit)
          return fail(new StorageError('too-large', `The archive unpacks to more than the limit of ${limit} bytes`));
        sink.write(data);
        if (final) sink.end();
      };
      try {
        file.start();
      } catch {
        fail(new StorageError('invalid', `The archive entry '${file.name}' uses an unsupported compression`));
      }
    });
    unzip.register(UnzipInflate);

    const { stream } = await driver.read(archive.path);
    try {
      for await (const chunk of stream) {
        if (failure) break;
        unzip.push(chunk as Buffer);
      }
      if (!failure) unzip.push(new Uint8Array(0), true);
      // An entry still open after the last byte means the archive was cut short.
      if (!failure && streams.some((s) => !s.writableEnded))
        fail(new StorageError('invalid', 'The archive is incomplete'));
    } catch {
      fail(new StorageError('invalid', 'The file is not a valid zip archive'));
    } finally {
      stream.destroy();
    }
    await Promise.allSettled(pending);
    if (failure) throw failure;
    if (count === 0) throw new StorageError('invalid', 'The file is not a zip archive or is empty');
  });
}
