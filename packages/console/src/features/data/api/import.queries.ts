import type { CsvImportResult } from '@basalt/shared';
import type { CsvImportProgress } from '@basalt/sdk';
import { getSdk } from '../../../lib/sdk';

/** Header name → column name, or null to leave that CSV column out. */
export type CsvMapping = Record<string, string | null>;

/** Below this size a dry run is one request, so it also sees unique values repeated across the file. */
export const ONE_REQUEST_BYTES = 5 * 1024 * 1024;
/** Rows per request of a chunked import: each stays well under a second on the server. */
export const ROWS_PER_CHUNK = 1000;

function isResult(value: unknown): value is CsvImportResult {
  return typeof value === 'object' && value !== null && 'rowsRead' in value && 'rejected' in value;
}

/** The import report a refused request carries in its body's details, if it carries one. */
export function resultOfError(error: unknown): CsvImportResult | undefined {
  const body = (error as { body?: { details?: unknown } } | null)?.body;
  return isResult(body?.details) ? body.details : undefined;
}

/** Checks every row and writes nothing: one request for small files, chunks otherwise. */
export async function dryRunCsv(appId: string, table: string, csv: string, mapping: CsvMapping, onProgress: (done: number, total: number) => void): Promise<CsvImportResult> {
  if (new Blob([csv]).size < ONE_REQUEST_BYTES) {
    return getSdk().transfer.startImport(appId, { csv, mapping }, 'csv', { table, dryRun: true });
  }
  return getSdk().transfer.importCsvInChunks(appId, csv, {
    table,
    mapping,
    dryRun: true,
    rowsPerChunk: ROWS_PER_CHUNK,
    onProgress: (p) => onProgress(p.rowsDone, p.rowsTotal),
  });
}

/**
 * Writes the rows. Without `skipInvalid` any rejected row refuses its chunk; chunks answered before
 * stay written, which `onProgress` reports so a failure can say how much went in.
 */
export function importCsv(appId: string, table: string, csv: string, mapping: CsvMapping, skipInvalid: boolean, onProgress: (progress: CsvImportProgress) => void): Promise<CsvImportResult> {
  return getSdk().transfer.importCsvInChunks(appId, csv, { table, mapping, skipInvalid, rowsPerChunk: ROWS_PER_CHUNK, onProgress });
}
