import { describe, expect, it } from 'vitest';
import { recordingClient } from '../test-support/fake-fetch.test-helpers.js';
import { H, bare, describeShapes, get, json } from './shape-cases.test-helpers.js';

const D = `${H}/A/console/data`;
const view = { name: 'Adults', viewId: 'V1' };

describeShapes('dataViews', [
  ['getViews', (c) => c.dataViews.getViews('A'), get(`${D}/table-views`)],
  ['getViewRecords', (c) => c.dataViews.getViewRecords('A', 'Adults'), get(`${D}/table-views/Adults`)],
  [
    'createView',
    (c) => c.dataViews.createView('A', { name: 'Adults', tableName: 'Person', where: 'age >= 18' }),
    json('POST', `${D}/table-views`, { name: 'Adults', tableName: 'Person', where: 'age >= 18' }),
  ],
  [
    'updateView',
    (c) => c.dataViews.updateView('A', { viewId: 'V1', name: 'Adults', sortBy: ['age'] }),
    json('PUT', `${D}/table-views/V1`, { viewId: 'V1', name: 'Adults', sortBy: ['age'] }),
  ],
  [
    'renameView',
    (c) => c.dataViews.renameView('A', 'V1', 'Grown'),
    json('PUT', `${D}/table-views/V1/name`, { name: 'Grown' }),
  ],
  ['deleteView', (c) => c.dataViews.deleteView('A', 'V1'), bare('DELETE', `${D}/table-views/V1`)],
  [
    'loadRecords',
    (c) =>
      c.dataViews.loadRecords('A', view, { where: 'age > 20', sortBy: 'age', distinct: false, excludeProps: ['bio'] }),
    json('POST', `${D}/Adults/find`, {
      offset: 0,
      pageSize: 15,
      where: 'age > 20',
      excludeProps: ['bio'],
      sortBy: 'age',
    }),
  ],
  [
    'getRecordsCount',
    (c) => c.dataViews.getRecordsCount('A', view, { where: 'age > 20', offset: 30, sortBy: 'age' }),
    json('POST', `${D}/Adults/count`, { where: 'age > 20' }),
  ],
  [
    'getRecordsCounts',
    (c) => c.dataViews.getRecordsCounts('A', ['Adults'], true),
    json('POST', `${D}/tables-counters`, { tables: ['Adults'], resetCache: true }),
  ],
  [
    'loadGroupRecords',
    (c) => c.dataViews.loadGroupRecords('A', view, { groupBy: 'city', groupPath: ['Paris'] }),
    json('POST', `${D}/data-grouping/Adults`, {
      offset: 0,
      pageSize: 15,
      groupPageSize: 5,
      recordsPageSize: 5,
      groupPath: ['Paris'],
      groupBy: 'city',
    }),
  ],
  [
    'getGroupRecordsCount',
    (c) => c.dataViews.getGroupRecordsCount('A', view, { groupPath: ['Paris'], where: 'age > 1' }),
    json('POST', `${D}/data-grouping/Adults/count`, { groupPath: ['Paris'], where: 'age > 1' }),
  ],
  [
    'loadSampleRecords',
    (c) =>
      c.dataViews.loadSampleRecords(
        'A',
        { name: 'Person', columns: [{ name: 'name', dataType: 'STRING' }] },
        { where: 'ann' },
      ),
    json('POST', `${D}/table-pre-view/Person/find`, { pageSize: 15, offset: 0, where: "`name` like '%ann%'" }),
  ],
]);

describe('dataViews group: cache', () => {
  it('a POST view count is not kept (its own tags flush it), so each call asks the server', async () => {
    const { client, calls, replyJson, cache } = recordingClient();
    replyJson(5);
    await client.dataViews.getRecordsCount('A', view);
    // A POST with tags flushes its own entry (the reference's behaviour), so nothing stays cached.
    expect(cache.size()).toBe(0);
    replyJson(6);
    expect(await client.dataViews.getRecordsCount('A', view, {}, true)).toBe(6);
    expect(calls).toHaveLength(2);
  });
});
