import crypto from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { Databases } from '../../../db/dialect.js';
import { startTestServer, type DbKind, type TestServer } from '../../../test-helpers.js';
import { createFixture } from './test-fixture.js';

/** The fixture app's store, filled once per suite; `dbs` is readable from the suite's first test on. */
export interface FixtureStore {
  readonly appId: string;
  readonly dbs: Databases;
}

/**
 * Starts a server on `kind`, creates one app store holding test-fixture.ts's tables and rows, and
 * closes it after the suite. The query compiler's suites share this instead of each repeating it.
 */
export function useFixtureStore(kind: DbKind): FixtureStore {
  let server: TestServer | undefined;
  const appId = crypto.randomUUID();
  beforeAll(async () => {
    server = await startTestServer(kind);
    const { dbs } = server.app.basalt;
    await dbs.createAppStore(appId);
    await createFixture(dbs.app(appId), (b) => dbs.booleanValue(b));
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    appId,
    get dbs(): Databases {
      if (!server) throw new Error('The fixture store is read before its suite started');
      return server.app.basalt.dbs;
    },
  };
}
