import { ApiError } from '../../../http/api-error.js';

/** Most levels a file path may have, and the longest path (the column's width). */
const MAX_DEPTH = 20;
const MAX_PATH = 1024;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function refuse(message: string): never {
  throw ApiError.badRequest(message);
}

/**
 * A model file's path as stored (`services/a b.js`): parts separated by `/`, each decoded once when
 * `encoded` (the reference client path-encodes ids on save and in URLs, not in deploy bodies).
 * Empty parts from leading or doubled slashes are dropped; `.`/`..`, backslashes and control
 * characters are refused, so a path never names anything outside its model.
 */
export function filePath(raw: string, encoded: boolean): string {
  const parts: string[] = [];
  for (const part of raw.split('/')) {
    if (part === '') continue;
    let name = part;
    if (encoded) {
      try {
        name = decodeURIComponent(part);
      } catch {
        refuse(`Malformed percent-encoding in the file path '${raw}'`);
      }
    }
    if (name === '.' || name === '..') refuse(`The file path '${raw}' may not contain '.' or '..' parts`);
    if (name.includes('/') || name.includes('\\')) refuse(`The file path '${raw}' contains a slash inside a name`);
    if (CONTROL.test(name)) refuse(`The file path '${raw}' contains control characters`);
    parts.push(name);
  }
  if (parts.length === 0) refuse('A file path is required');
  if (parts.length > MAX_DEPTH) refuse(`File paths are limited to ${MAX_DEPTH} levels`);
  const path = parts.join('/');
  if (path.length > MAX_PATH) refuse(`File paths are limited to ${MAX_PATH} characters`);
  return path;
}

/** The last part of a path: the name the file tree shows. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
