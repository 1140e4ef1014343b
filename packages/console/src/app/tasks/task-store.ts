import { useSyncExternalStore } from 'react';

/** What a long task is doing, for the tray's icon and grouping. */
export type TaskKind = 'import' | 'upload' | 'export' | 'backup' | 'clone' | 'reset';
/** `interrupted`: work on the server that stopped before it finished and waits for a decision (its actions). */
export type TaskStatus = 'running' | 'done' | 'failed' | 'cancelled' | 'interrupted';

/** A button of a task in the tray (Resume, Roll back). */
export interface TaskAction {
  label: string;
  onClick: () => void;
  color?: string;
}

export interface Task {
  id: string;
  kind: TaskKind;
  /** One line naming the work: "Import CSV into Orders". */
  title: string;
  status: TaskStatus;
  /** Units done and expected; `total` 0 while the size is not known yet. */
  done: number;
  total: number;
  /** How `done` / `total` are counted: rows of an import, bytes of an upload, percent of a server job that only says how far it is. */
  unit: 'rows' | 'bytes' | 'percent';
  /** Outcome line once finished ("1,200 rows written"), or the error message when failed. */
  detail?: string;
  /** Console path of the screen the task belongs to. */
  href?: string;
  startedAt: number;
  finishedAt?: number;
  /** Present while the task can still be stopped from the tray. */
  cancel?: () => void;
  /** What can be done with the task from the tray. */
  actions?: TaskAction[];
  /**
   * The work runs on the server (an import job): closing the tab does not stop it, so the tray
   * does not ask before the page unloads, and the task is found again after a reload.
   */
  serverSide?: boolean;
}

export type TaskStart = Pick<Task, 'id' | 'kind' | 'title' | 'unit'> &
  Partial<Pick<Task, 'total' | 'href' | 'cancel' | 'actions' | 'serverSide'>>;

/** What a task whose state the server decides may be set to at once. */
export type TaskState = Partial<Pick<Task, 'status' | 'done' | 'total' | 'detail' | 'actions'>>;

/** Finished tasks kept at most; the oldest finished ones go first, running ones never. */
const MAX_FINISHED = 20;

type Listener = () => void;

/**
 * The console's long work — imports, uploads, later exports and backups — lives here rather than in
 * the screen that started it, so the top bar's tray keeps showing it while the developer moves
 * between pages. Module state with a subscribe function (React reads it through
 * `useSyncExternalStore`); nothing here talks to the server.
 */
export function createTaskStore(now: () => number = Date.now) {
  let tasks: Task[] = [];
  const listeners = new Set<Listener>();

  const emit = (next: Task[]) => {
    tasks = next;
    for (const listener of listeners) listener();
  };

  const trim = (list: Task[]) => {
    const finished = list.filter((t) => t.status !== 'running');
    if (finished.length <= MAX_FINISHED) return list;
    const drop = new Set(
      finished
        .sort((a, b) => (a.finishedAt ?? 0) - (b.finishedAt ?? 0))
        .slice(0, finished.length - MAX_FINISHED)
        .map((t) => t.id),
    );
    return list.filter((t) => !drop.has(t.id));
  };

  const patch = (id: string, change: Partial<Task>) => {
    if (!tasks.some((t) => t.id === id)) return;
    emit(tasks.map((t) => (t.id === id ? { ...t, ...change } : t)));
  };

  const end = (id: string, status: Exclude<TaskStatus, 'running'>, detail?: string) => {
    const task = tasks.find((t) => t.id === id);
    if (!task || task.status !== 'running') return;
    const done = status === 'done' && task.total > 0 ? task.total : task.done;
    const ended: Task = { ...task, status, detail, done, finishedAt: now(), cancel: undefined };
    emit(trim(tasks.map((t) => (t.id === id ? ended : t))));
  };

  return {
    /** Starts (or restarts, for a retry under the same id) a task; newest first in the list. */
    start(init: TaskStart): string {
      const task: Task = { total: 0, ...init, status: 'running', done: 0, startedAt: now() };
      emit(trim([task, ...tasks.filter((t) => t.id !== init.id)]));
      return init.id;
    },
    progress(id: string, done: number, total?: number) {
      const task = tasks.find((t) => t.id === id);
      if (!task || task.status !== 'running') return;
      if (task.done === done && (total === undefined || task.total === total)) return;
      patch(id, { done, ...(total !== undefined ? { total } : {}) });
    },
    succeed: (id: string, detail?: string) => end(id, 'done', detail),
    fail: (id: string, message: string) => end(id, 'failed', message),
    cancelled: (id: string, detail?: string) => end(id, 'cancelled', detail),
    /**
     * Sets a server-side task to what the server reports, in any direction (an interrupted job
     * runs again when resumed); a task that leaves `running` gets its finishing time.
     */
    set(id: string, state: TaskState) {
      const task = tasks.find((t) => t.id === id);
      if (!task) return;
      const changed = (Object.keys(state) as Array<keyof TaskState>).some((k) => task[k] !== state[k]);
      if (!changed) return;
      const finishedAt =
        state.status && state.status !== 'running'
          ? task.status === state.status
            ? task.finishedAt
            : now()
          : state.status === 'running'
            ? undefined
            : task.finishedAt;
      emit(trim(tasks.map((t) => (t.id === id ? { ...t, ...state, finishedAt } : t))));
    },
    /** Removes a finished task; a running one stays (it must be cancelled first). */
    dismiss(id: string) {
      if (tasks.some((t) => t.id === id && t.status !== 'running')) emit(tasks.filter((t) => t.id !== id));
    },
    /** Forgets a task whatever its state, for work that turned out not to be a task (a name conflict asked first). */
    forget(id: string) {
      if (tasks.some((t) => t.id === id)) emit(tasks.filter((t) => t.id !== id));
    },
    clearFinished() {
      if (tasks.some((t) => t.status !== 'running')) emit(tasks.filter((t) => t.status === 'running'));
    },
    list: (): Task[] => tasks,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type TaskStore = ReturnType<typeof createTaskStore>;

/** The console's one task store. */
export const tasks = createTaskStore();

/** The tasks, newest first, re-rendering when any changes. */
export function useTasks(): Task[] {
  return useSyncExternalStore(tasks.subscribe, tasks.list, tasks.list);
}

/** Percent done for a progress bar, or null while the total is unknown. */
export function taskPercent(task: Task): number | null {
  if (task.status === 'done') return 100;
  if (!task.total) return null;
  return Math.min(100, Math.round((task.done / task.total) * 100));
}
