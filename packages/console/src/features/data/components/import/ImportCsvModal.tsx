import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Checkbox, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { IconFileTypeCsv } from '@tabler/icons-react';
import type { CsvImportJob, CsvImportResult, DataTable } from '@basalt/shared';
import { resultOfError, type CsvMapping } from '../../api/import.queries';
import { dryRunImportJob, followImportJob, resultOfJob, startImportJob, uploadImportFile } from '../../api/import-jobs.queries';
import { downloadText } from '../../api/tables.queries';
import { dataKeys } from '../../api/data.keys';
import { errorInfo } from '../../../../lib/errors';
import { numberFormat } from '../../data-format';
import { csvHeader, rejectedRowsCsv, rejectionReportCsv } from './csv-text';
import { ImportMappingStep, initialMapping } from './ImportMappingStep';
import { ImportRejectedRows } from './ImportRejectedRows';
import { ImportSummary, type ImportOutcome } from './ImportSummary';

type Stage = 'map' | 'uploading' | 'checking' | 'checked' | 'importing' | 'done';

interface Props {
  appId: string;
  table: DataTable;
  opened: boolean;
  onClose: () => void;
  /** Called once rows were written, so the grid and the counts load again. */
  onImported: (rowsWritten: number) => void;
}

const rows = (n: number) => `${numberFormat.format(n)} row${n === 1 ? '' : 's'}`;

/** Bytes read from the start of the file to show its header; the rest stays on disk. */
const HEADER_BYTES = 64 * 1024;
/** Largest file read again to list its rejected rows with their cells. */
const REREAD_BYTES = 20 * 1024 * 1024;

/**
 * CSV import (docs/console-screens.md › CSV import, decision 0041): choose a file → map its columns
 * (matched by name, types shown) → the file is streamed to the server and dry-run there, listing
 * the rows that would fail and why → the server imports it as a job, in batches, with progress in
 * the task tray → summary with the rejected rows downloadable. The file is never read into the
 * page; closing the tab does not stop the job, and the tray finds it again after a reload with
 * Resume and Roll back when it was interrupted. It never reports success when nothing was written.
 */
export function ImportCsvModal({ appId, table, opened, onClose, onImported }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [mapping, setMapping] = useState<CsvMapping>({});
  const [stage, setStage] = useState<Stage>('map');
  const [check, setCheck] = useState<{ result?: CsvImportResult; error?: unknown }>({});
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  // The uploaded file's job: one upload serves every dry run of the same file.
  const upload = useRef<{ file: File; job: CsvImportJob } | null>(null);
  const unfollow = useRef<(() => void) | null>(null);

  const queryClient = useQueryClient();
  const busy = stage === 'uploading' || stage === 'checking' || stage === 'importing';

  useEffect(() => () => unfollow.current?.(), []);

  const reset = () => {
    setFile(null);
    setHeaders([]);
    setMapping({});
    setStage('map');
    setCheck({});
    setSkipInvalid(false);
    setOutcome(null);
    setFileError(null);
    upload.current = null;
  };

  const close = () => {
    if (busy) return;
    reset();
    onClose();
  };

  // Hides the dialog while the import goes on; the tray shows its progress, and opening Import
  // CSV again on this table shows where it stands.
  const hide = () => onClose();

  const choose = async (next: File | null) => {
    reset();
    setFile(next);
    if (!next) return;
    const names = csvHeader(await next.slice(0, HEADER_BYTES).text());
    if (!names.length || names.every((n) => !n)) {
      setFileError('This file is empty: the first line must name the columns.');
      return;
    }
    setHeaders(names);
    setMapping(initialMapping(names, table));
  };

  const runCheck = async () => {
    if (!file) return;
    setProgress({ done: 0, total: 0 });
    try {
      if (upload.current?.file !== file) {
        setStage('uploading');
        upload.current = { file, job: await uploadImportFile(appId, table.name, file) };
      }
      setStage('checking');
      const result = await dryRunImportJob(appId, upload.current.job.id, { mapping });
      setCheck({ result });
    } catch (error) {
      setCheck({ error, result: resultOfError(error) });
    }
    setStage('checked');
  };

  const finished = (job: CsvImportJob) => {
    unfollow.current?.();
    unfollow.current = null;
    if (job.state === 'committed') {
      setOutcome({ result: resultOfJob(job), writtenBefore: job.rowsWritten });
      notifications.show({ color: 'teal', title: 'CSV imported', message: `${rows(job.rowsWritten)} written to ${job.table}` });
      void queryClient.invalidateQueries({ queryKey: dataKeys.tableCounts(appId) });
      onImported(job.rowsWritten);
    } else {
      const message = job.state === 'rolled-back' ? 'The import was rolled back: the table is as it was.'
        : job.state === 'interrupted' ? 'The import was interrupted; resume it or roll it back from the task tray.'
          : `${job.error ?? 'The import failed.'} Nothing was written.`;
      setOutcome({ error: new Error(message), writtenBefore: job.state === 'interrupted' ? job.rowsWritten : 0 });
    }
    upload.current = null;
    setStage('done');
  };

  const runImport = async () => {
    const job = upload.current?.job;
    if (!job) return;
    setStage('importing');
    setProgress({ done: 0, total: check.result?.rowsRead ?? 0 });
    try {
      const started = await startImportJob(appId, job.id, { mapping, skipInvalid });
      // The task tray follows the job on every page (and after a reload), so the dialog can be put away.
      unfollow.current = followImportJob(appId, started, (next) => {
        setProgress({ done: next.rowsDone, total: next.rowsTotal ?? 0 });
        if (['committed', 'rolled-back', 'failed', 'interrupted'].includes(next.state)) finished(next);
      });
    } catch (error) {
      setOutcome({ error, result: resultOfError(error), writtenBefore: 0 });
      setStage('done');
    }
  };

  // The rejected rows with their own cells, read again from the file on disk; a very large file
  // gets the report of lines and reasons instead of being read into the page.
  const download = async (result: CsvImportResult) => {
    const text = file && file.size <= REREAD_BYTES ? rejectedRowsCsv(await file.text(), result.rejected) : rejectionReportCsv(result.rejected);
    downloadText(`${table.name}-rejected.csv`, text);
  };

  const dry = check.result;
  const canImport = !!dry && !check.error && dry.rowsValid > 0 && (dry.rejectedTotal === 0 || skipInvalid);
  const percent = progress.total ? Math.round((progress.done / progress.total) * 100) : 0;

  return (
    <Modal opened={opened} onClose={close} title={`Import CSV into ${table.name}`} size="xl" closeOnEscape={!busy} closeOnClickOutside={false} withCloseButton={!busy}>
      <Stack gap="md">
        {stage !== 'done' && (
          <FileInput
            label="CSV file"
            description="The first line names the columns; comma separated, UTF-8"
            placeholder="Choose a .csv file"
            accept=".csv,text/csv"
            leftSection={<IconFileTypeCsv size={16} stroke={1.5} />}
            value={file}
            onChange={(f) => void choose(f)}
            error={fileError}
            disabled={busy}
            clearable
          />
        )}
        {headers.length > 0 && (stage === 'map' || stage === 'uploading' || stage === 'checking' || stage === 'checked') && (
          <ImportMappingStep
            headers={headers}
            table={table}
            mapping={mapping}
            onChange={(next) => {
              // A changed mapping makes the last dry run stale.
              setMapping(next);
              setCheck({});
              setStage('map');
            }}
          />
        )}
        {busy && (
          <Stack gap={4}>
            <Text size="sm" aria-live="polite">
              {stage === 'uploading' ? 'Sending the file…' : stage === 'checking' ? 'Checking rows…' : 'Importing…'}
              {progress.total ? ` ${numberFormat.format(progress.done)} of ${rows(progress.total)}` : ''}
            </Text>
            <Progress value={progress.total ? percent : 100} striped animated={!progress.total || percent < 100} aria-label={stage === 'checking' ? 'Dry run progress' : 'Import progress'} />
            {stage === 'importing' && (
              <Text size="xs" c="dimmed">
                The server imports the file: you can keep working, or close the tab. The task tray in the top bar follows this import on every page.
              </Text>
            )}
          </Stack>
        )}
        {stage === 'checked' && check.error && !check.result ? (
          <Alert color="red" variant="light" role="alert" title="The file cannot be imported">{errorInfo(check.error).message}</Alert>
        ) : null}
        {stage === 'checked' && dry && (
          <Stack gap="sm" data-testid="import-dry-run">
            <Alert color={dry.rejectedTotal ? 'orange' : 'teal'} variant="light" title="Dry run: nothing was written">
              {rows(dry.rowsRead)} read · {numberFormat.format(dry.rowsValid)} would be written · {numberFormat.format(dry.rejectedTotal)} would be rejected
              {dry.ignoredColumns.length ? <Text size="xs" mt={4}>Left out: {dry.ignoredColumns.join(', ')}</Text> : null}
            </Alert>
            <ImportRejectedRows result={dry} verb="would be rejected" onDownload={() => void download(dry)} />
            {dry.rejectedTotal > 0 && dry.rowsValid > 0 && (
              <Checkbox
                label={`Skip the ${rows(dry.rejectedTotal)} that ${dry.rejectedTotal === 1 ? 'fails' : 'fail'} and import the other ${rows(dry.rowsValid)}`}
                description="Without this, one bad row stops the import and nothing is written."
                checked={skipInvalid}
                onChange={(e) => setSkipInvalid(e.currentTarget.checked)}
              />
            )}
          </Stack>
        )}
        {stage === 'done' && outcome && <ImportSummary outcome={outcome} tableName={table.name} onDownload={(r) => void download(r)} />}
        <Group justify="flex-end" gap="sm">
          {stage === 'done' ? (
            <>
              <Button variant="default" onClick={reset}>Import another file</Button>
              <Button onClick={close}>Close</Button>
            </>
          ) : (
            <>
              {stage === 'importing' ? (
                <Button variant="default" onClick={hide}>Continue in background</Button>
              ) : (
                <Button variant="default" onClick={close} disabled={busy}>Cancel</Button>
              )}
              {stage === 'checked' && dry && !check.error ? (
                <Button onClick={() => void runImport()} disabled={!canImport}>
                  Import {rows(skipInvalid ? dry.rowsValid : dry.rowsRead)}
                </Button>
              ) : (
                <Button onClick={() => void runCheck()} disabled={!headers.length || busy} loading={stage === 'uploading' || stage === 'checking'}>
                  Check rows (dry run)
                </Button>
              )}
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
