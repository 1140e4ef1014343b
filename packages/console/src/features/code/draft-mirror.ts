/**
 * Typed text is never lost (docs/console-screens.md › Cloud code › Editor): every edit of a draft
 * buffer is mirrored to IndexedDB until the server confirms the save, and a reopened editor offers
 * the mirrored text back. Keys are `appId/model/path`.
 */
const DB_NAME = 'basalt-code-drafts';
const STORE = 'buffers';

export interface MirroredBuffer {
  content: string;
  /** When it was typed (ms). */
  saved: number;
}

let opening: Promise<IDBDatabase | null> | null = null;

function open(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  opening ??= new Promise((resolve) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    // A browser that refuses storage (private mode) still edits; it only loses the safety net.
    request.onerror = () => resolve(null);
  });
  return opening;
}

async function run<T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const db = await open();
  if (!db) return undefined;
  return new Promise((resolve) => {
    const request = act(db.transaction(STORE, mode).objectStore(STORE));
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(undefined);
  });
}

export const mirrorKey = (appId: string, model: string, path: string) => `${appId}/${model}/${path}`;

export function mirrorBuffer(key: string, content: string): Promise<unknown> {
  const value: MirroredBuffer = { content, saved: Date.now() };
  return run('readwrite', (store) => store.put(value, key));
}

export function readMirror(key: string): Promise<MirroredBuffer | undefined> {
  return run<MirroredBuffer | undefined>(
    'readonly',
    (store) => store.get(key) as IDBRequest<MirroredBuffer | undefined>,
  );
}

export function dropMirror(key: string): Promise<unknown> {
  return run('readwrite', (store) => store.delete(key));
}
