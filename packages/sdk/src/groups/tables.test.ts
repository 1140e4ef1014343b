import { describe, expect, it } from 'vitest';
import { recordingClient } from '../test-support/fake-fetch.test-helpers.js';
import { H, KEY, bare, describeShapes, get, json } from './shape-cases.test-helpers.js';

const D = `${H}/A/console/data`;
const table = {
  name: 'Person',
  tableId: 'T1',
  columns: [{ name: 'name', dataType: 'STRING' }],
  relations: [{ name: 'city', toTableId: 'T2' }],
  geoRelations: [{ name: 'spot', toTableId: 'G1' }],
};
const search = "`name` like '%ann%'";

describeShapes('tables', [
  ['get', (c) => c.tables.get('A', { forceRefresh: true }), get(`${D}/tables?forceRefresh=true`)],
  ['create', (c) => c.tables.create('A', { name: 'Person' }), json('POST', `${D}/tables`, { name: 'Person' })],
  [
    'update',
    (c) => c.tables.update('A', table, { name: 'People' }),
    json('PUT', `${D}/tables/Person`, { name: 'People' }),
  ],
  ['remove', (c) => c.tables.remove('A', table), bare('DELETE', `${D}/tables/Person`)],
  [
    'remove(cascade)',
    (c) => c.tables.remove('A', table, { cascade: true }),
    bare('DELETE', `${D}/tables/Person?cascade=true`),
  ],
  [
    'loadRecords',
    (c) => c.tables.loadRecords('A', table, { where: 'ann', sortField: 'name', sortDir: 'asc', pageSize: 10 }),
    [
      json('POST', `${D}/Person/count`, { where: search }),
      json('POST', `${D}/Person/find`, { pageSize: 10, offset: 0, where: search, sortBy: 'name asc' }),
    ],
  ],
  [
    'loadRecords(ignoreCounter)',
    (c) => c.tables.loadRecords('A', table, {}, true),
    json('POST', `${D}/Person/find`, { pageSize: 15, offset: 0 }),
  ],
  [
    'exportRecords',
    (c) => c.tables.exportRecords('A', null, table, { where: 'ann', sortBy: ['name', 'age'] }),
    json('POST', `${D}/Person/csv`, { sortBy: 'name,age', where: search }),
  ],
  ['exportRecords(connector)', (c) => c.tables.exportRecords('A', 'pg', table), json('POST', `${D}/pg.Person/csv`, {})],
  [
    'getRecordsCount',
    (c) => c.tables.getRecordsCount('A', table, { where: 'ann', offset: 15 }),
    json('POST', `${D}/Person/count`, { where: search }),
  ],
  ['getCount', (c) => c.tables.getCount('A', table, { where: 'ann' }), get(`${D}/Person/count`)],
  [
    'getRecordsCountForTables',
    (c) => c.tables.getRecordsCountForTables('A', ['Person', 'City'], null, true),
    json('POST', `${D}/tables-counters`, { tables: ['Person', 'City'], connectorId: null, resetCache: true }),
  ],
  ['getCellData', (c) => c.tables.getCellData('A', 'Person', 'R1', 'bio'), get(`${D}/Person/R1/bio/retrieve-value`)],
  [
    'createRecord',
    (c) => c.tables.createRecord('A', table, { name: 'Ann' }),
    json('POST', `${D}/Person`, { name: 'Ann' }),
  ],
  [
    'bulkCreateRecords',
    (c) => c.tables.bulkCreateRecords('A', 'Person', [{ name: 'a' }, { name: 'b' }]),
    json('POST', `${D}/bulk/Person`, [{ name: 'a' }, { name: 'b' }]),
  ],
  [
    'bulkUpsertRecords',
    (c) => c.tables.bulkUpsertRecords('A', 'Person', [{ objectId: 'R1', name: 'a' }]),
    json('PUT', `${D}/bulkupsert/Person`, [{ objectId: 'R1', name: 'a' }]),
  ],
  [
    'updateRecord',
    (c) => c.tables.updateRecord('A', table, { objectId: 'R1', name: 'Bo' }),
    json('PUT', `${D}/Person/R1`, { objectId: 'R1', name: 'Bo' }),
  ],
  [
    'updateImageTypeRecord',
    (c) => c.tables.updateImageTypeRecord('A', table, { columnName: 'photo', objectId: 'R1', value: 'img/a.png' }),
    { url: `${D}/Person/file/photo/R1`, method: 'PUT', headers: KEY, body: 'img/a.png' },
  ],
  [
    'deleteRecords',
    (c) => c.tables.deleteRecords('A', table, ['R1', 'R2']),
    json('DELETE', `${D}/tables/Person/records`, [{ objectId: 'R1' }, { objectId: 'R2' }]),
  ],
  ['deleteRecords(all)', (c) => c.tables.deleteRecords('A', table), bare('DELETE', `${D}/tables/Person/all`)],
  [
    'deleteImageTypeRecord',
    (c) => c.tables.deleteImageTypeRecord('A', 'Person', 'photo', 'R1'),
    bare('DELETE', `${D}/Person/file/photo/R1`),
  ],
  [
    'updateRelations',
    (c) => c.tables.updateRelations('A', table, 'city', 'R1', ['C1']),
    json('PUT', `${D}/Person/R1/city`, ['C1']),
  ],
  [
    'removeRelations',
    (c) => c.tables.removeRelations('A', table, 'spot', 'R1', ['G9']),
    json('DELETE', `${D}/Person/R1/spot/relations`, ['G9']),
  ],
  [
    'createColumn',
    (c) => c.tables.createColumn('A', table, { name: 'age', dataType: 'INT' }),
    json('POST', `${D}/tables/Person/columns`, { name: 'age', dataType: 'INT' }),
  ],
  [
    'createColumn(relation)',
    (c) =>
      c.tables.createColumn('A', table, {
        name: 'city',
        dataType: 'DATA_REF',
        toTableName: 'City',
        relationshipType: 'ONE_TO_ONE',
      }),
    json('POST', `${D}/tables/Person/columns/relation`, {
      name: 'city',
      dataType: 'DATA_REF',
      toTableName: 'City',
      relationshipType: 'ONE_TO_ONE',
    }),
  ],
  [
    'createColumn(geo)',
    (c) => c.tables.createColumn('A', table, { name: 'spot', dataType: 'GEO_REF' }),
    json('POST', `${D}/tables/Person/columns/georelation`, { name: 'spot', dataType: 'GEO_REF' }),
  ],
  [
    'deleteColumn',
    (c) => c.tables.deleteColumn('A', table, { name: 'age', dataType: 'INT' }),
    bare('DELETE', `${D}/tables/Person/columns/age`),
  ],
  [
    'deleteColumn(relation)',
    (c) => c.tables.deleteColumn('A', table, { name: 'spot', dataType: 'GEO_REF' }),
    bare('DELETE', `${D}/tables/Person/columns/relation/spot`),
  ],
  [
    'updateColumn',
    (c) => c.tables.updateColumn('A', table, { name: 'age', dataType: 'INT' }, { name: 'years', dataType: 'INT' }),
    json('PUT', `${D}/tables/Person/columns/age`, { name: 'years', dataType: 'INT' }),
  ],
  [
    'updateColumn(relation)',
    (c) =>
      c.tables.updateColumn('A', table, { name: 'city', dataType: 'DATA_REF' }, { name: 'town', prevName: 'city' }),
    json('PUT', `${D}/tables/Person/columns/relation`, { name: 'town', prevName: 'city' }),
  ],
  [
    'updateColumn(geo)',
    (c) => c.tables.updateColumn('A', table, { name: 'spot', dataType: 'GEO_REF' }, { name: 'place' }),
    json('PUT', `${D}/tables/Person/columns/georelation`, { name: 'place' }),
  ],
  ['loadConfigs', (c) => c.tables.loadConfigs('A'), get(`${D}/config`)],
  [
    'setConfigs',
    (c) => c.tables.setConfigs('A', { dynamicSchema: false }),
    json('PUT', `${D}/config`, { dynamicSchema: false }),
  ],
  [
    'loadAssignedUserRoles',
    (c) => c.tables.loadAssignedUserRoles('A', ['U1', 'U2']),
    get(`${H}/A/console/security/assignedroles?users=U1%2CU2`),
  ],
  [
    'updateAssignedUserRoles',
    (c) => c.tables.updateAssignedUserRoles('A', [{ roleId: 'R' }], ['U1']),
    json('PUT', `${H}/A/console/security/assignedroles`, { roles: [{ roleId: 'R' }], users: ['U1'] }),
  ],
  [
    'loadTableOwnerPolicyDelayCheck',
    (c) => c.tables.loadTableOwnerPolicyDelayCheck('A', 'Person'),
    get(`${D}/tables/Person/acl/owner-policy-delay-check`),
  ],
  [
    'changeTableOwnerPolicyDelayCheck',
    (c) => c.tables.changeTableOwnerPolicyDelayCheck('A', 'Person', { enabled: true }),
    json('PUT', `${D}/tables/Person/acl/owner-policy-delay-check`, { enabled: true }),
  ],
]);

describe('tables group: answers and cache', () => {
  it('get stamps relation columns DATA_REF / GEO_REF and fills missing relation lists', async () => {
    const { client, replyJson } = recordingClient();
    replyJson({
      tables: [{ name: 'A', relations: [{ name: 'r', dataType: 'X' }], geoRelations: [{ name: 'g' }] }, { name: 'B' }],
    });
    expect(await client.tables.get('A')).toEqual({
      tables: [
        {
          name: 'A',
          relations: [{ name: 'r', dataType: 'DATA_REF' }],
          geoRelations: [{ name: 'g', dataType: 'GEO_REF' }],
        },
        { name: 'B', relations: [], geoRelations: [] },
      ],
    });
  });

  it('create and update answers are normalised the same way', async () => {
    const { client, replyJson } = recordingClient();
    replyJson({ name: 'N' });
    expect(await client.tables.create('A', { name: 'N' })).toEqual({ name: 'N', relations: [], geoRelations: [] });
    replyJson({ name: 'M', relations: [{ name: 'x' }] });
    expect((await client.tables.update('A', table, { name: 'M' })).relations).toEqual([
      { name: 'x', dataType: 'DATA_REF' },
    ]);
  });

  it('loadRecords answers {totalRows, data} (the count is asked first); with ignoreCounter the bare list', async () => {
    const { client, replyJson } = recordingClient();
    replyJson(42);
    replyJson([{ objectId: 'R1' }]);
    expect(await client.tables.loadRecords('A', table)).toEqual({ totalRows: 42, data: [{ objectId: 'R1' }] });
    replyJson([{ objectId: 'R2' }]);
    expect(await client.tables.loadRecords('A', table, {}, true)).toEqual([{ objectId: 'R2' }]);
  });

  it('the GET count is cached 30 s and a record write to the table flushes it', async () => {
    const { client, calls, replyJson } = recordingClient();
    replyJson(3);
    expect(await client.tables.getCount('A', table)).toBe(3);
    expect(await client.tables.getCount('A', table)).toBe(3);
    expect(calls).toHaveLength(1);
    await client.tables.createRecord('A', table, { name: 'x' });
    replyJson(4);
    expect(await client.tables.getCount('A', table)).toBe(4);
    expect(calls).toHaveLength(3);
  });

  it('a filtered POST count is never answered from the cached GET count of the same URL', async () => {
    const { client, calls, replyJson } = recordingClient();
    replyJson(10);
    await client.tables.getCount('A', table);
    replyJson(2);
    expect(await client.tables.getRecordsCount('A', table, { where: 'ann' })).toBe(2);
    replyJson(2);
    replyJson([]);
    expect(await client.tables.loadRecords('A', table, { where: 'ann' }, false)).toEqual({ totalRows: 2, data: [] });
    expect(calls.map((c) => c.method)).toEqual(['GET', 'POST', 'POST', 'POST']);
  });

  it('createColumn keeps the sent type; updateColumn falls back to the old type', async () => {
    const { client, replyJson } = recordingClient();
    replyJson({ name: 'city', dataType: 'UNKNOWN' });
    expect(await client.tables.createColumn('A', table, { name: 'city', dataType: 'DATA_REF' })).toEqual({
      name: 'city',
      dataType: 'DATA_REF',
    });
    replyJson({ name: 'town' });
    expect(
      await client.tables.updateColumn('A', table, { name: 'city', dataType: 'DATA_REF' }, { name: 'town' }),
    ).toEqual({ name: 'town', dataType: 'DATA_REF' });
  });

  it('a relation edit on an unknown column rejects with a TypeError before sending', async () => {
    const { client, calls } = recordingClient();
    await expect(client.tables.updateRelations('A', table, 'nope', 'R1', [])).rejects.toBeInstanceOf(TypeError);
    expect(calls).toEqual([]);
  });

  it('exportRecords answers the CSV text', async () => {
    const { client, reply } = recordingClient();
    reply({ body: 'name\n"Ann"\n' });
    expect(await client.tables.exportRecords('A', null, table)).toBe('name\n"Ann"\n');
  });

  it('updateRecord without objectId rejects with the route-builder error', async () => {
    const { client, calls } = recordingClient();
    await expect(client.tables.updateRecord('A', table, { name: 'x' })).rejects.toThrow(
      'Invalid path params in route [tables.updateRecord]',
    );
    expect(calls).toEqual([]);
  });
});
