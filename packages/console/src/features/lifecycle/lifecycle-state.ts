import type { TaskKind, TaskState } from '../../app/tasks/task-store';
import { errorInfo } from '../../lib/errors';
import type { CopyPart, LifecycleProcess, ProcessKind, ResetChoice, ResetPart, ZipSource } from './lifecycle-types';

/** What each part of a clone or export carries, in the words of the checkboxes. */
export const COPY_PART_LABELS: Record<CopyPart, { label: string; hint: string }> = {
  schema: { label: 'Schema', hint: 'Tables, columns and relations' },
  data: { label: 'Data', hint: 'Every record, app users included (brings the schema)' },
  files: { label: 'Files', hint: "The app's file storage" },
  security: { label: 'Security', hint: 'Roles and permissions' },
  users: { label: 'User settings', hint: 'Registration, login, user properties, social sign-in' },
  code: { label: 'Cloud code', hint: 'Services, event handlers, timers, codeless logic' },
  settings: { label: 'App settings', hint: 'Email, mobile, domains; API keys are always new' },
};

/** What each part of a reset clears. */
export const RESET_PART_LABELS: Record<ResetPart, { label: string; hint: string }> = {
  data: { label: 'Data', hint: 'Every record; tables and columns stay (Users records stay unless Users is chosen)' },
  files: { label: 'Files', hint: "Every file in the app's storage" },
  users: { label: 'Users', hint: 'App users, their sessions and links' },
  logic: { label: 'Logic', hint: 'Cloud code: services, handlers, timers, codeless logic' },
  settings: { label: 'Settings', hint: 'App settings back to defaults (API keys are kept)' },
};

/** The parts to send: data brings its schema, so choosing data without schema still sends both. */
export function partsToSend(chosen: readonly CopyPart[]): CopyPart[] {
  const set = new Set(chosen);
  if (set.has('data')) set.add('schema');
  return (Object.keys(COPY_PART_LABELS) as CopyPart[]).filter((p) => set.has(p));
}

/** The chosen reset parts, in the order they are listed. */
export function chosenResetParts(choice: ResetChoice): ResetPart[] {
  return (Object.keys(RESET_PART_LABELS) as ResetPart[]).filter((p) => choice[p]);
}

/** A route of the lifecycle area that the server does not offer yet answers 501. */
export function isNotAvailable(error: unknown): boolean {
  return errorInfo(error).status === 501;
}

/** Tray icon of a process kind. */
export function taskKindOf(kind: ProcessKind): TaskKind {
  if (kind === 'backup' || kind === 'restore') return 'backup';
  return kind;
}

const TITLES: Record<ProcessKind, (app: string) => string> = {
  clone: (app) => `Clone ${app}`,
  export: (app) => `Export ${app} as a ZIP`,
  import: (app) => `Import a ZIP into ${app}`,
  reset: (app) => `Reset ${app}`,
  backup: (app) => `Back up ${app}`,
  restore: (app) => `Restore ${app}`,
};

/** One line naming a process in the tray. */
export function processTitle(kind: ProcessKind, appName: string): string {
  return TITLES[kind](appName);
}

const DONE_DETAIL: Record<ProcessKind, string> = {
  clone: 'The clone is ready',
  export: 'The ZIP is ready to download',
  import: 'The app was imported',
  reset: 'The chosen parts were reset',
  backup: 'The backup is stored',
  restore: 'The app was restored',
};

/** What the tray shows of a process (its buttons are added by whoever follows it). */
export function processTaskState(
  p: Pick<LifecycleProcess, 'kind' | 'status' | 'progress' | 'stage' | 'error'>,
): TaskState {
  const done = Math.max(0, Math.min(100, Math.round(p.progress)));
  if (p.status === 'DONE') return { status: 'done', done: 100, total: 100, detail: DONE_DETAIL[p.kind] };
  if (p.status === 'FAILED') {
    return { status: 'failed', done, total: 100, detail: p.error || `The ${p.kind} failed` };
  }
  return { status: 'running', done, total: 100, detail: p.stage };
}

/** Whether nothing more happens to a process by itself. */
export function isSettled(p: Pick<LifecycleProcess, 'status'>): boolean {
  return p.status !== 'IN_PROGRESS';
}

/** What the form holds while the developer picks a ZIP: either kind can be half filled. */
export interface ZipSourceDraft {
  mode: 'file' | 'url';
  file: File | null;
  url: string;
}

export const EMPTY_ZIP_SOURCE: ZipSourceDraft = { mode: 'file', file: null, url: '' };

/** The source to send, or what is missing in words. */
export function zipSourceOf(draft: ZipSourceDraft): { source?: ZipSource; problem?: string } {
  if (draft.mode === 'file') return draft.file ? { source: { file: draft.file } } : { problem: 'Choose a ZIP file' };
  const url = draft.url.trim();
  if (!/^https?:\/\/\S+$/i.test(url)) return { problem: 'Give an http:// or https:// address of the ZIP' };
  return { source: { url } };
}
