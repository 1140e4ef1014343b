import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const r = ok({ foo: 'bar' });
const v = (api: any) => api.dataViews;
const users = { name: 'Users', viewId: 'view-123' };
const orders = { name: 'Orders', viewId: 'view-789' };
const columns = [{ name: 'objectId', dataType: 'STRING' }];

describeParity('dataViews', [
  ['getViews', (api) => v(api).getViews(A), [r]],
  ['getViews refused: unauthorized', (api) => v(api).getViews(A), [fail('Unauthorized', 401)]],
  ['getViews refused: unavailable', (api) => v(api).getViews(A), [fail('Service unavailable', 503)]],
  ['getViewRecords', (api) => v(api).getViewRecords(A, 'active-users-view'), [r]],
  ['getViewRecords with digits in the name', (api) => v(api).getViewRecords(A, 'sales-report-2024'), [r]],
  [
    'getViewRecords refused: not found',
    (api) => v(api).getViewRecords(A, 'nonexistent-view'),
    [fail('View not found', 404)],
  ],
  [
    'getViewRecords refused: forbidden',
    (api) => v(api).getViewRecords(A, 'restricted-view'),
    [fail('Access denied to view', 403)],
  ],
  [
    'createView sends the view',
    (api) =>
      v(api).createView(A, {
        name: 'Active Users View',
        tableName: 'Users',
        whereClause: 'status = "active"',
        columns: ['objectId', 'name'],
        orderBy: 'created DESC',
      }),
    [r],
  ],
  [
    'createView with name and table only',
    (api) => v(api).createView(A, { name: 'Simple View', tableName: 'Products' }),
    [r],
  ],
  [
    'createView with joins and grouping',
    (api) =>
      v(api).createView(A, {
        name: 'User Orders Summary',
        tableName: 'Orders',
        whereClause: 'status != "cancelled"',
        columns: ['user.name', 'COUNT(*) as orderCount'],
        joins: [{ table: 'Users', on: 'Orders.userId = Users.objectId', alias: 'user' }],
        groupBy: 'user.objectId',
        having: 'COUNT(*) > 1',
        orderBy: 'orderCount DESC',
      }),
    [r],
  ],
  [
    'createView refused: no name',
    (api) => v(api).createView(A, { tableName: 'Users' }),
    [fail('View name is required', 400)],
  ],
  [
    'createView refused: name taken',
    (api) => v(api).createView(A, { name: 'Existing View', tableName: 'Users' }),
    [fail('View name already exists', 409)],
  ],
  [
    'updateView puts the view at its id',
    (api) =>
      v(api).updateView(A, {
        viewId: 'view-123',
        name: 'Updated',
        tableName: 'Users',
        whereClause: 'status = "active" AND verified = true',
        columns: ['objectId'],
        orderBy: 'lastLogin DESC',
      }),
    [r],
  ],
  [
    'updateView with some fields',
    (api) => v(api).updateView(A, { viewId: 'view-456', whereClause: 'status = "premium"' }),
    [r],
  ],
  [
    'updateView with a UUID id',
    (api) => v(api).updateView(A, { viewId: 'f47ac10b-58cc-4372-a567-0e02b2c3d479', name: 'Updated View Name' }),
    [r],
  ],
  [
    'updateView refused: not found',
    (api) => v(api).updateView(A, { viewId: 'nonexistent-view', name: 'Updated Name' }),
    [fail('View not found', 404)],
  ],
  [
    'updateView refused: invalid where',
    (api) => v(api).updateView(A, { viewId: 'view-123', whereClause: 'invalid syntax here' }),
    [fail('Invalid WHERE clause syntax', 422)],
  ],
  ['renameView', (api) => v(api).renameView(A, 'view-789', 'Renamed View'), [r]],
  [
    'renameView with spaces and symbols',
    (api) => v(api).renameView(A, 'view-complex-123', 'Complex View Name with Spaces & Symbols'),
    [r],
  ],
  [
    'renameView refused: not found',
    (api) => v(api).renameView(A, 'nonexistent-view', 'New Name'),
    [fail('View not found', 404)],
  ],
  [
    'renameView refused: name taken',
    (api) => v(api).renameView(A, 'view-123', 'Existing View Name'),
    [fail('View name already exists', 409)],
  ],
  ['deleteView', (api) => v(api).deleteView(A, 'view-to-delete-123'), [r]],
  ['deleteView with a UUID id', (api) => v(api).deleteView(A, 'f47ac10b-58cc-4372-a567-0e02b2c3d479'), [r]],
  ['deleteView refused: not found', (api) => v(api).deleteView(A, 'nonexistent-view'), [fail('View not found', 404)]],
  [
    'deleteView refused: forbidden',
    (api) => v(api).deleteView(A, 'system-view-123'),
    [fail('Cannot delete system view', 403)],
  ],
  [
    'loadRecords with paging and a where',
    (api) => v(api).loadRecords(A, users, { pageSize: 50, offset: 0, where: 'status = "active"' }),
    [r],
  ],
  ['loadRecords without a query', (api) => v(api).loadRecords(A, users), [r]],
  [
    'loadRecords with an empty query',
    (api) => v(api).loadRecords(A, { name: 'Products', viewId: 'view-456' }, {}),
    [r],
  ],
  [
    'loadRecords with sorting and relations',
    (api) =>
      v(api).loadRecords(A, orders, {
        pageSize: 25,
        offset: 100,
        where: 'total > 100',
        sortBy: 'created DESC',
        loadRelations: ['customer', 'items'],
      }),
    [r],
  ],
  [
    'loadRecords refused',
    (api) => v(api).loadRecords(A, users, { where: 'invalid syntax here' }),
    [fail('Invalid query syntax', 400)],
  ],
  [
    'getRecordsCount posts the query to …/count',
    (api) => v(api).getRecordsCount(A, users, { where: 'status = "active"' }),
    [r],
  ],
  ['getRecordsCount without a query', (api) => v(api).getRecordsCount(A, users), [r]],
  [
    'getRecordsCount with resetCache',
    (api) => v(api).getRecordsCount(A, { name: 'Products', viewId: 'view-456' }, { where: 'price > 50' }, true),
    [r],
  ],
  ['getRecordsCount with an empty query', (api) => v(api).getRecordsCount(A, orders, {}), [r]],
  [
    'getRecordsCount refused',
    (api) => v(api).getRecordsCount(A, users, { where: 'invalid condition' }),
    [fail('Invalid WHERE clause', 400)],
  ],
  [
    'getRecordsCounts of several views',
    (api) =>
      v(api).getRecordsCounts(A, [
        users,
        { name: 'Orders', viewId: 'view-456' },
        { name: 'Products', viewId: 'view-789' },
      ]),
    [r],
  ],
  [
    'getRecordsCounts with resetCache',
    (api) => v(api).getRecordsCounts(A, [users, { name: 'Products', viewId: 'view-456' }], true),
    [r],
  ],
  ['getRecordsCounts of no views', (api) => v(api).getRecordsCounts(A, []), [r]],
  [
    'loadGroupRecords',
    (api) =>
      v(api).loadGroupRecords(
        A,
        { name: 'Orders', viewId: 'view-123' },
        { groupBy: 'status', aggregation: 'COUNT(*)', orderBy: 'count DESC' },
      ),
    [r],
  ],
  [
    'loadGroupRecords without a query',
    (api) => v(api).loadGroupRecords(A, { name: 'Orders', viewId: 'view-123' }),
    [r],
  ],
  [
    'loadGroupRecords by several fields',
    (api) =>
      v(api).loadGroupRecords(
        A,
        { name: 'Sales', viewId: 'view-456' },
        {
          groupBy: 'region, category',
          aggregation: 'SUM(amount)',
          having: 'COUNT(*) > 10',
          where: 'date > "2024-01-01"',
          orderBy: 'SUM(amount) DESC',
        },
      ),
    [r],
  ],
  [
    'loadGroupRecords with an empty query',
    (api) => v(api).loadGroupRecords(A, { name: 'Users', viewId: 'view-789' }, {}),
    [r],
  ],
  [
    'getGroupRecordsCount',
    (api) =>
      v(api).getGroupRecordsCount(
        A,
        { name: 'Orders', viewId: 'view-123' },
        { groupBy: 'status', where: 'created > "2024-01-01"' },
      ),
    [r],
  ],
  [
    'getGroupRecordsCount without a query',
    (api) => v(api).getGroupRecordsCount(A, { name: 'Orders', viewId: 'view-123' }),
    [r],
  ],
  [
    'getGroupRecordsCount with having',
    (api) =>
      v(api).getGroupRecordsCount(
        A,
        { name: 'Sales', viewId: 'view-456' },
        { groupBy: 'region', having: 'SUM(amount) > 1000', where: 'status = "completed"' },
      ),
    [r],
  ],
  [
    'getGroupRecordsCount with an empty query',
    (api) => v(api).getGroupRecordsCount(A, { name: 'Products', viewId: 'view-789' }, {}),
    [r],
  ],
  [
    'loadSampleRecords',
    (api) => v(api).loadSampleRecords(A, { name: 'Users', columns }, { pageSize: 10, where: 'created > "2024-01-01"' }),
    [r],
  ],
  [
    'loadSampleRecords of a table name with spaces',
    (api) => v(api).loadSampleRecords(A, { name: 'User Profile Data', columns }, { pageSize: 5 }),
    [r],
  ],
  ['loadSampleRecords without a query', (api) => v(api).loadSampleRecords(A, { name: 'Products', columns }), [r]],
  [
    'loadSampleRecords with relations and properties',
    (api) =>
      v(api).loadSampleRecords(
        A,
        { name: 'Orders', columns },
        {
          pageSize: 15,
          where: 'total > 50',
          sortBy: 'created DESC',
          loadRelations: ['customer', 'items.product'],
          properties: ['objectId', 'total'],
        },
      ),
    [r],
  ],
  [
    'loadSampleRecords refused: no table',
    (api) => v(api).loadSampleRecords(A, { name: 'NonexistentTable', columns }, { pageSize: 10 }),
    [fail('Table not found', 404)],
  ],
  [
    'loadSampleRecords refused: invalid query',
    (api) => v(api).loadSampleRecords(A, { name: 'Users', columns }, { where: 'invalid syntax' }),
    [fail('Invalid sample query', 400)],
  ],
]);
