import { Alert, Stack } from '@mantine/core';
import type { CsvImportResult } from '@basalt/shared';
import { errorInfo } from '../../../../lib/errors';
import { numberFormat } from '../../data-format';
import { ImportRejectedRows } from './ImportRejectedRows';

export interface ImportOutcome {
  result?: CsvImportResult;
  error?: unknown;
  /** Rows written by the chunks answered before a failure. */
  writtenBefore: number;
}

const rows = (n: number) => `${numberFormat.format(n)} row${n === 1 ? '' : 's'}`;

interface Props {
  outcome: ImportOutcome;
  tableName: string;
  onDownload: (result: CsvImportResult) => void;
}

/** The end of an import: what was written (never "done" when nothing was), and the rejected rows. */
export function ImportSummary({ outcome, tableName, onDownload }: Props) {
  const { result, error, writtenBefore } = outcome;
  const written = error ? writtenBefore : (result?.rowsWritten ?? 0);
  return (
    <Stack gap="sm" data-testid="import-summary">
      {error ? (
        <Alert color="red" variant="light" role="alert" title={written ? `The import stopped after ${rows(written)}` : 'Nothing was written'}>
          {errorInfo(error).message}
          {written ? ` The ${rows(written)} before the failure stay in ${tableName}.` : ''}
        </Alert>
      ) : written > 0 ? (
        <Alert color="teal" variant="light" title={`Imported ${rows(written)} into ${tableName}`}>
          {result?.rejectedTotal ? `${rows(result.rejectedTotal)} rejected and left out.` : 'Every row of the file was written.'}
        </Alert>
      ) : (
        <Alert color="orange" variant="light" role="alert" title="Nothing was written">
          The server accepted no row of this file.
        </Alert>
      )}
      {result && <ImportRejectedRows result={result} verb="were rejected" onDownload={() => onDownload(result)} />}
    </Stack>
  );
}
