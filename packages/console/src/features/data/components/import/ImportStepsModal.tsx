import { useEffect, useState } from 'react';
import { Alert, Button, FileInput, Group, Modal, Progress, ScrollArea, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import type { CsvImportJob, DataImportColumn, DataImportStep } from '@basalt/shared';
import { importStep } from '../../api/import-steps.queries';
import { followImportJob } from '../../api/import-jobs.queries';
import { errorInfo } from '../../../../lib/errors';
import { numberFormat } from '../../data-format';

interface Props {
  appId: string;
  opened: boolean;
  onClose: () => void;
  onImported: () => void;
}

const TYPES = ['STRING', 'EXTENDED_STRING', 'TEXT', 'INT', 'DOUBLE', 'BOOLEAN', 'DATETIME', 'JSON'];
const rows = (n: number) => `${numberFormat.format(n)} row${n === 1 ? '' : 's'}`;

/**
 * "Import CSV" into a new or existing table in steps (decision 0069): upload (the server reads the
 * whole file and proposes columns with detected types), mapping with a preview of the first rows,
 * a check of every row that writes nothing, then the run as a job with progress (also in the task tray).
 */
export function ImportStepsModal({ appId, opened, onClose, onImported }: Props) {
  const [table, setTable] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<DataImportStep | null>(null);
  const [columns, setColumns] = useState<DataImportColumn[]>([]);
  const [checked, setChecked] = useState<DataImportStep | null>(null);
  const [job, setJob] = useState<CsvImportJob | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!opened) return;
    setTable('');
    setFile(null);
    setUpload(null);
    setColumns([]);
    setChecked(null);
    setJob(null);
    setError(null);
  }, [opened]);

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (err) {
      setError(errorInfo(err).message);
    } finally {
      setBusy(false);
    }
  };

  const send = () =>
    act(async () => {
      if (!file) throw new Error('Choose a CSV file');
      const answer = await importStep(appId, 'upload', { table: table.trim(), fileName: file.name, content: await file.text() });
      setUpload(answer);
      setColumns(answer.columns);
    });

  // Any change to the mapping makes the last check stale.
  const change = (header: string, patch: Partial<DataImportColumn>) => {
    setChecked(null);
    setColumns((list) => list.map((c) => (c.header === header ? { ...c, ...patch } : c)));
  };
  const mapping = () => columns.map((c) => ({ header: c.header, column: c.column, ...(c.exists ? {} : { type: c.type }) }));

  const check = () => act(async () => setChecked(await importStep(appId, 'preview', { importId: upload!.importId, columns: mapping() })));

  const run = () =>
    act(async () => {
      const started = await importStep(appId, 'run', { importId: upload!.importId, columns: mapping() });
      if (!started.job) throw new Error('The import did not start');
      setJob(started.job);
      onImported();
      followImportJob(appId, started.job, (next) => {
        setJob(next);
        if (next.state === 'committed') onImported();
      });
    });

  const done = job?.state === 'committed';
  const failed = job && ['failed', 'rolled-back'].includes(job.state);
  const total = job?.rowsTotal ?? upload?.rowsTotal ?? 0;
  const progress = done ? 100 : total ? Math.min(100, Math.floor(((job?.rowsDone ?? 0) / total) * 100)) : 0;

  return (
    <Modal opened={opened} onClose={onClose} size="xl" title={<Text fw={600}>Import CSV</Text>}>
      <Stack gap="md">
        {!upload && (
          <>
            <Text size="sm" c="dimmed">
              The rows go into a table: an existing one (columns matched by name) or a new one, created with the columns of the file when the import runs.
            </Text>
            <TextInput label="Table" description="An existing table or the name of a new one" value={table} onChange={(e) => setTable(e.currentTarget.value)} withAsterisk />
            <FileInput label="CSV file" description="The first line names the columns" accept=".csv,text/csv" value={file} onChange={setFile} leftSection={<IconFileTypeCsv size={16} stroke={1.5} />} clearable withAsterisk />
          </>
        )}
        {upload && !job && (
          <>
            <Text size="sm">
              <b>{upload.fileName}</b>: {rows(upload.rowsTotal ?? 0)} into {upload.newTable ? 'the new table' : 'table'} <b>{upload.table}</b>. First rows:
            </Text>
            <ScrollArea.Autosize mah={180}>
              <Table withTableBorder striped fz="xs" aria-label="First rows of the file">
                <Table.Thead>
                  <Table.Tr>{columns.map((c) => <Table.Th key={c.header}>{c.header}</Table.Th>)}</Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(upload.preview ?? []).map((row, i) => (
                    <Table.Tr key={i}>{columns.map((c, j) => <Table.Td key={c.header}>{row[j] ?? ''}</Table.Td>)}</Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            <Table aria-label="Column mapping" verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr><Table.Th>CSV column</Table.Th><Table.Th>Goes to column (empty: left out)</Table.Th><Table.Th>Type</Table.Th></Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {columns.map((c) => (
                  <Table.Tr key={c.header}>
                    <Table.Td><Text size="sm" className="mono">{c.header}</Text></Table.Td>
                    <Table.Td>
                      <TextInput size="xs" aria-label={`Column for ${c.header}`} value={c.column ?? ''} onChange={(e) => change(c.header, { column: e.currentTarget.value || null, exists: false })} />
                    </Table.Td>
                    <Table.Td>
                      {c.exists ? (
                        <Text size="sm" c="dimmed">{c.type} (existing)</Text>
                      ) : (
                        <Select size="xs" aria-label={`Type of ${c.header}`} data={TYPES} value={c.type} onChange={(v) => v && change(c.header, { type: v })} allowDeselect={false} disabled={!c.column} />
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            {checked?.check && (
              <Alert color={checked.check.rejectedTotal ? 'orange' : 'teal'} variant="light" title={`${numberFormat.format(checked.check.rowsValid)} of ${rows(checked.check.rowsRead)} can be imported`}>
                {checked.check.rejected.slice(0, 5).map((r) => (
                  <Text key={`${r.row}-${r.column ?? ''}`} size="sm">Line {r.row}{r.column ? ` (${r.column})` : ''}: {r.message}</Text>
                ))}
                {checked.check.rejectedTotal > 5 && <Text size="sm">…and {rows(checked.check.rejectedTotal - 5)} more</Text>}
              </Alert>
            )}
          </>
        )}
        {job && (
          <Stack gap={6}>
            <Text size="sm">{done ? `Imported ${rows(job.rowsWritten)} into ${job.table}.` : failed ? `The import ${job.state}: ${job.error ?? ''}` : `Importing into ${job.table}…`}</Text>
            <Progress value={progress} color={failed ? 'red' : done ? 'teal' : 'blue'} aria-label="Import progress" />
            <Text size="xs" c="dimmed">{rows(job.rowsDone)} of {rows(total)} read, {rows(job.rowsWritten)} written</Text>
          </Stack>
        )}
        {error && <Alert color="red" variant="light" role="alert">{error}</Alert>}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>{job ? 'Close' : 'Cancel'}</Button>
          {!upload && <Button onClick={() => void send()} loading={busy} disabled={!table.trim() || !file}>Upload</Button>}
          {upload && !job && <Button variant="default" onClick={() => void check()} loading={busy && !checked}>Check rows</Button>}
          {upload && !job && <Button onClick={() => void run()} loading={busy} disabled={!checked || checked.check?.rowsValid === 0}>Import {rows(checked?.check?.rowsValid ?? upload.rowsTotal ?? 0)}</Button>}
        </Group>
      </Stack>
    </Modal>
  );
}
