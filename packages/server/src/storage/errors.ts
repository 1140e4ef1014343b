/**
 * Why a storage operation was refused. The storage layer knows nothing about HTTP; the files
 * module maps each kind to a status (invalid 400, outside 403, not-found 404, exists/conflict 409,
 * too-large 413).
 */
export type StorageErrorKind = 'invalid' | 'outside' | 'not-found' | 'exists' | 'conflict' | 'too-large';

export class StorageError extends Error {
  constructor(
    public readonly kind: StorageErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
  }
}

export function isStorageError(err: unknown): err is StorageError {
  return err instanceof StorageError;
}

/** The Node error code of a failed fs call (ENOENT, EEXIST ...), if any. */
export function fsCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String((err as { code: unknown }).code) : undefined;
}
