import fs from 'node:fs/promises';
import path from 'node:path';
import { StorageError, fsCode } from './errors.js';

/**
 * Name of the hidden folder inside every app root that holds uploads and archives while they are
 * being written. A write lands there first and is renamed into place only when complete, so a
 * refused or interrupted write leaves nothing visible behind. Users can never name it.
 */
export const TEMP_DIR = '.basalt-tmp';

/** Longest file or folder name accepted, in UTF-8 bytes (the limit of common file systems). */
export const MAX_NAME_BYTES = 255;
/** Deepest path accepted; deeper trees are almost certainly an attack or a loop. */
export const MAX_DEPTH = 64;

// Names Windows treats as devices: a zip downloaded with one of them cannot be extracted there, and
// `nul.txt` is the device too, so the stem is what counts.
const RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\..*)?$/i;
// Characters no portable file system accepts in a name; `:` also covers drive letters and NTFS streams.
const NOT_PORTABLE = /[<>:"|?*]/;
// C0 and C1 control characters, DEL included: they hide in logs and terminals and break shells.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// A percent escape still present after the single decode means the client encoded twice.
const STILL_ENCODED = /%[0-9a-f]{2}/i;

function invalid(message: string): never {
  throw new StorageError('invalid', message);
}
function outside(message = 'The path leads outside the application files'): never {
  throw new StorageError('outside', message);
}

/** True when a (decoded) piece of text would step out of its folder wherever it is used. */
function escapes(text: string): boolean {
  return text.split(/[/\\]/).some((part) => part === '..');
}

/**
 * Checks one already-decoded file or folder name. Escape attempts (`..`, also hidden behind a
 * second layer of encoding or inside a name that contains a slash) are refused as `outside` (403);
 * everything else that is not a plain portable name is `invalid` (400).
 */
export function checkName(name: string): string {
  if (name === '') invalid('A file or folder name cannot be empty');
  if (escapes(name)) outside();
  if (STILL_ENCODED.test(name)) {
    let again = name;
    try {
      again = decodeURIComponent(name);
    } catch {
      // not decodable a second time: still refused below as an encoded name
    }
    if (escapes(again)) outside();
    invalid(`The name '${name}' is encoded twice; encode each path part exactly once`);
  }
  if (name === '.') invalid('A file or folder cannot be named "."');
  if (CONTROL.test(name)) invalid('A file or folder name cannot contain control characters');
  if (name.includes('\\')) invalid('A file or folder name cannot contain a backslash');
  if (name.includes('/')) invalid('A file or folder name cannot contain a slash');
  if (NOT_PORTABLE.test(name)) invalid(`The name '${name}' contains a character that is not allowed (< > : " | ? *)`);
  if (/[. ]$/.test(name)) invalid(`The name '${name}' cannot end with a dot or a space`);
  if (RESERVED.test(name)) invalid(`'${name}' is a reserved name`);
  if (name.toLowerCase() === TEMP_DIR) invalid(`'${name}' is a reserved name`);
  if (Buffer.byteLength(name, 'utf8') > MAX_NAME_BYTES)
    invalid(`A file or folder name is limited to ${MAX_NAME_BYTES} bytes`);
  return name;
}

/**
 * Splits a path taken from a URL or a raw body into names, decoding each part exactly once.
 * Empty parts (leading, trailing or doubled slashes) are dropped, as the reference clients send
 * `//a/b` and `a/b/`. A part that decodes to something with a slash in it stays one (refused) name.
 */
export function splitEncodedPath(raw: string): string[] {
  const names: string[] = [];
  for (const part of raw.split('/')) {
    if (part === '') continue;
    let name: string;
    try {
      name = decodeURIComponent(part);
    } catch {
      invalid(`Malformed percent-encoding in '${part}'`);
    }
    names.push(checkName(name));
  }
  if (names.length > MAX_DEPTH) invalid(`Paths are limited to ${MAX_DEPTH} levels`);
  return names;
}

/**
 * Splits a decoded, root-relative path (`docs/a.txt`) into checked names. Absolute paths of any
 * platform are refused: inside the storage layer every path is relative to an app root.
 */
export function splitUserPath(userPath: string): string[] {
  if (userPath.includes('\0')) invalid('A path cannot contain NUL characters');
  if (userPath.startsWith('/') || userPath.startsWith('\\') || /^[A-Za-z]:/.test(userPath))
    outside('Absolute paths are not accepted; paths start at the application root');
  const names = userPath.split('/').filter((p) => p !== '');
  if (names.length > MAX_DEPTH) invalid(`Paths are limited to ${MAX_DEPTH} levels`);
  return names.map(checkName);
}

/**
 * The one place a user path becomes a file system path. Refuses bad names (400) and escapes (403)
 * before anything is created, then walks the existing part of the path with lstat and refuses it if
 * any part is a symbolic link: a link planted inside the root could otherwise point anywhere.
 * Answers the absolute path, always inside `root` (or `root` itself for the empty path).
 */
export async function resolveInside(root: string, userPath: string): Promise<string> {
  const names = splitUserPath(userPath);
  const base = path.resolve(root);
  const target = path.join(base, ...names);
  // Belt and braces: the checks above make this impossible, but a mistake there must not become an escape.
  if (target !== base && !target.startsWith(base + path.sep)) outside();
  let current = base;
  for (const name of names) {
    current = path.join(current, name);
    let stat;
    try {
      stat = await fs.lstat(current);
    } catch (err) {
      const code = fsCode(err);
      if (code === 'ENOENT' || code === 'ENOTDIR') break;
      throw err;
    }
    if (stat.isSymbolicLink()) outside('The path goes through a symbolic link, which is not followed');
    if (!stat.isDirectory()) break;
  }
  return target;
}

/** Joins checked names into the root-relative form used in answers (`docs/a.txt`, '' for the root). */
export function joinNames(names: readonly string[]): string {
  return names.join('/');
}
