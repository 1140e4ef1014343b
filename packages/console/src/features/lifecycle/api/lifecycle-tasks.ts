import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { tasks, type TaskAction } from '../../../app/tasks/task-store';
import { errorInfo } from '../../../lib/errors';
import { appsKeys } from '../../apps';
import { isSettled, processTaskState, processTitle, taskKindOf } from '../lifecycle-state';
import type { LifecycleProcess, ProcessKind } from '../lifecycle-types';
import { exportDownloadUrl, getProcess, listProcesses } from './lifecycle.calls';
import { lifecycleKeys } from './lifecycle.keys';

/** How often a followed process is asked how far it is. */
const POLL_MS = 700;
/** Failed status reads in a row after which the tray stops asking and says so. */
const MAX_MISSES = 5;

/** What following a process needs besides its id: its app, a name for the tray, how to act when it ends. */
export interface FollowContext {
  appId: string;
  appName: string;
  navigate: (to: string) => void;
  queryClient: QueryClient;
}

interface Followed {
  ctx: FollowContext;
  kind: ProcessKind;
  timer?: ReturnType<typeof setTimeout>;
  misses: number;
}

const followed = new Map<string, Followed>();
/** The last state seen of every followed process, for the cards that show one. */
let latest = new Map<string, LifecycleProcess>();
const listeners = new Set<() => void>();
const taskId = (processId: string) => `lifecycle-${processId}`;

function remember(p: LifecycleProcess): void {
  latest = new Map(latest).set(p.processId, p);
  for (const listener of listeners) listener();
}

/** Starts the browser's download of a ZIP (a GET: the session cookie carries the key). */
export function downloadFile(url: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  document.body.append(a);
  a.click();
  a.remove();
}

/** The buttons a finished process offers in the tray. */
function actionsOf(p: LifecycleProcess, ctx: FollowContext): TaskAction[] {
  if (p.status !== 'DONE') return [];
  if ((p.kind === 'clone' || p.kind === 'restore') && p.newAppId) {
    const to = `/apps/${encodeURIComponent(p.newAppId)}`;
    return [{ label: p.kind === 'clone' ? 'Open the clone' : 'Open the new app', onClick: () => ctx.navigate(to) }];
  }
  if (p.kind === 'export') {
    const url = p.downloadUrl ?? exportDownloadUrl(ctx.appId, p.processId);
    return [{ label: 'Download', onClick: () => downloadFile(url) }];
  }
  return [];
}

/** What changes on screen once a process ends: the apps list, the exports, or everything of the app. */
function refreshAfter(p: LifecycleProcess, ctx: FollowContext): void {
  const { queryClient, appId } = ctx;
  void queryClient.invalidateQueries({ queryKey: lifecycleKeys.app(appId) });
  if (p.kind === 'clone' || p.kind === 'restore') void queryClient.invalidateQueries({ queryKey: appsKeys.all });
  // A reset or an import replaces what every screen of the app shows.
  if (p.status === 'DONE' && (p.kind === 'reset' || p.kind === 'import' || p.kind === 'restore')) {
    void queryClient.invalidateQueries();
  }
}

function apply(p: LifecycleProcess): void {
  const entry = followed.get(p.processId);
  if (!entry) return;
  const id = taskId(p.processId);
  const before = latest.get(p.processId);
  tasks.set(id, { ...processTaskState(p), actions: actionsOf(p, entry.ctx) });
  remember(p);
  if (isSettled(p) && (!before || !isSettled(before))) refreshAfter(p, entry.ctx);
}

function poll(processId: string, delay = POLL_MS): void {
  const entry = followed.get(processId);
  if (!entry || entry.timer) return;
  entry.timer = setTimeout(() => {
    entry.timer = undefined;
    getProcess(entry.ctx.appId, processId).then(
      (p) => {
        entry.misses = 0;
        apply(p);
        if (!isSettled(p)) poll(processId);
      },
      (error: unknown) => {
        entry.misses += 1;
        if (entry.misses < MAX_MISSES) return poll(processId, POLL_MS * 2 ** entry.misses);
        tasks.fail(taskId(processId), `The server did not say how far it is: ${errorInfo(error).message}`);
      },
    );
  }, delay);
}

/**
 * Shows a server-side lifecycle process in the task tray and follows it until it is done or
 * failed. `known` is a state already read (a reload's list); without it the first read is at once.
 */
export function followProcess(
  ctx: FollowContext,
  start: { processId: string; kind: ProcessKind },
  known?: LifecycleProcess,
): void {
  const { processId, kind } = start;
  if (!followed.has(processId)) {
    followed.set(processId, { ctx, kind, misses: 0 });
    tasks.start({
      id: taskId(processId),
      kind: taskKindOf(kind),
      title: processTitle(kind, ctx.appName),
      unit: 'percent',
      total: 100,
      serverSide: true,
      // Backups and their restores are on their own settings page; the rest on General.
      href: `/apps/${encodeURIComponent(ctx.appId)}/settings/${kind === 'backup' || kind === 'restore' ? 'backups' : 'general'}`,
    });
  }
  if (known) {
    apply(known);
    if (!isSettled(known)) poll(processId);
  } else {
    poll(processId, 0);
  }
}

/** Follows processes with this screen's navigation and query client. */
export function useFollowProcess() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (app: { appId: string; appName: string }, start: { processId: string; kind: ProcessKind }) =>
      followProcess({ ...app, navigate: (to) => void navigate(to), queryClient }, start),
    [navigate, queryClient],
  );
}

/** The last state seen of a followed process (undefined until the first read). */
export function useFollowedProcess(processId: string | undefined): LifecycleProcess | undefined {
  const map = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => latest,
  );
  return processId ? map.get(processId) : undefined;
}

/**
 * After a reload (or on opening an app), puts the app's unfinished lifecycle processes back in the
 * task tray and follows them. A server without the lifecycle routes answers 501: nothing to show.
 */
export function useLifecycleInTray(appId: string, appName: string | undefined): void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!appId || appName === undefined) return;
    let live = true;
    listProcesses(appId).then(
      (list) => {
        if (!live) return;
        const ctx: FollowContext = { appId, appName, navigate: (to) => void navigate(to), queryClient };
        for (const p of list.filter((x) => !isSettled(x))) followProcess(ctx, p, p);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [appId, appName, navigate, queryClient]);
}
