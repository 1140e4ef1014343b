import { expect } from 'vitest';
import type { Kysely } from 'kysely';
import { createClient, type BasaltClient } from '@basalt/sdk';
import { createTestApp, listenForClients, registerDeveloper, type TestServer } from '../../test-helpers.js';

/** One column of each of ten types, some with options, so a copy shows it kept types and options. */
export const TEN_TYPES = [
  { name: 'title', dataType: 'STRING', required: true, defaultValue: 'untitled' },
  { name: 'code', dataType: 'STRING_ID', unique: true },
  { name: 'summary', dataType: 'EXTENDED_STRING' },
  { name: 'body', dataType: 'TEXT' },
  { name: 'stock', dataType: 'INT', indexed: true },
  { name: 'price', dataType: 'DOUBLE' },
  { name: 'active', dataType: 'BOOLEAN' },
  { name: 'due', dataType: 'DATETIME' },
  { name: 'meta', dataType: 'JSON' },
  { name: 'picture', dataType: 'FILE_REF' },
] as const;

export const BINARY = Buffer.from([0, 1, 2, 250, 251, 252, 255, 10, 13, 0]);

/** A developer signed in through our SDK over real HTTP, with helpers over the console routes. */
export interface Console {
  server: TestServer;
  url: string;
  authKey: string;
  developerId: string;
  client: BasaltClient;
  /** A console call of an app; throws unless 200, answers the parsed body. */
  ok(appId: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<any>;
  call(
    appId: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
  ): ReturnType<TestServer['call']>;
}

export async function signedIn(server: TestServer): Promise<Console> {
  const url = await listenForClients(server);
  const dev = await registerDeveloper(server);
  const call: Console['call'] = (appId, method, path, body) =>
    server.call(method, `/${appId}/console${path}`, { authKey: dev.authKey, ...(body !== undefined ? { body } : {}) });
  return {
    server,
    url,
    authKey: dev.authKey,
    developerId: dev.id,
    client: createClient(url, dev.authKey),
    call,
    async ok(appId, method, path, body) {
      const res = await call(appId, method, path, body);
      if (res.statusCode !== 200) throw new Error(`${method} ${path} answered ${res.statusCode}: ${res.body}`);
      return res.json();
    },
  };
}

/** An app with tables of ten column types, relations, records, an app user, files, a role and its permission. */
export async function richApp(c: Console): Promise<{ appId: string; itemIds: string[] }> {
  const appId = await createTestApp(c.server, c.authKey);
  await c.ok(appId, 'POST', '/data/tables', { name: 'Item' });
  for (const col of TEN_TYPES) await c.ok(appId, 'POST', '/data/tables/Item/columns', col);
  await c.ok(appId, 'POST', '/data/tables', { name: 'Shelf' });
  await c.ok(appId, 'POST', '/data/tables/Shelf/columns', { name: 'label', dataType: 'STRING' });
  for (const [name, relationshipType] of [
    ['best', 'ONE_TO_ONE'],
    ['items', 'ONE_TO_MANY'],
  ])
    await c.ok(appId, 'POST', '/data/tables/Shelf/columns/relation', {
      name,
      dataType: 'DATA_REF',
      toTableName: 'Item',
      relationshipType,
    });
  const itemIds: string[] = [];
  for (let i = 0; i < 3; i++) {
    const rec = await c.ok(appId, 'POST', '/data/Item', {
      title: `Item ${i}`,
      code: `C-${i}`,
      summary: 'ü'.repeat(600),
      body: `line one\nline "two" ${i}`,
      stock: 1000 + i,
      price: 9.75 + i,
      active: i % 2 === 0,
      due: Date.UTC(2026, 0, i + 1, 12, 30),
      meta: { tags: ['a', i], nested: { ok: true, n: null } },
      picture: `https://example.com/p${i}.png`,
    });
    itemIds.push(rec.objectId);
  }
  const shelf = await c.ok(appId, 'POST', '/data/Shelf', { label: 'Top' });
  await c.ok(appId, 'PUT', `/data/Shelf/${shelf.objectId}/best`, [itemIds[1]]);
  await c.ok(appId, 'PUT', `/data/Shelf/${shelf.objectId}/items`, [itemIds[2], itemIds[0]]);
  await c.ok(appId, 'POST', '/data/Users', { email: 'member@example.com', password: 'member pass 1', name: 'Mem' });

  await c.client.files.createFile(appId, 'docs/readme.txt', 'hello files');
  await c.client.files.uploadFile(appId, new Blob([BINARY]), 'media', 'raw.bin');

  const role = await c.client.security.createRole(appId, 'Editor');
  const { tables } = await c.ok(appId, 'GET', '/data/tables');
  const item = tables.find((t: { name: string }) => t.name === 'Item');
  await c.ok(appId, 'PUT', `/security/data/${item.tableId}/roles/${role.id}`, {
    permissions: [{ operation: 'Find', access: 'DENY' }],
  });
  return { appId, itemIds };
}

/** Everything a copy must keep, read through the console routes (and the permission rows). */
export async function snapshotOf(c: Console, appId: string) {
  const { tables } = await c.ok(appId, 'GET', '/data/tables');
  const records: Record<string, unknown> = {};
  for (const t of tables as Array<{ name: string }>) {
    records[t.name] = await c.ok(appId, 'POST', `/data/${t.name}/find`, {
      sortBy: 'objectId',
      pageSize: 100,
      ...(t.name === 'Shelf' ? { loadRelations: 'best,items' } : {}),
    });
  }
  const roles = (await c.ok(appId, 'GET', '/security/roles')).map((r: { rolename: string }) => r.rolename).sort();
  const permissions = await (c.server.app.basalt.dbs.system as unknown as Kysely<any>)
    .selectFrom('sec_permissions')
    .select(['service', 'item', 'object_id', 'column_name', 'principal_type', 'operation', 'access'])
    .where('app_id', '=', appId)
    .orderBy('item')
    .orderBy('operation')
    .execute();
  const files = {
    readme: await c.client.files.getFileText(appId, 'docs/readme.txt'),
    binary: (await c.server.call('GET', `/${appId}/console/files/download/media/raw.bin`, { authKey: c.authKey }))
      .rawPayload,
  };
  return {
    tables: [...tables].sort((a, b) => a.name.localeCompare(b.name)),
    records,
    roles,
    permissions,
    files,
  };
}

/** Polls a process until it is no longer IN_PROGRESS; answers it and every progress seen. */
export async function settled(c: Console, appId: string, processId: string, timeoutMs = 60_000) {
  const seen: number[] = [];
  const until = Date.now() + timeoutMs;
  for (;;) {
    const p = await c.client.lifecycle.getProcess(appId, processId);
    seen.push(p.progress);
    if (p.status !== 'IN_PROGRESS') return { process: p, seen };
    if (Date.now() > until) throw new Error(`process ${processId} still running: ${JSON.stringify(p)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Expects an API error answer. */
export function expectFailure(res: { statusCode: number; body: string; json(): any }, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(code);
}
