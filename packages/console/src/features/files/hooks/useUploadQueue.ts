import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { forgetFolders } from '../api/files.queries';
import { baseName, extensionOf, joinPath, parentOf } from '../file-paths';
import { uploadWithProgress, type UploadError } from '../upload-request';
import { tasks } from '../../../app/tasks/task-store';

export type UploadStatus = 'queued' | 'uploading' | 'done' | 'failed' | 'conflict' | 'skipped' | 'cancelled';
export type ConflictChoice = 'replace' | 'keep-both' | 'skip';

export interface UploadItem {
  id: string;
  file: File;
  folder: string;
  name: string;
  loaded: number;
  total: number;
  status: UploadStatus;
  overwrite: boolean;
  error?: string;
}

/** Uploads running at once: enough to keep the line busy, few enough to show steady progress. */
const PARALLEL = 2;

let counter = 0;

/** Where a dropped or picked file goes: its folder path inside a dropped folder is kept. */
function placement(file: File, base: string): { folder: string; name: string } {
  const withPath = file as File & { path?: string; relativePath?: string };
  const relative = (file.webkitRelativePath || withPath.relativePath || withPath.path || file.name).replace(
    /^\.?\/+/,
    '',
  );
  return { folder: joinPath(base, parentOf(relative)), name: baseName(relative) || file.name };
}

/** `photo.png` → `photo (1).png`, `photo (1).png` → `photo (2).png`. */
function nextName(name: string): string {
  const ext = extensionOf(name);
  const stem = ext ? name.slice(0, -(ext.length + 1)) : name;
  const match = /^(.*) \((\d+)\)$/.exec(stem);
  const next = match ? `${match[1]} (${Number(match[2]) + 1})` : `${stem} (1)`;
  return ext ? `${next}.${ext}` : next;
}

/**
 * The uploads of the Files area: a queue with byte progress per file, cancel, and the name
 * conflict question (Replace / Keep both / Skip, optionally for every conflict of the batch).
 */
export function useUploadQueue(appId: string) {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const standing = useRef<ConflictChoice | null>(null);
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const patch = useCallback((id: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)));
  }, []);

  const refreshSoon = useCallback(() => {
    clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => void forgetFolders(queryClient, appId), 250);
  }, [queryClient, appId]);

  const start = useCallback(
    (item: UploadItem) => {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      patch(item.id, { status: 'uploading', error: undefined });
      // The tray follows the upload under the item's id (a retry restarts the same task). The
      // request carries on when the developer leaves the Files page, and so does its task.
      const path = joinPath(item.folder, item.name);
      const folderHref = `/apps/${encodeURIComponent(appId)}/files/${item.folder.split('/').filter(Boolean).map(encodeURIComponent).join('/')}`;
      tasks.start({
        id: item.id,
        kind: 'upload',
        title: `Upload ${path}`,
        unit: 'bytes',
        total: item.file.size,
        href: folderHref,
        cancel: () => controller.abort(),
      });
      uploadWithProgress({
        appId,
        folder: item.folder,
        fileName: item.name,
        file: item.file,
        overwrite: item.overwrite,
        signal: controller.signal,
        onProgress: (loaded, total) => {
          patch(item.id, { loaded, total });
          tasks.progress(item.id, loaded, total);
        },
      })
        .then(() => {
          controllers.current.delete(item.id);
          patch(item.id, { status: 'done', loaded: item.file.size });
          tasks.succeed(item.id, 'Uploaded');
          refreshSoon();
        })
        .catch((err: UploadError) => {
          // Forgotten before the status changes, so a re-queued file can start again at once.
          controllers.current.delete(item.id);
          if (err.code === 'ABORTED') tasks.cancelled(item.id, 'Upload cancelled');
          else if (err.status === 409)
            tasks.forget(item.id); // the Files page asks what to do; a new try starts a new task
          else tasks.fail(item.id, err.message);
          if (err.code === 'ABORTED') patch(item.id, { status: 'cancelled' });
          else if (err.status === 409) {
            const choice = standing.current;
            if (choice === 'replace') patch(item.id, { status: 'queued', overwrite: true, loaded: 0 });
            else if (choice === 'keep-both') patch(item.id, { status: 'queued', name: nextName(item.name), loaded: 0 });
            else if (choice === 'skip') patch(item.id, { status: 'skipped' });
            else patch(item.id, { status: 'conflict', loaded: 0 });
          } else patch(item.id, { status: 'failed', error: err.message });
        });
    },
    [appId, patch, refreshSoon],
  );

  // Keeps PARALLEL uploads running while any wait; a pending conflict does not hold up the rest.
  useEffect(() => {
    const running = items.filter((i) => i.status === 'uploading').length;
    const waiting = items.filter((i) => i.status === 'queued' && !controllers.current.has(i.id));
    for (const item of waiting.slice(0, Math.max(0, PARALLEL - running))) start(item);
  }, [items, start]);

  const active = items.some((i) => i.status === 'queued' || i.status === 'uploading');

  // Leaving the page would drop uploads in flight; only then does the browser ask first.
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);

  const add = useCallback(
    (files: File[], base: string) => {
      if (!files.length) return;
      if (!items.some((i) => i.status === 'queued' || i.status === 'uploading' || i.status === 'conflict'))
        standing.current = null;
      const added = files.map((file): UploadItem => ({
        id: `upload-${++counter}`,
        file,
        ...placement(file, base),
        loaded: 0,
        total: file.size,
        status: 'queued',
        overwrite: false,
      }));
      setItems((list) => [
        ...list.filter((i) => i.status !== 'done' && i.status !== 'skipped' && i.status !== 'cancelled'),
        ...added,
      ]);
    },
    [items],
  );

  const cancel = useCallback(
    (id: string) => {
      const controller = controllers.current.get(id);
      if (controller) controller.abort();
      else patch(id, { status: 'cancelled' });
    },
    [patch],
  );

  const retry = useCallback((id: string) => patch(id, { status: 'queued', loaded: 0, error: undefined }), [patch]);

  const conflict = items.find((i) => i.status === 'conflict');

  const resolveConflict = useCallback(
    (choice: ConflictChoice, applyToAll: boolean) => {
      if (applyToAll) standing.current = choice;
      setItems((list) =>
        list.map((item) => {
          if (item.status !== 'conflict' || (!applyToAll && item.id !== conflict?.id)) return item;
          if (choice === 'replace') return { ...item, status: 'queued', overwrite: true };
          if (choice === 'keep-both') return { ...item, status: 'queued', name: nextName(item.name) };
          return { ...item, status: 'skipped' };
        }),
      );
    },
    [conflict?.id],
  );

  const clearFinished = useCallback(
    () =>
      setItems((list) =>
        list.filter((i) => i.status === 'queued' || i.status === 'uploading' || i.status === 'conflict'),
      ),
    [],
  );

  return { items, add, cancel, retry, conflict, resolveConflict, clearFinished, active };
}

export type UploadQueue = ReturnType<typeof useUploadQueue>;
