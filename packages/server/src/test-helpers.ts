/**
 * Helpers for server tests: a real server on a temporary SQLite directory or a fresh PostgreSQL
 * schema set, driven through `inject()`. `describeEachDb` runs one suite on both databases
 * (BASALT_TEST_DB=sqlite|postgres narrows it; the default runs both).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';
import { describe, afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { loadConfig, type Config } from './config.js';
import { buildApp } from './app.js';
import { dropTestSchemas } from './db/dialect.js';

export type DbKind = 'sqlite' | 'postgres';

export const TEST_PG_URL = process.env.BASALT_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export function testDbKinds(): DbKind[] {
  const only = process.env.BASALT_TEST_DB;
  if (only === 'sqlite' || only === 'postgres') return [only];
  return ['sqlite', 'postgres'];
}

export interface TestServer {
  app: FastifyInstance;
  kind: DbKind;
  config: Config;
  /** `inject` with JSON bodies and an optional auth key. */
  call(
    method: InjectOptions['method'],
    url: string,
    opts?: { body?: unknown; authKey?: string; headers?: Record<string, string>; payload?: string | Buffer },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startTestServer(kind: DbKind, overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-test-'));
  const config = loadConfig(
    {},
    {
      dataDir,
      logLevel: process.env.BASALT_TEST_LOG ?? 'silent',
      databaseUrl: kind === 'postgres' ? TEST_PG_URL : undefined,
      pgSchemaPrefix: `t${crypto.randomBytes(4).toString('hex')}_`,
      // The UI origin (decision 0080) on a free port: test servers run side by side.
      uiPort: 0,
      ...overrides,
    },
  );
  const app = await buildApp(config);
  await app.ready();
  return {
    app,
    kind,
    config,
    call: (method, url, opts = {}) =>
      app.inject({
        method,
        url,
        headers: { ...(opts.authKey ? { 'auth-key': opts.authKey } : {}), ...(opts.headers ?? {}) },
        ...(opts.payload !== undefined
          ? { payload: opts.payload }
          : opts.body !== undefined
            ? { payload: opts.body as object }
            : {}),
      }),
    close: async () => {
      // Closed first, so its jobs hold no locks in the schemas being dropped.
      await app.close();
      if (kind === 'postgres') await dropTestSchemas(config.databaseUrl ?? TEST_PG_URL, config.pgSchemaPrefix);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `fn` once per database kind, with a fresh server for the suite. */
export function describeEachDb(
  name: string,
  fn: (server: () => TestServer) => void,
  overrides: Partial<Config> = {},
): void {
  for (const kind of testDbKinds()) {
    describe(`${name} [${kind}]`, () => {
      let server: TestServer;
      beforeAll(async () => {
        server = await startTestServer(kind, overrides);
      });
      afterAll(async () => {
        await server?.close();
      });
      fn(() => server);
    });
  }
}

export interface TestDeveloper {
  id: string;
  email: string;
  password: string;
  authKey: string;
}

let seq = 0;

/** Registers a developer and signs them in. */
export async function registerDeveloper(
  server: TestServer,
  email = `dev${Date.now()}${seq++}@example.com`,
  password = 'correct horse battery',
): Promise<TestDeveloper> {
  const reg = await server.call('POST', '/console/devreg', { body: { email, password, name: 'Test Developer' } });
  if (reg.statusCode !== 200) throw new Error(`register failed: ${reg.statusCode} ${reg.body}`);
  const login = await server.call('POST', '/console/home/login', { body: { login: email, password } });
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.statusCode} ${login.body}`);
  const authKey = String(login.headers['auth-key']);
  return { id: reg.json().id, email, password, authKey };
}

/** Creates an application and answers its id. */
export async function createTestApp(
  server: TestServer,
  authKey: string,
  appName = `App${Date.now()}${seq++}`,
): Promise<string> {
  const res = await server.call('POST', '/console/applications', { authKey, body: { appName } });
  if (res.statusCode !== 200) throw new Error(`create app failed: ${res.statusCode} ${res.body}`);
  return res.json().id;
}

/**
 * Names of the app data stores that exist right now, read from the storage itself (files in
 * `<dataDir>/apps` on SQLite, schemas on PostgreSQL) so tests see what really is on disk.
 */
export async function listAppStores(server: TestServer): Promise<string[]> {
  if (server.kind === 'sqlite') {
    const dir = path.join(server.config.dataDir, 'apps');
    return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.db')) : [];
  }
  const { sql } = await import('kysely');
  const like = `${server.config.pgSchemaPrefix}app_%`;
  const rows = await sql<{ nspname: string }>`select nspname from pg_namespace where nspname like ${like}`.execute(
    server.app.basalt.dbs.system,
  );
  return rows.rows.map((r) => r.nspname);
}

/** Listens on a free loopback port (for published clients and real sockets) and answers its base URL. */
export async function listenForClients(server: TestServer): Promise<string> {
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}
