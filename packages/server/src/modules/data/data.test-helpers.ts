import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, registerDeveloper, type TestServer } from '../../test-helpers.js';

/** A developer with one fresh app, and shortcuts for the data routes of that app. */
export interface DataFixture {
  appId: string;
  authKey: string;
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<LightMyRequestResponse>;
  /** Like `call` but expects 200 and answers the parsed body. */
  ok<T = any>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
  createTable(name: string, columns?: Array<Record<string, unknown>>): Promise<any>;
}

export async function dataFixture(server: TestServer): Promise<DataFixture> {
  const dev = await registerDeveloper(server);
  const appId = await createTestApp(server, dev.authKey);
  const call: DataFixture['call'] = (method, path, body) =>
    server.call(method, `/${appId}/console/data${path}`, { authKey: dev.authKey, ...(body !== undefined ? { body } : {}) });
  const ok: DataFixture['ok'] = async (method, path, body) => {
    const res = await call(method, path, body);
    if (res.statusCode !== 200) throw new Error(`${method} ${path} answered ${res.statusCode}: ${res.body}`);
    return res.json();
  };
  return {
    appId,
    authKey: dev.authKey,
    call,
    ok,
    async createTable(name, columns = []) {
      await ok('POST', '/tables', { name });
      for (const c of columns) {
        const path = c.dataType === 'DATA_REF' ? '/columns/relation' : c.dataType === 'GEO_REF' ? '/columns/georelation' : '/columns';
        await ok('POST', `/tables/${name}${path}`, c);
      }
      const { tables } = await ok('GET', '/tables');
      return tables.find((t: { name: string }) => t.name === name);
    },
  };
}

/** Expects an error answer with this status whose message mentions `text`. */
export function expectError(res: LightMyRequestResponse, status: number, text?: string): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(typeof body.code).toBe('string');
  if (text) expect(body.message).toContain(text);
}
