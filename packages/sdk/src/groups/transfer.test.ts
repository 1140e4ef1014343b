import { describe, expect, it } from 'vitest';
import { recordingClient } from '../test-support/fake-fetch.test-helpers.js';
import { H, KEY, bare, describeShapes, get, json } from './shape-cases.test-helpers.js';
import { splitCsv } from './csv-chunks.js';

const A = `${H}/A/console`;
const report = (over: Record<string, unknown> = {}) => ({
  table: 'T',
  dryRun: false,
  rowsRead: 2,
  rowsValid: 2,
  rowsWritten: 2,
  rejected: [],
  rejectedTotal: 0,
  ignoredColumns: [],
  createdColumns: [],
  ...over,
});

describeShapes('transfer', [
  ['getExportedData', (c) => c.transfer.getExportedData('A'), get(`${A}/export`)],
  ['downloadExport', (c) => c.transfer.downloadExport('A', 'P 1'), get(`${A}/export/P%201/download`)],
  [
    'startExport',
    (c) => c.transfer.startExport('A', { tables: ['T'] }),
    json('POST', `${A}/export`, { tables: ['T'] }),
  ],
  [
    'startImport',
    (c) =>
      c.transfer.startImport('A', { csv: 'a\n1\n', mapping: { a: 'b', c: null } }, 'csv', { table: 'T', dryRun: true }),
    json('POST', `${A}/import/csv?table=T&dryRun=true`, { csv: 'a\n1\n', mapping: { a: 'b', c: null } }),
  ],
  [
    'startImport(raw text)',
    (c) => c.transfer.startImport('A', 'a,b\n1,2\n', 'csv', { table: 'My T', skipInvalid: true, firstLine: 4002 }),
    {
      url: `${A}/import/csv?table=My%20T&skipInvalid=true&firstLine=4002`,
      method: 'POST',
      headers: { ...KEY, 'Content-Type': 'text/csv; charset=utf-8' },
      body: 'a,b\n1,2\n',
    },
  ],
  [
    'startImport(other kind)',
    (c) => c.transfer.startImport('A', { file: 'x' }, 'zip', {}),
    json('POST', `${A}/import/zip`, { file: 'x' }),
  ],
  [
    'importDataServiceFiles',
    (c) => c.transfer.importDataServiceFiles('A', { a: 1 }, 2),
    json('POST', `${A}/import/data/2`, { a: 1 }),
  ],
  [
    'importFirebaseUsers',
    (c) => c.transfer.importFirebaseUsers('A', { users: [], hashConfig: 'hash_config {}' }),
    json('POST', `${A}/import/firebase/users`, { users: [], hashConfig: 'hash_config {}' }),
  ],
  [
    'getAirtableBasesList',
    (c) => c.transfer.getAirtableBasesList('A', 'tok en'),
    get(`${A}/airtable/bases/?accessToken=tok%20en`),
  ],
  [
    'getAirtableTablesList',
    (c) => c.transfer.getAirtableTablesList('A', 'tok', 'app/1'),
    get(`${A}/airtable/bases/app%2F1?accessToken=tok`),
  ],
  [
    'startAirtableImport',
    (c) => c.transfer.startAirtableImport('A', 'tok', 'b1', ['t1']),
    json('POST', `${A}/airtable`, { accessToken: 'tok', baseId: 'b1', tables: ['t1'] }),
  ],
  ['listTransferJobs', (c) => c.transfer.listTransferJobs('A'), get(`${A}/transfer/jobs`)],
  ['getTransferJob', (c) => c.transfer.getTransferJob('A', 'j/1'), get(`${A}/transfer/jobs/j%2F1`)],
  [
    'importCsvInChunks',
    (c) => c.transfer.importCsvInChunks('A', 'x,y\n1,2\n3,4\n5,6\n', { table: 'T', rowsPerChunk: 2, dryRun: true }),
    [
      json('POST', `${A}/import/csv?table=T&dryRun=true&firstLine=2`, { csv: 'x,y\n1,2\n3,4\n' }),
      json('POST', `${A}/import/csv?table=T&dryRun=true&firstLine=4`, { csv: 'x,y\n5,6\n' }),
    ],
    [{ body: report() }, { body: report({ rowsRead: 1, rowsValid: 1, rowsWritten: 1 }) }],
  ],
  [
    'uploadCsvImportFile',
    (c) => c.transfer.uploadCsvImportFile('A', 'My T', 'a,b\n1,2\n', 'my file.csv'),
    {
      url: `${A}/import/csv/jobs?table=My%20T&fileName=my%20file.csv`,
      method: 'POST',
      headers: { ...KEY, 'Content-Type': 'application/octet-stream' },
      body: 'a,b\n1,2\n',
    },
  ],
  ['listCsvImportJobs', (c) => c.transfer.listCsvImportJobs('A', { table: 'T' }), get(`${A}/import/csv/jobs?table=T`)],
  ['getCsvImportJob', (c) => c.transfer.getCsvImportJob('A', 'j/1'), get(`${A}/import/csv/jobs/j%2F1`)],
  [
    'dryRunCsvImportJob',
    (c) => c.transfer.dryRunCsvImportJob('A', 'j1', { mapping: { a: 'b' }, delimiter: ';' }),
    json('POST', `${A}/import/csv/jobs/j1/dry-run`, { mapping: { a: 'b' }, delimiter: ';' }),
  ],
  [
    'startCsvImportJob',
    (c) => c.transfer.startCsvImportJob('A', 'j1', { skipInvalid: true }),
    json('POST', `${A}/import/csv/jobs/j1/start`, { skipInvalid: true }),
  ],
  [
    'resumeCsvImportJob',
    (c) => c.transfer.resumeCsvImportJob('A', 'j1'),
    bare('POST', `${A}/import/csv/jobs/j1/resume`),
  ],
  [
    'rollBackCsvImportJob',
    (c) => c.transfer.rollBackCsvImportJob('A', 'j1'),
    bare('POST', `${A}/import/csv/jobs/j1/rollback`),
  ],
  ['startExport(no data)', (c) => c.transfer.startExport('A'), bare('POST', `${A}/export`)],
]);

describe('transfer group: chunked CSV import', () => {
  it('adds up the answers of the chunks and reports progress after each', async () => {
    const { client, reply } = recordingClient();
    reply({
      body: report({
        rejected: [{ row: 3, message: 'bad' }],
        rejectedTotal: 1,
        rowsValid: 1,
        rowsWritten: 1,
        ignoredColumns: ['z'],
      }),
    });
    reply({ body: report({ rowsRead: 1, rowsValid: 1, rowsWritten: 1, rejected: [], createdColumns: ['n'] }) });
    const progress: Array<[number, number, number, number]> = [];
    const result = await client.transfer.importCsvInChunks('A', 'h\n1\n2\n3\n', {
      table: 'T',
      rowsPerChunk: 2,
      skipInvalid: true,
      onProgress: (p) => progress.push([p.chunk, p.chunks, p.rowsDone, p.rowsTotal]),
    });
    expect(progress).toEqual([
      [1, 2, 2, 3],
      [2, 2, 3, 3],
    ]);
    expect(result).toEqual(
      report({
        rowsRead: 3,
        rowsValid: 2,
        rowsWritten: 2,
        rejected: [{ row: 3, message: 'bad' }],
        rejectedTotal: 1,
        ignoredColumns: ['z'],
        createdColumns: ['n'],
      }),
    );
  });

  it('stops at a refused chunk with the server error', async () => {
    const { client, reply, calls } = recordingClient();
    reply({
      status: 400,
      body: {
        code: 'VALIDATION',
        message: '1 of 2 rows are not valid; nothing was imported',
        details: report({ rowsWritten: 0 }),
      },
    });
    await expect(
      client.transfer.importCsvInChunks('A', 'h\n1\n2\n3\n', { table: 'T', rowsPerChunk: 2 }),
    ).rejects.toMatchObject({
      status: 400,
      message: '1 of 2 rows are not valid; nothing was imported',
      body: { details: { rowsWritten: 0 } },
    });
    expect(calls).toHaveLength(1);
  });
});

describe('splitCsv', () => {
  it('keeps quoted line breaks inside a row and repeats the header in every chunk', () => {
    const text = '\ufeffname,note\r\n"a","x\r\ny"\r\nb,"q ""z"""\r\n\r\nc,3';
    expect(splitCsv(text, { rowsPerChunk: 1 })).toEqual([
      { text: '\ufeffname,note\r\n"a","x\r\ny"\r\n', firstLine: 2, rows: 1 },
      { text: '\ufeffname,note\r\nb,"q ""z"""\r\n', firstLine: 4, rows: 1 },
      { text: '\ufeffname,note\r\nc,3\r\n', firstLine: 6, rows: 1 },
    ]);
  });

  it('keeps blank lines inside a chunk so line numbers stay those of the file', () => {
    expect(splitCsv('h\n1\n\n2\n3\n', { rowsPerChunk: 2 })).toEqual([
      { text: 'h\n1\n\n2\n', firstLine: 2, rows: 2 },
      { text: 'h\n3\n', firstLine: 5, rows: 1 },
    ]);
  });

  it('closes a chunk early when it grows past maxChars, works without a header, and finds nothing in a header-only text', () => {
    expect(splitCsv('h\naaaa\nbbbb\ncccc\n', { maxChars: 12 }).map((c) => c.rows)).toEqual([2, 1]);
    expect(splitCsv('1\n2\n3', { hasHeader: false, rowsPerChunk: 2 })).toEqual([
      { text: '1\n2\n', firstLine: 1, rows: 2 },
      { text: '3\r\n', firstLine: 3, rows: 1 },
    ]);
    expect(splitCsv('h\n')).toEqual([]);
    expect(splitCsv('')).toEqual([]);
  });
});
