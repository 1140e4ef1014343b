import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const tr = (api: any) => api.transfer;
const started = ok({ exportId: 'export-123', status: 'initiated' });
const importing = ok({ importId: 'import-123', status: 'initiated' });
const firebase = (project: string, extra: object = {}) => ({
  firebaseProjectId: project,
  serviceAccountKey: { type: 'service_account', project_id: project },
  ...extra,
});

describeParity('transfer', [
  [
    'getExportedData',
    (api) => tr(api).getExportedData(A),
    [ok({ exports: [{ id: 'export-1', status: 'completed', createdAt: '2024-01-15T10:00:00Z' }] })],
  ],
  ['getExportedData of no exports', (api) => tr(api).getExportedData(A), [ok({ exports: [], totalCount: 0 })]],
  [
    'getExportedData with details',
    (api) => tr(api).getExportedData(A),
    [ok({ exports: [{ id: 'e', size: 1024, tables: ['users'], files: { count: 3 } }], quota: { used: 1, limit: 10 } })],
  ],
  ['getExportedData refused: unauthorized', (api) => tr(api).getExportedData(A), [fail('Unauthorized', 401)]],
  [
    'getExportedData refused: no app',
    (api) => tr(api).getExportedData('nonexistent-app'),
    [fail('Application not found', 404)],
  ],
  [
    'startExport of a full backup',
    (api) =>
      tr(api).startExport(A, {
        type: 'full-backup',
        options: { includeTables: true, includeFiles: true, includeCloudCode: true, compression: 'gzip' },
        notifications: { email: 'a@b.c' },
      }),
    [started],
  ],
  [
    'startExport of some tables',
    (api) =>
      tr(api).startExport(A, {
        type: 'selective-backup',
        configuration: {
          tables: ['users', 'orders'],
          includeSchema: true,
          includeFiles: false,
          dateRange: { start: '2024-01-01', end: '2024-01-15' },
        },
      }),
    [started],
  ],
  [
    'startExport on a schedule',
    (api) =>
      tr(api).startExport(A, {
        type: 'incremental-backup',
        schedule: { type: 'recurring', frequency: 'weekly', dayOfWeek: 'sunday', time: '02:00', timezone: 'UTC' },
      }),
    [started],
  ],
  [
    'startExport minimal',
    (api) => tr(api).startExport(A, { type: 'data-only' }),
    [ok({ exportId: 'export-simple-101', status: 'initiated' })],
  ],
  [
    'startExport refused: invalid',
    (api) => tr(api).startExport(A, { type: 'invalid-type' }),
    [fail('Export configuration is invalid', 400)],
  ],
  [
    'startExport refused: quota',
    (api) => tr(api).startExport(A, { type: 'full-backup' }),
    [fail('Monthly export quota exceeded', 429)],
  ],
  [
    'startExport refused: running',
    (api) => tr(api).startExport(A, { type: 'full-backup' }),
    [fail('Export already in progress for this application', 409)],
  ],
  [
    'startImport of JSON with a query',
    (api) =>
      tr(api).startImport(
        A,
        {
          sourceFile: 'https://storage.example.com/imports/data.json',
          options: { createTables: true, replaceExisting: false, batchSize: 1000 },
        },
        'json',
        { validate: true, dryRun: false },
      ),
    [importing],
  ],
  [
    'startImport of CSV with a mapping',
    (api) =>
      tr(api).startImport(
        A,
        {
          sourceFile: 'https://storage.example.com/imports/users.csv',
          targetTable: 'users',
          mapping: { 'Full Name': 'name', 'Email Address': 'email' },
          options: { skipHeader: true },
        },
        'csv',
        { preview: false, validateOnly: false },
      ),
    [importing],
  ],
  [
    'startImport of XML',
    (api) =>
      tr(api).startImport(
        A,
        {
          sourceFile: 'https://storage.example.com/imports/products.xml',
          rootElement: 'products',
          itemElement: 'product',
          targetTable: 'products',
          transformation: { 'product/@id': 'product_id' },
        },
        'xml',
        { validate: true },
      ),
    [importing],
  ],
  [
    'startImport without a query',
    (api) => tr(api).startImport(A, { sourceFile: 'https://storage.example.com/imports/simple.json' }, 'json'),
    [ok({ importId: 'import-simple-101', status: 'initiated' })],
  ],
  [
    'startImport refused: format',
    (api) => tr(api).startImport(A, { sourceFile: 'https://example.com/file.pdf' }, 'pdf'),
    [fail('Unsupported file format', 422)],
  ],
  [
    'startImport refused: source',
    (api) => tr(api).startImport(A, { sourceFile: 'https://private.example.com/restricted.json' }, 'json'),
    [fail('Cannot access source file', 400)],
  ],
  [
    'importDataServiceFiles: validation',
    (api) =>
      tr(api).importDataServiceFiles(
        A,
        { fileId: 'uploaded-file-123', configuration: { table: 'customers', mapping: { customer_id: 'id' } } },
        'validation',
      ),
    [importing],
  ],
  [
    'importDataServiceFiles: preview',
    (api) => tr(api).importDataServiceFiles(A, { importId: 'import-step-456', confirmed: true }, 'preview'),
    [importing],
  ],
  [
    'importDataServiceFiles: execute',
    (api) =>
      tr(api).importDataServiceFiles(
        A,
        {
          importId: 'import-step-789',
          execute: true,
          options: { batchSize: 100, continueOnError: true, logLevel: 'info' },
        },
        'execute',
      ),
    [importing],
  ],
  [
    'importDataServiceFiles: complete',
    (api) => tr(api).importDataServiceFiles(A, { importId: 'import-step-complete-101' }, 'complete'),
    [importing],
  ],
  [
    'importDataServiceFiles refused: step',
    (api) => tr(api).importDataServiceFiles(A, { importId: 'test-import' }, 'invalid-step'),
    [fail('Invalid import step', 400)],
  ],
  [
    'importDataServiceFiles refused: session',
    (api) => tr(api).importDataServiceFiles(A, { importId: 'nonexistent-import' }, 'preview'),
    [fail('Import session not found', 404)],
  ],
  [
    'importFirebaseUsers',
    (api) => tr(api).importFirebaseUsers(A, firebase('my-firebase-project', { options: { importPasswords: true } })),
    [importing],
  ],
  [
    'importFirebaseUsers with filters',
    (api) =>
      tr(api).importFirebaseUsers(
        A,
        firebase('enterprise-firebase-project', {
          filters: { onlyVerifiedEmails: true, excludeProviders: ['anonymous', 'guest'] },
        }),
      ),
    [importing],
  ],
  [
    'importFirebaseUsers minimal',
    (api) => tr(api).importFirebaseUsers(A, firebase('simple-project')),
    [ok({ importId: 'firebase-import-simple-789', status: 'initiated' })],
  ],
  [
    'importFirebaseUsers refused: credentials',
    (api) =>
      tr(api).importFirebaseUsers(A, {
        firebaseProjectId: 'test-project',
        serviceAccountKey: { invalid: 'credentials' },
      }),
    [fail('Invalid Firebase service account credentials', 401)],
  ],
  [
    'importFirebaseUsers refused: project',
    (api) =>
      tr(api).importFirebaseUsers(A, {
        firebaseProjectId: 'restricted-project',
        serviceAccountKey: { type: 'service_account' },
      }),
    [fail('Cannot access Firebase project', 403)],
  ],
  [
    'getAirtableBasesList',
    (api) => tr(api).getAirtableBasesList(A, 'patABC123DEF456'),
    [ok({ bases: [{ id: 'appABC123', name: 'CRM' }] })],
  ],
  ['getAirtableBasesList of none', (api) => tr(api).getAirtableBasesList(A, 'patEMPTY123'), [ok({ bases: [] })]],
  [
    'getAirtableBasesList refused',
    (api) => tr(api).getAirtableBasesList(A, 'invalid-token'),
    [fail('Invalid Airtable access token', 401)],
  ],
  [
    'getAirtableTablesList',
    (api) => tr(api).getAirtableTablesList(A, 'patABC123DEF456', 'appABC123'),
    [ok({ tables: [{ id: 'tbl1', name: 'Customers' }] })],
  ],
  [
    'getAirtableTablesList with details',
    (api) => tr(api).getAirtableTablesList(A, 'patComplex789', 'appComplex789'),
    [ok({ tables: [{ id: 'tbl', fields: [{ id: 'fld', type: 'singleLineText' }] }] })],
  ],
  [
    'getAirtableTablesList refused',
    (api) => tr(api).getAirtableTablesList(A, 'patValid123', 'appNonExistent'),
    [fail('Airtable base not found or not accessible', 404)],
  ],
  [
    'startAirtableImport',
    (api) =>
      tr(api).startAirtableImport(A, 'patABC123DEF456', 'appABC123', [
        { airtableTableId: 'tblCustomers123', backendlessTableName: 'customers', fieldMapping: { fldName123: 'name' } },
      ]),
    [importing],
  ],
  [
    'startAirtableImport of several tables',
    (api) =>
      tr(api).startAirtableImport(A, 'patComplex456', 'appComplex456', [
        { airtableTableId: 'a', backendlessTableName: 'x' },
        { airtableTableId: 'b', backendlessTableName: 'y', options: { createRelations: true } },
      ]),
    [importing],
  ],
  [
    'startAirtableImport minimal',
    (api) =>
      tr(api).startAirtableImport(A, 'patSimple789', 'appSimple789', [
        { airtableTableId: 'tblSimple', backendlessTableName: 'simple' },
      ]),
    [ok({ importId: 'airtable-import-simple-789', status: 'initiated' })],
  ],
  [
    'startAirtableImport refused: token',
    (api) => tr(api).startAirtableImport(A, 'patExpired123', 'appTest123', []),
    [fail('Airtable access token is invalid or expired', 401)],
  ],
  [
    'startAirtableImport refused: configuration',
    (api) => tr(api).startAirtableImport(A, 'patValid123', 'appValid123', [{ invalid: 'configuration' }]),
    [fail('Invalid table configuration provided', 422)],
  ],
  [
    'startAirtableImport refused: quota',
    (api) => tr(api).startAirtableImport(A, 'patQuota123', 'appQuota123', []),
    [fail('Import quota exceeded for this billing period', 429)],
  ],
]);
