import { ApiError } from '../../../http/api-error.js';

/** Largest single file and largest model (all its files), in bytes of UTF-8. */
export const MAX_FILE_BYTES = 1024 * 1024;
export const MAX_MODEL_BYTES = 5 * 1024 * 1024;
export const MAX_MODEL_FILES = 1000;

/** 413 when a file or the whole model is over its limit. */
export function checkSizes(files: Array<{ path: string; content: string }>): void {
  let total = 0;
  for (const f of files) {
    const bytes = Buffer.byteLength(f.content, 'utf8');
    if (bytes > MAX_FILE_BYTES)
      throw ApiError.tooLarge(`The file '${f.path}' is ${bytes} bytes; files are limited to ${MAX_FILE_BYTES} bytes`);
    total += bytes;
  }
  if (total > MAX_MODEL_BYTES)
    throw ApiError.tooLarge(
      `The model's files add up to ${total} bytes; a model is limited to ${MAX_MODEL_BYTES} bytes`,
    );
  if (files.length > MAX_MODEL_FILES) throw ApiError.tooLarge(`A model is limited to ${MAX_MODEL_FILES} files`);
}
