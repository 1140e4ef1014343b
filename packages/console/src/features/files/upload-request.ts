import { Routes, filesPath, type FileEntry } from '@basalt/shared';
import { getAuthKey } from '../../lib/sdk';

/** A failed upload, shaped like the SDK's errors so `errorInfo` reads it. */
export interface UploadError {
  status: number;
  code?: string | number;
  message: string;
}

export interface UploadRequest {
  appId: string;
  /** Folder to upload into ('' = root). */
  folder: string;
  fileName: string;
  file: Blob;
  overwrite: boolean;
  onProgress: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/**
 * Uploads one file with byte progress. The SDK sends through `fetch`, and `fetch` cannot report
 * how much of a request body has been sent; `XMLHttpRequest.upload` can. So uploads alone go
 * through XHR, to the same route the SDK's `files.uploadFile` uses and with the same `auth-key`
 * header.
 */
export function uploadWithProgress({
  appId,
  folder,
  fileName,
  file,
  overwrite,
  onProgress,
  signal,
}: UploadRequest): Promise<FileEntry> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const url = `${filesPath(Routes.files.uploadFile, appId, folder, fileName)}?overwrite=${overwrite}`;
    xhr.open('POST', url);
    const key = getAuthKey();
    if (key) xhr.setRequestHeader('auth-key', key);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : file.size);
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(file.size, file.size);
        resolve(body as FileEntry);
        return;
      }
      const info = (body ?? {}) as { message?: unknown; code?: unknown };
      const error: UploadError = {
        status: xhr.status,
        code: typeof info.code === 'string' || typeof info.code === 'number' ? info.code : undefined,
        message: typeof info.message === 'string' ? info.message : `Upload failed (${xhr.status})`,
      };
      reject(error);
    };
    xhr.onerror = () => reject({ status: 0, message: 'The upload could not reach the server' } satisfies UploadError);
    xhr.onabort = () => reject({ status: 0, code: 'ABORTED', message: 'Upload cancelled' } satisfies UploadError);
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file, fileName);
    xhr.send(form);
  });
}
