/**
 * Test support for request-shape tests of a group: each case calls one method on a recording
 * client and lists the exact requests it must send; a guard checks every method has a case.
 */
import { describe, expect, it } from 'vitest';
import type { BasaltClient } from '../client.js';
import {
  jsonHeaders,
  recordingClient,
  type FakeReply,
  type RecordedCall,
} from '../test-support/fake-fetch.test-helpers.js';

export { TEST_HOST as H } from '../test-support/fake-fetch.test-helpers.js';
export const KEY = { 'auth-key': 'test-key' };
export const JSON_KEY = jsonHeaders();

/** Name (method, optionally `method(variant)`), call, expected request(s), queued answers. */
export type ShapeCase = [string, (c: BasaltClient) => unknown, RecordedCall | RecordedCall[], FakeReply[]?];

/** A GET with the test key and no body. */
export const get = (url: string): RecordedCall => ({ url, method: 'GET', headers: KEY, body: undefined });
/** A request with a JSON body. */
export const json = (method: string, url: string, body: unknown): RecordedCall => ({
  url,
  method,
  headers: JSON_KEY,
  body: JSON.stringify(body),
});
/** A request without a body. */
export const bare = (method: string, url: string): RecordedCall => ({ url, method, headers: KEY, body: undefined });

export function describeShapes(group: keyof BasaltClient, cases: ShapeCase[]): void {
  describe(`${String(group)} group: request shapes`, () => {
    it.each(cases)('%s', async (_name, call, expected, replies) => {
      const { client, calls, reply } = recordingClient();
      for (const r of replies ?? []) reply(r);
      const result = call(client);
      await (Array.isArray(result) ? Promise.all(result) : result);
      expect(calls).toEqual(Array.isArray(expected) ? expected : [expected]);
    });

    it('covers every method of the group', () => {
      const { client } = recordingClient();
      const covered = new Set(cases.map(([name]) => name.replace(/\(.*$/, '')));
      expect(Object.keys(client[group] as object).filter((m) => !covered.has(m))).toEqual([]);
    });
  });
}
