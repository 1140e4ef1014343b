import { describe, expect, it } from 'vitest';
import { recordingClient } from '../test-support/fake-fetch.test-helpers.js';
import { H, bare, describeShapes, get, json } from './shape-cases.test-helpers.js';

const C = `${H}/A/console/counters`;

describeShapes('counters', [
  ['get', (c) => c.counters.get('A'), get(`${C}?pattern=*`)],
  [
    'get(all params)',
    (c) => c.counters.get('A', { pageSize: 10, offset: 20, sortField: 'value', sortDir: 'desc', pattern: 'hits*' }),
    get(`${C}?pageSize=10&offset=20&sortField=value&sortDir=desc&pattern=hits*`),
  ],
  ['listNames', (c) => c.counters.listNames('A'), get(`${C}/*/list-names`)],
  ['listNames(pattern)', (c) => c.counters.listNames('A', 'a b?'), get(`${C}/a%20b%3F/list-names`)],
  ['listCounters', (c) => c.counters.listCounters('A', ['a', 'b']), json('POST', `${C}/list-by-names`, ['a', 'b'])],
  ['create', (c) => c.counters.create('A', 'visits', 5), json('POST', `${C}/visits`, { value: 5 })],
  ['create(odd name)', (c) => c.counters.create('A', 'a/b#c', 0), json('POST', `${C}/a%2Fb%23c`, { value: 0 })],
  [
    'update',
    (c) => c.counters.update('A', 'visits', 1, 2),
    json('PUT', `${C}/visits`, { currentValue: 1, newValue: 2 }),
  ],
  ['remove', (c) => c.counters.remove('A', 'my counter'), bare('DELETE', `${C}/my%20counter`)],
]);

describe('counters group: answers', () => {
  it('create answers the counter with objectId set to its name', async () => {
    const { client, replyJson } = recordingClient();
    replyJson({ name: 'visits', value: 5 });
    expect(await client.counters.create('A', 'visits', 5)).toEqual({ name: 'visits', value: 5, objectId: 'visits' });
  });

  it('a stale compare-and-set rejects with the 409 answer', async () => {
    const { client, reply } = recordingClient();
    const body = { code: 'CONFLICT', message: "Counter 'visits' is now 7, not 1", details: { value: 7 } };
    reply({ status: 409, body });
    await expect(client.counters.update('A', 'visits', 1, 2)).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      message: body.message,
      body,
    });
  });

  it('a missing name rejects with the route-builder error and sends nothing', async () => {
    const { client, calls } = recordingClient();
    await expect(client.counters.remove('', 'x')).rejects.toThrow('Invalid path params in route [counters.remove]');
    expect(calls).toEqual([]);
  });
});
