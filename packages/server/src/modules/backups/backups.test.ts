import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';
import { BackupsService } from './backups.service.js';

type Json = Record<string, any>;

/**
 * Backups (decision 0068) over real HTTP on both databases: a backup taken while writes go on is
 * one moment of the app; restore into the same app puts that moment back (later records gone,
 * nothing else changed); restore into a new app leaves the original alone; retention keeps the
 * newest scheduled ones; bad input is a 400 naming the problem and loses nothing.
 */
describeEachDb('backups', (server) => {
  let f: AppFixture;

  const json = async (res: { statusCode: number; body: string; json(): any }, status = 200) => {
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const waitFor = async (appId: string, processId: string, authKey = f.dev.authKey): Promise<Json> => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await server().call('GET', `/${appId}/console/lifecycle/processes/${processId}`, { authKey });
      const p = await json(res);
      if (p.status !== 'IN_PROGRESS') return p;
      if (Date.now() > deadline) throw new Error(`process ${processId} still at ${p.progress}%`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  const count = async (appId: string, table: string) => {
    const res = await server().call('POST', `/${appId}/console/data/${table}/count`, {
      authKey: f.dev.authKey,
      body: {},
    });
    return Number(await json(res));
  };
  const ids = async (appId: string, table: string) => {
    const res = await server().call('POST', `/${appId}/console/data/${table}/find`, {
      authKey: f.dev.authKey,
      body: { pageSize: 100, sortBy: ['objectId'] },
    });
    return ((await json(res)) as Json[]).map((r) => r.objectId as string);
  };
  const backupNow = async (body: Json = {}) => {
    const started = await json(await f.console('POST', '/backups', body));
    const p = await waitFor(f.appId, started.processId);
    expect(p.status, p.error).toBe('DONE');
    return started.backupId as string;
  };

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Item', [
      { name: 'label', dataType: 'STRING' },
      { name: 'n', dataType: 'INT' },
    ]);
    await json(
      await f.console(
        'POST',
        '/data/bulk/Item',
        Array.from({ length: 50 }, (_, i) => ({ label: `item ${i}`, n: i })),
      ),
    );
    const file = await f.console('POST', '/files/create/docs/readme.txt/', { file: 'kept in the backup' });
    expect(file.statusCode, file.body).toBe(200);
  });

  it('a backup, 100 more records, a restore: the 100 are gone and nothing else changed', async () => {
    const before = await ids(f.appId, 'Item');
    expect(before).toHaveLength(50);
    const schemaBefore = (await json(await f.console('GET', '/data/tables'))).tables.map((t: Json) => t.name).sort();
    const backupId = await backupNow({ note: 'before the import' });

    const listed = (await json(await f.console('GET', '/backups'))) as Json[];
    const mine = listed.find((b) => b.backupId === backupId)!;
    expect(mine).toMatchObject({ status: 'DONE', kind: 'manual', note: 'before the import', location: 'default' });
    expect(mine.size).toBeGreaterThan(100);
    expect(mine.records).toBeGreaterThanOrEqual(50);

    await json(
      await f.console(
        'POST',
        '/data/bulk/Item',
        Array.from({ length: 100 }, (_, i) => ({ label: `later ${i}`, n: 1000 + i })),
      ),
    );
    expect(await count(f.appId, 'Item')).toBe(150);

    // Without the typed confirmation nothing is touched.
    const refused = await f.console('POST', `/backups/${backupId}/restore`, { target: 'same', confirmation: 'nope' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('CONFIRMATION_MISMATCH');
    expect(await count(f.appId, 'Item')).toBe(150);

    const appName = (await json(await f.console('GET', '/app-info'))).appName as string;
    const restore = await json(
      await f.console('POST', `/backups/${backupId}/restore`, { target: 'same', confirmation: appName }),
    );
    expect(restore.appId).toBe(f.appId);
    const p = await waitFor(f.appId, restore.processId);
    expect(p, p.error).toMatchObject({ status: 'DONE', kind: 'restore', progress: 100 });
    expect(await ids(f.appId, 'Item')).toEqual(before);
    const schemaAfter = (await json(await f.console('GET', '/data/tables'))).tables.map((t: Json) => t.name).sort();
    expect(schemaAfter).toEqual(schemaBefore);
    const file = await f.console('GET', '/files/view/docs/readme.txt');
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('kept in the backup');
  });

  it('restores into a new app and leaves the original alone; downloads as a ZIP; deletes', async () => {
    const backupId = await backupNow();
    const started = await json(
      await f.console('POST', `/backups/${backupId}/restore`, { target: 'new', appName: `Restored ${Date.now()}` }),
    );
    expect(started.appId).not.toBe(f.appId);
    const p = await waitFor(f.appId, started.processId);
    expect(p, p.error).toMatchObject({ status: 'DONE', newAppId: started.appId });
    expect(await ids(started.appId, 'Item')).toEqual(await ids(f.appId, 'Item'));
    // A write to the restored app does not reach the original.
    await json(
      await server().call('POST', `/${started.appId}/console/data/Item`, { authKey: f.dev.authKey, body: { n: 7 } }),
    );
    expect(await count(started.appId, 'Item')).toBe((await count(f.appId, 'Item')) + 1);

    const zip = await f.console('GET', `/backups/${backupId}/download`);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');

    await json(await f.console('DELETE', `/backups/${backupId}`));
    expect(((await json(await f.console('GET', '/backups'))) as Json[]).some((b) => b.backupId === backupId)).toBe(
      false,
    );
    expect((await f.console('GET', `/backups/${backupId}/download`)).statusCode).toBe(404);
  });

  it('a backup taken while writes go on holds one moment: pairs written together are never split', async () => {
    await f.table('Left', [{ name: 'k', dataType: 'INT' }]);
    await f.table('Right', [{ name: 'k', dataType: 'INT' }]);
    let writing = true;
    let written = 0;
    // Each pair is one transaction of the app API: a Left and a Right record commit together.
    const writer = (async () => {
      for (let k = 0; writing; k++) {
        const res = await f.api('POST', '/transaction/unit-of-work', {
          body: {
            operations: [
              { operationType: 'CREATE', table: 'Left', payload: { k }, opResultId: 'l' },
              { operationType: 'CREATE', table: 'Right', payload: { k }, opResultId: 'r' },
            ],
          },
        });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().success, res.body).toBe(true);
        written++;
      }
    })();
    try {
      while (written < 5) await new Promise((r) => setTimeout(r, 20));
      const started = await json(await f.console('POST', '/backups', {}));
      const p = await waitFor(f.appId, started.processId);
      expect(p.status, p.error).toBe('DONE');
      writing = false;
      await writer;
      const restored = await json(
        await f.console('POST', `/backups/${started.backupId}/restore`, {
          target: 'new',
          appName: `Moment ${Date.now()}`,
        }),
      );
      expect((await waitFor(f.appId, restored.processId)).status).toBe('DONE');
      const left = await count(restored.appId, 'Left');
      const right = await count(restored.appId, 'Right');
      expect(left).toBeGreaterThan(0);
      expect(left).toBe(right);
      expect(left).toBeLessThanOrEqual(await count(f.appId, 'Left'));
      const backup = ((await json(await f.console('GET', '/backups'))) as Json[]).find(
        (b) => b.backupId === started.backupId,
      )!;
      const tables = (
        await json(await server().call('GET', `/${restored.appId}/console/data/tables`, { authKey: f.dev.authKey }))
      ).tables as Json[];
      let total = 0;
      for (const t of tables) total += await count(restored.appId, t.name as string);
      expect(backup.records).toBe(total);
    } finally {
      writing = false;
      await writer;
    }
  });

  it('the schedule: policies validate, the sweep starts due backups and retention keeps the newest', async () => {
    const policy = await json(await f.console('GET', '/backups/policy'));
    expect(policy).toMatchObject({ enabled: false, nextRunOn: null });
    expect(policy.locations.map((l: Json) => l.id)).toContain('default');

    const badLocation = await f.console('PUT', '/backups/policy', { ...strip(policy), location: '../../etc' });
    expect(badLocation.statusCode).toBe(400);
    expect(badLocation.json().message).toMatch(/No backup location/);
    const badHour = await f.console('PUT', '/backups/policy', { ...strip(policy), hour: 24 });
    expect(badHour.statusCode).toBe(400);

    const on = await json(
      await f.console('PUT', '/backups/policy', { ...strip(policy), enabled: true, retention: 2, frequency: 'daily' }),
    );
    expect(on.nextRunOn).toBeGreaterThan(Date.now());
    expect(new Date(on.nextRunOn).getUTCHours()).toBe(on.hour);

    const service = new BackupsService(server().app.basalt);
    let now = on.nextRunOn as number;
    for (let round = 0; round < 3; round++) {
      expect(await service.sweep(now)).toBeGreaterThanOrEqual(1);
      // Not due again until the next day.
      expect(await service.sweep(now)).toBe(0);
      await until(async () =>
        ((await json(await f.console('GET', '/backups'))) as Json[]).every((b) => b.status !== 'IN_PROGRESS'),
      );
      now += 24 * 3_600_000;
    }
    // Retention runs right after a scheduled backup is marked done.
    const scheduledNow = async () =>
      ((await json(await f.console('GET', '/backups'))) as Json[]).filter((b) => b.kind === 'scheduled');
    await until(async () => (await scheduledNow()).length <= 2);
    const scheduled = await scheduledNow();
    expect(scheduled).toHaveLength(2);
    expect(scheduled.every((b) => b.status === 'DONE')).toBe(true);
  });

  it('a deleted app takes its backup files with it', async () => {
    const other = await appFixture(server());
    const started = await json(await other.console('POST', '/backups', {}));
    const res = await server().call('GET', `/${other.appId}/console/lifecycle/processes/${started.processId}`, {
      authKey: other.dev.authKey,
    });
    expect(res.statusCode).toBe(200);
    await until(async () => {
      const list = (await json(await other.console('GET', '/backups'))) as Json[];
      return list.every((b) => b.status !== 'IN_PROGRESS');
    });
    const folder = path.join(server().config.dataDir, 'backups', other.appId.toLowerCase());
    expect(fs.readdirSync(folder).some((n) => n.endsWith('.zip'))).toBe(true);
    await json(await other.console('DELETE', '/application'));
    await until(async () => !fs.existsSync(folder));
  });

  it('bad input: unknown backup 404, restore of a new app without a name 400, parts it does not hold 400', async () => {
    expect((await f.console('POST', '/backups/nope/restore', { target: 'same', confirmation: 'x' })).statusCode).toBe(
      404,
    );
    const backupId = await backupNow({ parts: ['schema', 'data'] });
    const noName = await f.console('POST', `/backups/${backupId}/restore`, { target: 'new' });
    expect(noName.statusCode).toBe(400);
    const notHeld = await f.console('POST', `/backups/${backupId}/restore`, {
      target: 'new',
      appName: 'Never made',
      parts: ['files'],
    });
    expect(notHeld.statusCode).toBe(400);
    expect(notHeld.json().message).toMatch(/holds none of the parts/);
    const badParts = await f.console('POST', '/backups', { parts: ['everything'] });
    expect(badParts.statusCode).toBe(400);
  });
});

const strip = ({ locations: _l, nextRunOn: _n, ...policy }: Json) => policy;

async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}
