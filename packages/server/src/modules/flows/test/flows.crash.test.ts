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
import { poll, signUpOnProcess } from './flows.test-helpers.js';

const PASSWORD = 'correct horse battery';

/**
 * A real server process killed with SIGKILL while an instance waits out a delay; a new process on
 * the same database takes the instance over from its last committed step: it completes, makes
 * exactly one record, and every element has exactly one SUCCEEDED step.
 */
for (const kind of testDbKinds()) {
  describe(`flows: kill -9 during a delay, then restart [${kind}]`, () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-flows-crash-'));
    const prefix = `fc${crypto.randomBytes(4).toString('hex')}_`;
    const env = {
      BASALT_DATA_DIR: dataDir,
      BASALT_CONSOLE_DIR: path.join(dataDir, 'no-console'),
      BASALT_SCHEDULER_INTERVAL_MS: '100',
      REDIS_URL: '',
      ...(kind === 'postgres' ? { DATABASE_URL: TEST_PG_URL, BASALT_PG_SCHEMA_PREFIX: prefix } : { DATABASE_URL: '' }),
    };
    const procs: ServerProcess[] = [];

    afterAll(async () => {
      for (const p of procs) await stopServerProcess(p);
      if (kind === 'postgres') await dropSchemas(prefix);
      fs.rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('resumes the instance after the restart and completes it exactly once', async () => {
      let node = await startServerProcess(env);
      procs.push(node);
      const { json, post, authKey, app, key } = await signUpOnProcess(() => node.origin, 'Crash', PASSWORD);
      await json(await post(`/${app.id}/console/data/tables`, { name: 'Note' }, authKey));
      const v = await json(
        await post(
          `/api/app/${app.id}/automation/flow/version`,
          {
            name: 'Survivor',
            elements: [
              { id: 'start', name: 'Called', type: 'trigger.api', config: {} },
              { id: 'wait', name: 'Wait', type: 'control.delay', config: { seconds: 3 } },
              {
                id: 'make',
                name: 'Make',
                type: 'action.createRecord',
                config: { table: 'Note', values: { n: '{{ $initial.n }}' } },
              },
            ],
            transitions: [
              { from: 'start', to: 'wait', port: 'out' },
              { from: 'wait', to: 'make', port: 'out' },
            ],
          },
          authKey,
        ),
      );
      await json(await post(`/api/app/${app.id}/automation/flow/version/${v.id}/enable`, {}, authKey));
      const { executionId } = await json(
        await post(`/${app.id}/${key}/automation/flow/activate-by-name`, { name: 'Survivor', initialData: { n: 7 } }),
      );
      const base = `/api/app/${app.id}/automation/flow/${v.flowId}/version/${v.id}/analytics/instances`;
      const status = async () => (await json(await post(`${base}/find`, {}, authKey))).data[0]?.status;
      expect(await poll(status, (s) => s === 'WAITING')).toBe('WAITING');

      node.child.kill('SIGKILL');
      await new Promise((r) => node.child.once('exit', r));
      node = await startServerProcess(env);
      procs.push(node);

      expect(await poll(status, (s) => s === 'COMPLETED', 20_000)).toBe('COMPLETED');
      const notes = await json(await fetch(`${node.origin}/${app.id}/${key}/data/Note`));
      expect(notes.map((n: { n: number }) => n.n)).toEqual([7]);
      for (const element of ['start', 'wait', 'make']) {
        const info = await json(
          await fetch(`${node.origin}${base}/${executionId}/element/${element}`, { headers: { 'auth-key': authKey } }),
        );
        expect(info.attempts.map((a: { status: string }) => a.status)).toEqual(['SUCCEEDED']);
      }
    }, 120_000);
  });
}
