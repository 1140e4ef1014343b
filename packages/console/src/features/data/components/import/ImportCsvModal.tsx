import { useState } from 'react';
import { Alert, Button, Checkbox, FileInput, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { IconFileTypeCsv } from '@tabler/icons-react';
import type { CsvImportResult, DataTable } from '@basalt/shared';
import { dryRunCsv, importCsv, resultOfError, type CsvMapping } from '../../api/import.queries';
import { downloadText } from '../../api/tables.queries';
import { dataKeys } from '../../api/data.keys';
import { errorInfo } from '../../../../lib/errors';
import { tasks } from '../../../../app/tasks/task-store';
import { numberFormat } from '../../data-format';
import { csvHeader, rejectedRowsCsv } from './csv-text';
import { ImportMappingStep, initialMapping } from './ImportMappingStep';
import { ImportRejectedRows } from './ImportRejectedRows';
import { ImportSummary, type ImportOutcome } from './ImportSummary';

type Stage = 'map' | 'checking' | 'checked' | 'importing' | 'done';

interface Props {
  appId: string;
  table: DataTable;
  opened: boolean;
  onClose: () => void;
  /** Called once rows were written, so the grid and the counts load again. */
  onImported: (rowsWritten: number) => void;
}

const rows = (n: number) => `${numberFormat.format(n)} row${n === 1 ? '' : 's'}`;

/**
 * CSV import (docs/console-screens.md › CSV import): choose a file → map its columns (matched by name, types shown) →
 * dry run listing the rows that would fail and why → import with progress → summary with the
 * rejected rows downloadable. It never reports success when nothing was written.
 */
export function ImportCsvModal({ appId, table, opened, onClose, onImported }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [headers, setHeaders] = useState<string[]>([]);
  const [mapping, setMapping] = useState<CsvMapping>({});
  const [stage, setStage] = useState<Stage>('map');
  const [check, setCheck] = useState<{ result?: CsvImportResult; error?: unknown }>({});
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  const queryClient = useQueryClient();
  const busy = stage === 'checking' || stage === 'importing';

  const reset = () => {
    setFile(null);
    setText('');
    setHeaders([]);
    setMapping({});
    setStage('map');
    setCheck({});
    setSkipInvalid(false);
    setOutcome(null);
    setFileError(null);
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
    const content = await next.text();
    const names = csvHeader(content);
    if (!names.length || names.every((n) => !n)) {
      setFileError('This file is empty: the first line must name the columns.');
      return;
    }
    setText(content);
    setHeaders(names);
    setMapping(initialMapping(names, table));
  };

  const runCheck = async () => {
    setStage('checking');
    setProgress({ done: 0, total: 0 });
    try {
      const result = await dryRunCsv(appId, table.name, text, mapping, (done, total) => setProgress({ done, total }));
      setCheck({ result });
    } catch (error) {
      setCheck({ error, result: resultOfError(error) });
    }
    setStage('checked');
  };

  const runImport = async () => {
    setStage('importing');
    let written = 0;
    const total = check.result?.rowsRead ?? 0;
    setProgress({ done: 0, total });
    // The task tray follows the import on every page, so the dialog can be put away meanwhile.
    const taskId = tasks.start({
      id: `import-${appId}-${table.name}-${Date.now()}`,
      kind: 'import',
      title: `Import ${file?.name ?? 'CSV'} into ${table.name}`,
      unit: 'rows',
      total,
      href: `/apps/${encodeURIComponent(appId)}/data/${encodeURIComponent(table.name)}`,
    });
    try {
      const result = await importCsv(appId, table.name, text, mapping, skipInvalid, (p) => {
        written = p.result.rowsWritten;
        setProgress({ done: p.rowsDone, total: p.rowsTotal });
        tasks.progress(taskId, p.rowsDone, p.rowsTotal);
      });
      setOutcome({ result, writtenBefore: result.rowsWritten });
      const rejected = result.rejectedTotal ? ` · ${rows(result.rejectedTotal)} rejected` : '';
      if (result.rowsWritten > 0) {
        tasks.succeed(taskId, `${rows(result.rowsWritten)} written${rejected}`);
        notifications.show({ color: 'teal', title: 'CSV imported', message: `${rows(result.rowsWritten)} written to ${table.name}` });
      } else tasks.fail(taskId, `Nothing was written${rejected}`);
    } catch (error) {
      setOutcome({ error, result: resultOfError(error), writtenBefore: written });
      tasks.fail(taskId, `${errorInfo(error).message}${written ? ` (${rows(written)} written before it stopped)` : ''}`);
    }
    if (written > 0) {
      // The sidebar's record counts include the new rows.
      void queryClient.invalidateQueries({ queryKey: dataKeys.tableCounts(appId) });
      onImported(written);
    }
    setStage('done');
  };

  const download = (result: CsvImportResult) => downloadText(`${table.name}-rejected.csv`, rejectedRowsCsv(text, result.rejected));

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
        {headers.length > 0 && (stage === 'map' || stage === 'checking' || stage === 'checked') && (
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
              {stage === 'checking' ? 'Checking rows…' : 'Importing…'}
              {progress.total ? ` ${numberFormat.format(progress.done)} of ${rows(progress.total)}` : ''}
            </Text>
            <Progress value={progress.total ? percent : 100} striped animated={!progress.total || percent < 100} aria-label={stage === 'checking' ? 'Dry run progress' : 'Import progress'} />
            {stage === 'importing' && (
              <Text size="xs" c="dimmed">
                You can keep working meanwhile: the task tray in the top bar follows this import on every page.
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
            <ImportRejectedRows result={dry} verb="would be rejected" onDownload={() => download(dry)} />
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
        {stage === 'done' && outcome && <ImportSummary outcome={outcome} tableName={table.name} onDownload={download} />}
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
                <Button onClick={() => void runCheck()} disabled={!headers.length || busy} loading={stage === 'checking'}>
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
