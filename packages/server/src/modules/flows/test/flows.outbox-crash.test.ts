import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_PG_URL, testDbKinds } from '../../../test-helpers.js';
import {
  dropSchemas,
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../../../realtime/server-process.test-helpers.js';
import { orderFlow, poll, signUpOnProcess } from './flows.test-helpers.js';

const PASSWORD = 'correct horse battery';

/**
 * A real server process killed with SIGKILL after a record's create committed and before its data
 * event was relayed into an instance (the writer's own relay is held back by
 * BASALT_FLOWS_RELAY_DELAY_MS): the event waits in the app's outbox, and after the restart the
 * sweep relays it into exactly one instance, which marks the record. Decision 0072.
 */
for (const kind of testDbKinds()) {
  describe(`flows: kill -9 between a record's commit and its relay [${kind}]`, () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-flows-outbox-'));
    const prefix = `fo${crypto.randomBytes(4).toString('hex')}_`;
    const env = {
      BASALT_DATA_DIR: dataDir,
      BASALT_CONSOLE_DIR: path.join(dataDir, 'no-console'),
      BASALT_SCHEDULER_INTERVAL_MS: '100',
      REDIS_URL: '',
      ...(kind === 'postgres' ? { DATABASE_URL: TEST_PG_URL, BASALT_PG_SCHEMA_PREFIX: prefix } : { DATABASE_URL: '' }),
    };
    // Neither the writer nor the sweep relays in the first process: it dies with the event unrelayed.
    const held = { ...env, BASALT_FLOWS_RELAY_DELAY_MS: '600000', BASALT_FLOWS_SWEEP_AGE_MS: '600000' };
    const procs: ServerProcess[] = [];

    afterAll(async () => {
      for (const p of procs) await stopServerProcess(p);
      if (kind === 'postgres') await dropSchemas(prefix);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('relays the event after the restart into exactly one instance', async () => {
      let node = await startServerProcess(held);
      procs.push(node);
      const { json, post, authKey, app, key } = await signUpOnProcess(() => node.origin, 'Outbox', PASSWORD);
      await json(await post(`/${app.id}/console/data/tables`, { name: 'Order' }, authKey));
      await json(await post(`/${app.id}/${key}/data/Order`, { total: 1, status: 'seed' }));
      const v = await json(await post(`/api/app/${app.id}/automation/flow/version`, orderFlow('Durable'), authKey));
      expect(v.validationErrors).toEqual([]);
      await json(await post(`/api/app/${app.id}/automation/flow/version/${v.id}/enable`, {}, authKey));
      const order = await json(await post(`/${app.id}/${key}/data/Order`, { total: 150 }));
      const base = `/api/app/${app.id}/automation/flow/${v.flowId}/version/${v.id}/analytics/instances`;
      const list = async () => (await json(await post(`${base}/find`, {}, authKey))).data as Array<{ status: string }>;
      await new Promise((r) => setTimeout(r, 500));
      expect(await list()).toEqual([]);

      node.child.kill('SIGKILL');
      await new Promise((r) => node.child.once('exit', r));
      node = await startServerProcess(env);
      procs.push(node);

      const done = await poll(list, (l) => l.length === 1 && l[0].status === 'COMPLETED', 20_000);
      expect(done.map((i) => i.status)).toEqual(['COMPLETED']);
      // Another sweep or two later, still one.
      await new Promise((r) => setTimeout(r, 4500));
      expect((await list()).length).toBe(1);
      const stored = await json(await fetch(`${node.origin}/${app.id}/${key}/data/Order/${order.objectId}`));
      expect(stored.status).toBe('big');
    }, 120_000);
  });
}
