import { Readable } from 'node:stream';
import { wildcardMatcher, type FilesCountQuery, type FilesListQuery, type WildcardMatcher } from '@basalt/shared';
import {
  checkName,
  splitEncodedPath,
  splitUserPath,
  type StorageDriver,
  type StorageEntry,
  type StorageProvider,
} from '../../storage/index.js';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { fetchRemote, type RemoteBody } from '../../http/remote-fetch.js';
import { unzipArchive, zipFolder } from './files.archive.js';
import { presentInside, type FileAccess } from './files.access.js';

/** Page size when a listing does not say (the console pages by 100). */
export const DEFAULT_PAGE_SIZE = 100;

/**
 * Turns a listing pattern into a test on names: `*` any run of characters, `?` one character,
 * everything else literal. Case-insensitive, as people type names in the console's filter box.
 */
export function globMatcher(pattern: string): WildcardMatcher {
  // Not a RegExp: `*a*a*a…b` would backtrack for minutes over a long name.
  return wildcardMatcher(pattern, { any: '*', one: '?', ignoreCase: true });
}

function compare(sortBy: NonNullable<FilesListQuery['sortBy']>) {
  return (a: StorageEntry, b: StorageEntry): number => {
    if (sortBy === 'size') return a.size - b.size;
    if (sortBy === 'updated') return a.updated - b.updated;
    if (sortBy === 'created') return a.created - b.created;
    if (sortBy === 'type') return a.type.localeCompare(b.type);
    return a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' });
  };
}

/** Parent and name of a checked, root-relative path. */
function splitLast(path: string): { parent: string; name: string } {
  const names = splitUserPath(path);
  const name = names.pop() ?? '';
  return { parent: names.join('/'), name };
}

function join(parent: string, name: string): string {
  return parent === '' ? name : `${parent}/${name}`;
}

/** Text of a create/edit body: the text itself, or `{ file }` (or `{ content }`). */
export function textOfBody(body: unknown): string {
  if (typeof body === 'string') return body;
  if (body && typeof body === 'object') {
    const value = (body as { file?: unknown; content?: unknown }).file ?? (body as { content?: unknown }).content;
    if (typeof value === 'string') return value;
  }
  throw ApiError.field('BAD_REQUEST', 'file', 'Send the text of the file, as the body or as { "file": "…" }');
}

/**
 * The file service of an application: every operation the console and the app API offer, on top
 * of the storage driver (which owns the path rules). Paths here are decoded and root-relative.
 */
export class FilesService {
  constructor(
    private readonly ctx: ServerContext,
    readonly storage: StorageProvider,
  ) {}

  driver(appId: string): StorageDriver {
    return this.storage.forApp(appId);
  }

  private async matching(appId: string, dir: string, options: FilesCountQuery): Promise<StorageEntry[]> {
    const entries = await this.driver(appId).list(dir, { recursive: options.sub === true });
    if (!options.pattern || options.pattern === '*') return entries;
    const test = globMatcher(options.pattern);
    return entries.filter((e) => test.test(e.name));
  }

  /** One page of a folder: folders first, then by the chosen field. */
  async list(appId: string, dir: string, options: FilesListQuery): Promise<StorageEntry[]> {
    const entries = await this.matching(appId, dir, options);
    const by = compare(options.sortBy ?? 'name');
    const sign = options.sortDirection?.toLowerCase() === 'desc' ? -1 : 1;
    entries.sort((a, b) =>
      a.type === b.type ? sign * by(a, b) || a.path.localeCompare(b.path) : a.type === 'DIRECTORY' ? -1 : 1,
    );
    const offset = options.offset ?? 0;
    return entries.slice(offset, offset + (options.pageSize ?? DEFAULT_PAGE_SIZE));
  }

  async count(appId: string, dir: string, options: FilesCountQuery): Promise<number> {
    return (await this.matching(appId, dir, options)).length;
  }

  async exists(appId: string, path: string): Promise<boolean> {
    return this.driver(appId).exists(path);
  }

  createDir(appId: string, path: string): Promise<StorageEntry> {
    return this.driver(appId).mkdir(path);
  }

  /** Creates a text file; an existing file is a conflict. */
  async createText(appId: string, path: string, text: string): Promise<StorageEntry> {
    const driver = this.driver(appId);
    return this.ctx.plans.withFileRoom(appId, driver, path, this.ctx.config.uploadLimit, (limit) =>
      driver.write(path, Readable.from([Buffer.from(text, 'utf8')]), { limit, overwrite: false }),
    );
  }

  /** Replaces the text of an existing file. */
  async editText(appId: string, path: string, text: string): Promise<StorageEntry> {
    const driver = this.driver(appId);
    const entry = await driver.stat(path);
    if (!entry) throw ApiError.notFound(`The file '${path}' does not exist`);
    if (entry.type !== 'FILE') throw ApiError.conflict(`'${path}' is a folder, not a file`);
    return this.ctx.plans.withFileRoom(appId, driver, path, this.ctx.config.uploadLimit, (limit) =>
      driver.write(path, Readable.from([Buffer.from(text, 'utf8')]), { limit, overwrite: true }),
    );
  }

  /**
   * Where a move or copy lands. `destination` is the raw (encoded) body: the full new path, or a
   * folder ending in `/` to keep the name. Decoded once, part by part, with the usual name rules.
   */
  destinationOf(source: string, destination: string): string {
    if (destination.trim() === '') throw ApiError.badRequest('Send the destination path as the request body');
    const raw = destination.trim();
    const names = splitEncodedPath(raw);
    if (raw.endsWith('/')) names.push(splitLast(source).name);
    if (names.length === 0) throw ApiError.badRequest('The destination needs a file name, or a folder ending in /');
    return names.join('/');
  }

  /** The new name of a rename: the raw body, one encoded name, decoded once. */
  nameOf(body: string): string {
    if (body.trim() === '') throw ApiError.badRequest('Send the new name as the request body');
    try {
      return decodeURIComponent(body.trim());
    } catch {
      throw ApiError.badRequest('The new name has malformed percent-encoding');
    }
  }

  /**
   * Asks `access` about a file or folder changing place, before anything changes: Read on the
   * source and Write on the destination, plus Delete on the source when it goes away (move,
   * rename). A folder is checked with everything inside it, on both sides: what is at `a/x` inside
   * the source lands at `a/x` inside the destination. Destinations are never replaced (an existing
   * one is a conflict), so Write is all a destination needs.
   */
  private async mayRelocate(
    appId: string,
    source: string,
    destination: string,
    access: FileAccess,
    removesSource: boolean,
  ): Promise<void> {
    const present = presentInside(this.driver(appId), source);
    await access.require('Read', source, present);
    if (removesSource) await access.require('Delete', source, present);
    await access.require('Write', destination, present);
  }

  /** Moves a file or folder to an exact (decoded) destination path. */
  async move(appId: string, source: string, destination: string, access: FileAccess): Promise<StorageEntry> {
    await this.mayRelocate(appId, source, destination, access, true);
    return this.driver(appId).move(source, destination);
  }

  async copy(appId: string, source: string, destination: string, access: FileAccess): Promise<StorageEntry> {
    await this.mayRelocate(appId, source, destination, access, false);
    return this.driver(appId).copy(source, destination);
  }

  /** Renames in place: same folder, new (decoded) name. A move, checked as one. */
  async rename(appId: string, source: string, name: string, access: FileAccess): Promise<StorageEntry> {
    const { parent } = splitLast(source);
    return this.move(appId, source, join(parent, checkName(name)), access);
  }

  /** Removes a file, or a folder with everything in it: Delete on each path that goes. */
  async remove(appId: string, path: string, access: FileAccess): Promise<void> {
    await access.require('Delete', path, presentInside(this.driver(appId), path));
    await this.driver(appId).remove(path);
  }

  /**
   * Stores an uploaded stream; the limit and the temp-file-then-rename live in the driver. The
   * limit is the smaller of the upload limit and the room the app's plan leaves (decision 0082): a
   * file that does not fit is refused with 402 and nothing of it is kept.
   */
  async upload(appId: string, path: string, source: Readable, overwrite: boolean): Promise<StorageEntry> {
    const driver = this.driver(appId);
    const entry = await this.ctx.plans.withFileRoom(appId, driver, path, this.ctx.config.uploadLimit, (limit) =>
      driver.write(path, source, { limit, overwrite }),
    );
    this.ctx.bus.emit('file.uploaded', { appId, path: entry.path, size: entry.size });
    return entry;
  }

  /** Adds a stream at the end of a file (created when missing); the whole file must fit the upload limit. */
  async append(appId: string, path: string, source: Readable): Promise<StorageEntry> {
    const driver = this.driver(appId);
    // The plan's room counts the file's present size back in (it is replaced by the longer one).
    const entry = await this.ctx.plans.withFileRoom(appId, driver, path, this.ctx.config.uploadLimit, (limit) =>
      driver.append(path, source, limit),
    );
    this.ctx.bus.emit('file.uploaded', { appId, path: entry.path, size: entry.size });
    return entry;
  }

  /** Downloads a URL on the server, for an upload or append from a URL (public addresses only unless configured). */
  download(url: unknown): Promise<RemoteBody> {
    return fetchRemote(url, {
      maxBytes: this.ctx.config.uploadLimit,
      allowPrivate: this.ctx.config.remoteFetchPrivate,
    });
  }

  /** Opens a file for download or viewing. */
  read(appId: string, path: string) {
    return this.driver(appId).read(path);
  }

  zip(appId: string, path: string, access: FileAccess): Promise<StorageEntry> {
    return zipFolder(this.driver(appId), path, this.ctx.config.uploadLimit, access);
  }

  unzip(appId: string, path: string, access: FileAccess): Promise<StorageEntry> {
    return unzipArchive(this.driver(appId), path, this.ctx.config.uploadLimit, access);
  }
}
