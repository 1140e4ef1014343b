import { useEffect } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { CsvImportJob, CsvImportJobOptions, CsvImportResult } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { errorInfo } from '../../../lib/errors';
import { tasks, type TaskState } from '../../../app/tasks/task-store';
import { numberFormat } from '../data-format';
import { dataKeys } from './data.keys';

/** How often a followed job is asked for its progress. */
const POLL_MS = 700;
/** States after which nothing more happens to a job by itself. */
const SETTLED = new Set(['committed', 'rolled-back', 'failed', 'interrupted']);
/** States a job is listed in the tray with after a reload. */
const UNFINISHED = new Set(['queued', 'running', 'interrupted', 'rolling-back']);

const rows = (n: number) => `${numberFormat.format(n)} row${n === 1 ? '' : 's'}`;

/** Stores the file on the server (the browser streams it from disk: it is never read into the page). */
export function uploadImportFile(appId: string, table: string, file: File): Promise<CsvImportJob> {
  return getSdk().transfer.uploadCsvImportFile(appId, table, file, file.name);
}

/** Checks every row of the uploaded file on the server; writes nothing. */
export function dryRunImportJob(appId: string, jobId: string, options: CsvImportJobOptions): Promise<CsvImportResult> {
  return getSdk().transfer.dryRunCsvImportJob(appId, jobId, options);
}

export function startImportJob(appId: string, jobId: string, options: CsvImportJobOptions): Promise<CsvImportJob> {
  return getSdk().transfer.startCsvImportJob(appId, jobId, options);
}

/** The import report of a committed job, for the dialog's summary. */
export function resultOfJob(job: CsvImportJob): CsvImportResult {
  return {
    table: job.table, dryRun: false, rowsRead: job.rowsDone, rowsValid: job.rowsWritten, rowsWritten: job.rowsWritten,
    rejected: job.rejected, rejectedTotal: job.rejectedTotal, ignoredColumns: [], createdColumns: job.createdColumns,
  };
}

type Listener = (job: CsvImportJob) => void;

interface Followed {
  appId: string;
  timer?: ReturnType<typeof setTimeout>;
  listeners: Set<Listener>;
}

const followed = new Map<string, Followed>();
const taskId = (jobId: string) => `import-job-${jobId}`;

/** What the tray shows of a job, and the buttons it offers. */
function taskState(appId: string, job: CsvImportJob): TaskState {
  const actions: TaskState['actions'] = [];
  if (job.canResume) actions.push({ label: 'Resume', onClick: () => void resume(appId, job.id) });
  if (job.canRollBack && job.state !== 'rolling-back') actions.push({ label: 'Roll back', color: 'red', onClick: () => askRollBack(appId, job) });
  const progress = { done: job.rowsDone, total: job.rowsTotal ?? 0, actions };
  const rejected = job.rejectedTotal ? ` · ${rows(job.rejectedTotal)} rejected` : '';
  switch (job.state) {
    case 'committed':
      return { ...progress, status: 'done', detail: `${rows(job.rowsWritten)} written${rejected}` };
    case 'rolled-back':
      return { ...progress, status: 'cancelled', detail: 'Rolled back: the table is as it was' };
    case 'failed':
      return { ...progress, status: 'failed', detail: `${job.error ?? 'The import failed'} Nothing was written.` };
    case 'interrupted':
      return { ...progress, status: 'interrupted', detail: `Stopped after ${rows(job.rowsWritten)}: resume or roll back` };
    case 'rolling-back':
      return { ...progress, status: 'running', detail: 'Rolling back…' };
    default:
      return { ...progress, status: 'running', detail: job.state === 'queued' ? 'Waiting for the server…' : undefined };
  }
}

function apply(appId: string, job: CsvImportJob): void {
  const id = taskId(job.id);
  if (!tasks.list().some((t) => t.id === id)) {
    tasks.start({
      id, kind: 'import', title: `Import ${job.fileName} into ${job.table}`, unit: 'rows', total: job.rowsTotal ?? 0, serverSide: true,
      href: `/apps/${encodeURIComponent(appId)}/data/${encodeURIComponent(job.table)}`,
    });
  }
  tasks.set(id, taskState(appId, job));
  const entry = followed.get(job.id);
  for (const listener of entry?.listeners ?? []) listener(job);
}

function poll(appId: string, jobId: string): void {
  const entry = followed.get(jobId);
  if (!entry || entry.timer) return;
  entry.timer = setTimeout(() => {
    entry.timer = undefined;
    getSdk().transfer.getCsvImportJob(appId, jobId).then((job) => {
      apply(appId, job);
      if (!SETTLED.has(job.state)) poll(appId, jobId);
    }, () => poll(appId, jobId));
  }, POLL_MS);
}

/**
 * Shows a server-side import job in the task tray and follows it until it settles; `listener`
 * hears every new state of it (the import dialog's progress and summary).
 */
export function followImportJob(appId: string, job: CsvImportJob, listener?: Listener): () => void {
  let entry = followed.get(job.id);
  if (!entry) followed.set(job.id, (entry = { appId, listeners: new Set() }));
  if (listener) entry.listeners.add(listener);
  apply(appId, job);
  if (!SETTLED.has(job.state)) poll(appId, job.id);
  return () => {
    if (listener) entry.listeners.delete(listener);
  };
}

async function resume(appId: string, jobId: string): Promise<void> {
  try {
    const job = await getSdk().transfer.resumeCsvImportJob(appId, jobId);
    apply(appId, job);
    poll(appId, jobId);
  } catch (error) {
    notifications.show({ color: 'red', title: 'The import cannot be resumed', message: errorInfo(error).message });
  }
}

async function rollBack(appId: string, jobId: string): Promise<void> {
  tasks.set(taskId(jobId), { status: 'running', detail: 'Rolling back…', actions: [] });
  try {
    apply(appId, await getSdk().transfer.rollBackCsvImportJob(appId, jobId));
  } catch (error) {
    notifications.show({ color: 'red', title: 'The import cannot be rolled back', message: errorInfo(error).message });
    apply(appId, await getSdk().transfer.getCsvImportJob(appId, jobId));
  }
}

function askRollBack(appId: string, job: CsvImportJob): void {
  modals.openConfirmModal({
    title: `Roll back the import of ${job.fileName}?`,
    children: (
      <Text size="sm">
        The {rows(job.rowsWritten)} it wrote into {job.table} so far are deleted, and the import stops. Rows that were there before stay as they are.
      </Text>
    ),
    labels: { confirm: 'Roll back', cancel: 'Keep' },
    confirmProps: { color: 'red' },
    onConfirm: () => void rollBack(appId, job.id),
  });
}

/**
 * After a reload (or on opening an app), puts the app's unfinished import jobs back in the task
 * tray with their progress, Resume and Roll back; the grid's counts reload when one settles.
 */
export function useImportJobsInTray(appId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!appId) return;
    let live = true;
    const stops: Array<() => void> = [];
    getSdk().transfer.listCsvImportJobs(appId).then((list) => {
      if (!live) return;
      for (const job of list.filter((j) => UNFINISHED.has(j.state))) {
        stops.push(followImportJob(appId, job, (next) => {
          if (next.state === 'committed' || next.state === 'rolled-back') void queryClient.invalidateQueries({ queryKey: dataKeys.tableCounts(appId) });
        }));
      }
    }, () => undefined);
    return () => {
      live = false;
      for (const stop of stops) stop();
    };
  }, [appId, queryClient]);
}
