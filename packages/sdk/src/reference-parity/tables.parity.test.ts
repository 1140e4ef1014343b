import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const r = ok({ foo: 'bar' });
const t = (api: any) => api.tables;
const table = {
  tableId: 'table-123',
  name: 'TestTable',
  columns: [
    { name: 'objectId', dataType: 'STRING_ID' },
    { name: 'name', dataType: 'STRING' },
    { name: 'age', dataType: 'INT' },
  ],
  relations: [{ name: 'relatedTable', toTableId: 'related-table-id', dataType: 'DATA_REF' }],
  geoRelations: [{ name: 'geoRelation', toTableId: 'geo-table-id', dataType: 'GEO_REF' }],
};
const record = { objectId: 'record-123', name: 'Test Record', columnName: 'testColumn', value: 'testValue' };
const column = { name: 'testColumn', dataType: 'STRING', required: false };

describeParity('tables', [
  [
    'get normalises every table',
    (api) => t(api).get(A, { limit: 10, offset: 0 }),
    [
      ok({
        tables: [
          { name: 'Table1', relations: [], geoRelations: [] },
          { name: 'Table2', relations: [], geoRelations: [] },
        ],
      }),
    ],
  ],
  [
    'get tags relations and geo relations',
    (api) => t(api).get(A),
    [ok({ tables: [{ name: 'TestTable', relations: [{ name: 'rel1' }], geoRelations: [{ name: 'geoRel1' }] }] })],
  ],
  ['get refused', (api) => t(api).get(A), [fail()]],
  [
    'create answers the table normalised',
    (api) => t(api).create(A, { name: 'NewTable', columns: [{ name: 'id', dataType: 'STRING' }] }),
    [ok({ ...table, relations: [], geoRelations: [] })],
  ],
  ['create refused', (api) => t(api).create(A, { name: 'ExistingTable' }), [fail('Table already exists')]],
  [
    'update puts the changes at the table name',
    (api) => t(api).update(A, table, { description: 'Updated description' }),
    [ok({ ...table, relations: [], geoRelations: [] })],
  ],
  ['update refused', (api) => t(api).update(A, table, { name: 'NewName' }), [fail('Table not found')]],
  ['remove', (api) => t(api).remove(A, table), [r]],
  ['remove refused', (api) => t(api).remove(A, table), [fail('Cannot delete table')]],
  [
    'loadRecords: the count and the page together',
    (api) => t(api).loadRecords(A, table, { pageSize: 10, offset: 0 }),
    [ok(42), ok([{ objectId: '1', name: 'Record 1' }])],
  ],
  [
    'loadRecords without the count',
    (api) => t(api).loadRecords(A, table, { pageSize: 10 }, true),
    [ok([{ objectId: '1', name: 'Record 1' }])],
  ],
  [
    'loadRecords refused',
    (api) => t(api).loadRecords(A, table, { invalid: true }),
    [fail('Invalid query'), fail('Invalid query')],
  ],
  [
    'exportRecords with every query part',
    (api) =>
      t(api).exportRecords(A, null, table, {
        sqlSearch: 'age > 18',
        where: 'name LIKE "John%"',
        filterString: 'active = true',
        sortBy: ['name', 'created'],
        props: ['name', 'email', 'age'],
      }),
    [r],
  ],
  [
    'exportRecords of a connector table',
    (api) => t(api).exportRecords(A, 'mysql-connector', table, { props: ['name'] }),
    [r],
  ],
  [
    'exportRecords with empty sortBy and props',
    (api) => t(api).exportRecords(A, null, table, { sortBy: null, props: null }),
    [r],
  ],
  ['exportRecords refused', (api) => t(api).exportRecords(A, null, table, {}), [fail('Export failed')]],
  [
    'getRecordsCount with resetCache',
    (api) => t(api).getRecordsCount(A, table, { where: 'active = true' }, true),
    [ok(25)],
  ],
  ['getRecordsCount refused', (api) => t(api).getRecordsCount(A, table, {}), [fail('Count failed')]],
  ['getCount (GET)', (api) => t(api).getCount(A, table, { where: 'status = "active"' }), [ok(15)]],
  ['getCount refused', (api) => t(api).getCount(A, table, {}), [fail('Count failed')]],
  [
    'getRecordsCountForTables',
    (api) => t(api).getRecordsCountForTables(A, ['table1', 'table2'], 'postgres-connector', true),
    [ok({ table1: 10, table2: 25 })],
  ],
  [
    'getRecordsCountForTables refused',
    (api) => t(api).getRecordsCountForTables(A, ['table1']),
    [fail('Tables counters failed')],
  ],
  [
    'getCellData',
    (api) => t(api).getCellData(A, 'TestTable', 'record-123', 'testColumn'),
    [ok({ value: 'cell content' })],
  ],
  ['getCellData refused', (api) => t(api).getCellData(A, 'table', 'record', 'column'), [fail('Cell not found')]],
  ['createRecord', (api) => t(api).createRecord(A, table, { name: 'New Record', age: 25 }), [r]],
  ['createRecord refused', (api) => t(api).createRecord(A, table, { invalid: true }), [fail('Validation failed')]],
  [
    'bulkCreateRecords',
    (api) =>
      t(api).bulkCreateRecords(A, 'TestTable', [
        { name: 'Record 1', age: 25 },
        { name: 'Record 2', age: 30 },
      ]),
    [r],
  ],
  ['bulkCreateRecords refused', (api) => t(api).bulkCreateRecords(A, 'table', [{}]), [fail('Bulk create failed')]],
  [
    'bulkUpsertRecords',
    (api) =>
      t(api).bulkUpsertRecords(A, 'TestTable', [
        { objectId: 'existing-1', name: 'Updated Record 1' },
        { name: 'New Record 2' },
      ]),
    [r],
  ],
  ['bulkUpsertRecords refused', (api) => t(api).bulkUpsertRecords(A, 'table', [{}]), [fail('Bulk upsert failed')]],
  ['updateRecord', (api) => t(api).updateRecord(A, table, record), [r]],
  ['updateRecord refused', (api) => t(api).updateRecord(A, table, record), [fail('Record not found')]],
  [
    'updateImageTypeRecord sends the value',
    (api) =>
      t(api).updateImageTypeRecord(A, table, {
        objectId: 'record-123',
        columnName: 'profileImage',
        value: 'base64-image-data',
      }),
    [r],
  ],
  [
    'updateImageTypeRecord refused',
    (api) => t(api).updateImageTypeRecord(A, table, { objectId: '1', columnName: 'image', value: 'data' }),
    [fail('Image update failed')],
  ],
  ['deleteRecords by ids', (api) => t(api).deleteRecords(A, table, ['record-1', 'record-2']), [r]],
  ['deleteRecords of every record', (api) => t(api).deleteRecords(A, table, null), [r]],
  ['deleteRecords refused', (api) => t(api).deleteRecords(A, table, ['id1']), [fail('Delete failed')]],
  ['deleteImageTypeRecord', (api) => t(api).deleteImageTypeRecord(A, 'TestTable', 'profileImage', 'record-123'), [r]],
  [
    'deleteImageTypeRecord refused',
    (api) => t(api).deleteImageTypeRecord(A, 'table', 'column', 'record'),
    [fail('Image delete failed')],
  ],
  ['updateRelations', (api) => t(api).updateRelations(A, table, 'relatedTable', 'record-123', ['rel-1', 'rel-2']), [r]],
  [
    'updateRelations refused',
    (api) => t(api).updateRelations(A, table, 'relatedTable', 'record', []),
    [fail('Relation update failed')],
  ],
  ['removeRelations', (api) => t(api).removeRelations(A, table, 'relatedTable', 'record-123', ['rel-1', 'rel-2']), [r]],
  [
    'removeRelations refused',
    (api) => t(api).removeRelations(A, table, 'relatedTable', 'record', []),
    [fail('Remove relations failed')],
  ],
  [
    'createColumn adds the dataType sent',
    (api) => t(api).createColumn(A, table, column),
    [ok({ columnId: 'col-123' })],
  ],
  [
    'createColumn of a relation',
    (api) => t(api).createColumn(A, table, { ...column, dataType: 'DATA_REF' }),
    [ok({ columnId: 'rel-col-123' })],
  ],
  [
    'createColumn of a geo relation',
    (api) => t(api).createColumn(A, table, { ...column, dataType: 'GEO_REF' }),
    [ok({ columnId: 'geo-col-123' })],
  ],
  ['createColumn refused', (api) => t(api).createColumn(A, table, column), [fail('Column creation failed')]],
  ['deleteColumn', (api) => t(api).deleteColumn(A, table, column), [r]],
  ['deleteColumn of a relation', (api) => t(api).deleteColumn(A, table, { ...column, dataType: 'DATA_REF' }), [r]],
  ['deleteColumn of a geo relation', (api) => t(api).deleteColumn(A, table, { ...column, dataType: 'GEO_REF' }), [r]],
  ['deleteColumn refused', (api) => t(api).deleteColumn(A, table, column), [fail('Column deletion failed')]],
  [
    'updateColumn',
    (api) => t(api).updateColumn(A, table, column, { ...column, required: true }),
    [ok({ columnId: 'col-123' })],
  ],
  [
    'updateColumn of a relation',
    (api) =>
      t(api).updateColumn(
        A,
        table,
        { ...column, dataType: 'DATA_REF' },
        { ...column, dataType: 'DATA_REF', required: true },
      ),
    [ok({ columnId: 'rel-col-123', dataType: 'DATA_REF' })],
  ],
  [
    'updateColumn keeps the dataType the server leaves out',
    (api) => t(api).updateColumn(A, table, column, column),
    [ok({ columnId: 'col-123' })],
  ],
  ['updateColumn refused', (api) => t(api).updateColumn(A, table, column, column), [fail('Column update failed')]],
  ['loadConfigs', (api) => t(api).loadConfigs(A), [ok({ setting1: 'value1', setting2: true })]],
  ['loadConfigs refused', (api) => t(api).loadConfigs(A), [fail('Config load failed')]],
  ['setConfigs', (api) => t(api).setConfigs(A, { setting1: 'newValue', setting2: false }), [r]],
  ['setConfigs refused', (api) => t(api).setConfigs(A, { invalid: 'config' }), [fail('Config update failed')]],
  [
    'loadAssignedUserRoles joins the user ids',
    (api) => t(api).loadAssignedUserRoles(A, ['user1', 'user2', 'user3']),
    [ok({ user1: ['admin'], user2: ['user'] })],
  ],
  [
    'loadAssignedUserRoles refused',
    (api) => t(api).loadAssignedUserRoles(A, ['user1']),
    [fail('User roles load failed')],
  ],
  ['updateAssignedUserRoles', (api) => t(api).updateAssignedUserRoles(A, ['admin', 'user'], ['user1', 'user2']), [r]],
  [
    'updateAssignedUserRoles refused',
    (api) => t(api).updateAssignedUserRoles(A, [], []),
    [fail('User roles update failed')],
  ],
  [
    'loadTableOwnerPolicyDelayCheck',
    (api) => t(api).loadTableOwnerPolicyDelayCheck(A, 'TestTable'),
    [ok({ enabled: true, delay: 5000 })],
  ],
  [
    'loadTableOwnerPolicyDelayCheck refused',
    (api) => t(api).loadTableOwnerPolicyDelayCheck(A, 'table'),
    [fail('Policy delay check load failed')],
  ],
  [
    'changeTableOwnerPolicyDelayCheck',
    (api) => t(api).changeTableOwnerPolicyDelayCheck(A, 'TestTable', { enabled: false, delay: 3000 }),
    [r],
  ],
  [
    'changeTableOwnerPolicyDelayCheck refused',
    (api) => t(api).changeTableOwnerPolicyDelayCheck(A, 'table', { enabled: true }),
    [fail('Policy delay check change failed')],
  ],
]);
