import { segment } from '../transport/encode.js';

/**
 * Paths and bodies shared by the `uiBuilder` methods. Every path starts with
 * `/{appId}/console/ui-builder`; names travel as one escaped segment each.
 */
export const uib = (appId: string) => `/${segment(appId)}/console/ui-builder`;

/** `…/containers/{containerName}` */
export const box = (appId: string, containerName: string) => `${uib(appId)}/containers/${segment(containerName)}`;

/**
 * `…/logic/{componentUid}/{handlerName}`; without a handler the path keeps its trailing slash,
 * which is how the reference client addresses the update of a component's whole logic.
 */
export const logicPath = (owner: string, componentUid: string, handlerName?: string) =>
  `${owner}/logic/${segment(componentUid)}/${handlerName === undefined ? '' : segment(handlerName)}`;

/** A file part: a Blob, bytes, or a ready FormData (sent as it is). */
export type UiFile = Blob | ArrayBuffer | ArrayBufferView;

function toBlob(file: UiFile): Blob {
  if (file instanceof Blob) return file;
  // A copy: the view may sit on a shared buffer, which a Blob does not take.
  const bytes =
    file instanceof ArrayBuffer
      ? new Uint8Array(file.slice(0))
      : new Uint8Array(file.buffer, file.byteOffset, file.byteLength).slice();
  return new Blob([bytes]);
}

/**
 * A multipart body: file parts as files, plain fields as text (objects as JSON), `undefined`
 * skipped. A FormData given as the file is sent unchanged.
 */
export function multipart(fields: Record<string, unknown>, fileKey: string, file: UiFile | FormData): FormData {
  if (file instanceof FormData) return file;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || key === fileKey) continue;
    form.append(key, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  const blob = toBlob(file);
  const name = typeof File !== 'undefined' && blob instanceof File ? blob.name : fileKey;
  form.append(fileKey, blob, name);
  return form;
}
