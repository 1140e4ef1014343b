import type { ServerContext } from '../../context.js';
import { isStorageError, type StorageDriver } from '../../storage/index.js';
import { checkFileTree, type Caller } from '../security/index.js';

export type FileOperation = 'Read' | 'Write' | 'Delete';

/** Tells whether something is stored at a path given relative to a folder (`a/b.txt` inside it). */
export type Presence = (inner: string) => Promise<boolean>;

/**
 * Who may do what with the paths an operation touches. The file service asks before it changes
 * anything, so a refusal leaves every file where it was. Moving is reading the source and writing
 * the destination (and deleting the source), so a caller cannot carry a file out of a folder it may
 * not read, into one it may not write, or away from where it may not delete it.
 */
export interface FileAccess {
  /**
   * Refuses (403) unless the caller may `op` on `path` and, when `present` is given, on every path
   * inside it where something is stored (or, for a destination, will be).
   */
  require(op: FileOperation, path: string, present?: Presence): Promise<void>;
}

/**
 * Developers in the console. Their file permissions are per application, not per path: the console
 * routes that change files declare `FILES_MANAGE` (upload declares `FILES_UPLOAD`) and `handle`
 * refuses members denied it before the handler runs, for the source and destination alike (both are
 * paths of the same app); every member may read every file. Nothing is left to decide per path.
 */
export const developerAccess: FileAccess = {
  require: () => Promise.resolve(),
};

/** An app API caller: the permission engine's file rules (path, its folders, then service-wide). */
export function appCallerAccess(ctx: ServerContext, caller: Caller): FileAccess {
  return { require: (op, path, present) => checkFileTree(ctx, caller, path, op, present ?? nothingInside) };
}

const nothingInside: Presence = () => Promise.resolve(false);

/**
 * Whether something is stored inside `root`. A name no stored path can have (a rule written for a
 * malformed path) is absent; any other failure propagates, so the operation fails rather than
 * proceeding unchecked.
 */
export function presentInside(driver: StorageDriver, root: string): Presence {
  return async (inner) => {
    try {
      return await driver.exists(root === '' ? inner : `${root}/${inner}`);
    } catch (err) {
      if (isStorageError(err) && (err.kind === 'invalid' || err.kind === 'outside')) return false;
      throw err;
    }
  };
}
