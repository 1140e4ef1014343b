import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AirtableTables, FirebaseImportBody, FirebaseImportResult, TransferJob } from '@basalt/shared';
import { getSdk } from '../../../lib/sdk';
import { tasks, type TaskState } from '../../../app/tasks/task-store';
import { numberFormat } from '../data-format';
import { dataKeys } from './data.keys';

/** How often a followed transfer job is asked for its progress. */
const POLL_MS = 700;
const rows = (n: number) => `${numberFormat.format(n)} record${n === 1 ? '' : 's'}`;

export function importFirebaseUsers(appId: string, body: FirebaseImportBody): Promise<FirebaseImportResult> {
  return getSdk().transfer.importFirebaseUsers(appId, body);
}

export function getAirtableTables(appId: string, token: string, baseId: string): Promise<AirtableTables> {
  return getSdk().transfer.getAirtableTablesList(appId, token, baseId);
}

export function startAirtableImport(appId: string, token: string, baseId: string, tables: string[]): Promise<TransferJob> {
  return getSdk().transfer.startAirtableImport(appId, token, baseId, tables);
}

/** What the tray shows of a transfer job: tables done of all, records written. */
function taskState(job: TransferJob): TaskState {
  // The tray counts records; how many a base holds is known only at the end.
  const progress = { done: job.rowsWritten, total: job.state === 'done' ? job.rowsWritten : 0 };
  if (job.state === 'done')
    return { ...progress, status: 'done', detail: `${rows(job.rowsWritten)} into ${job.createdTables.join(', ')}` };
  if (job.state === 'failed') return { ...progress, status: 'failed', detail: job.error ?? 'The import failed' };
  const now = job.currentTable ? `Table ${job.tablesDone + 1} of ${job.tablesTotal}: ${job.currentTable}` : 'Waiting for the server…';
  return { ...progress, status: 'running', detail: now };
}

const taskId = (jobId: string) => `transfer-job-${jobId}`;
const followed = new Set<string>();

/**
 * Shows a transfer job (an Airtable import) in the task tray and follows it until it ends;
 * `onEnd` hears the last state (the Data area reloads its tables then).
 */
export function followTransferJob(appId: string, job: TransferJob, onEnd?: (job: TransferJob) => void): void {
  const id = taskId(job.id);
  if (!tasks.list().some((t) => t.id === id))
    tasks.start({ id, kind: 'import', title: `Import ${job.title}`, unit: 'rows', serverSide: true, href: `/apps/${encodeURIComponent(appId)}/data` });
  tasks.set(id, taskState(job));
  if (job.state === 'done' || job.state === 'failed') return onEnd?.(job);
  if (followed.has(job.id)) return;
  followed.add(job.id);
  const poll = () =>
    setTimeout(() => {
      getSdk().transfer.getTransferJob(appId, job.id).then((next) => {
        tasks.set(id, taskState(next));
        if (next.state === 'done' || next.state === 'failed') {
          followed.delete(job.id);
          onEnd?.(next);
        } else poll();
      }, poll);
    }, POLL_MS);
  poll();
}

/** After a reload, puts the app's running transfer jobs back in the task tray. */
export function useTransferJobsInTray(appId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!appId) return;
    let live = true;
    getSdk().transfer.listTransferJobs(appId).then((list) => {
      if (!live) return;
      for (const job of list.filter((j) => j.state === 'queued' || j.state === 'running'))
        followTransferJob(appId, job, () => void queryClient.invalidateQueries({ queryKey: dataKeys.tables(appId) }));
    }, () => undefined);
    return () => {
      live = false;
    };
  }, [appId, queryClient]);
}
