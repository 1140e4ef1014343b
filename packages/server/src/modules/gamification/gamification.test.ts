import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { describeEachDb, listenForClients, registerDeveloper, createTestApp } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

/** Waits until `check` holds (events are counted after the request that caused them answered). */
async function until<T>(read: () => Promise<T>, check: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (check(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Lets events already published be counted (a settle time, then nothing may have changed). */
const settle = () => new Promise((r) => setTimeout(r, 400));

/*
 * Missions end to end: content, tasks completed by platform events through the published reference
 * client and ours, awards once per developer and task whatever is replayed, trivia without the
 * answer on the wire, notices, and the tracking switches.
 */
describeEachDb('missions: tasks from platform events', (server) => {
  let f: AppFixture;
  let url: string;
  let reference: any;
  let ours: ReturnType<typeof createBasaltClient>;

  beforeAll(async () => {
    f = await appFixture(server());
    url = await listenForClients(server());
    reference = createReferenceClient(url, f.dev.authKey);
    ours = createBasaltClient(url, f.dev.authKey);
  });

  it('lists the seeded pack, its missions with tasks and prerequisites, levels and badges; unknown packs are 404 naming them', async () => {
    const packs = await reference.gamification.loadPacks();
    expect(packs).toEqual([
      expect.objectContaining({ id: 'getting-started', title: 'Getting started', completedTasks: 0 }),
    ]);
    const map = await reference.gamification.getMapItems('getting-started');
    const tasks = map.flatMap((m: any) => m.tasks.map((t: any) => t.id));
    expect(tasks).toEqual(expect.arrayContaining(['first-table', 'first-record', 'first-file', 'first-flow']));
    expect(map.find((m: any) => m.id === 'files-basics')).toMatchObject({ requires: ['data-basics'], unlocked: false });
    expect(map.find((m: any) => m.id === 'data-basics')).toMatchObject({
      requires: [],
      unlocked: true,
      completed: false,
    });
    expect((await ours.gamification.loadLevels()).length).toBeGreaterThan(1);
    expect((await ours.gamification.loadBadges()).every((b) => b.earned === false)).toBe(true);

    const missing = await server().call('GET', '/console/gamification/map-items?packId=nope-pack', {
      authKey: f.dev.authKey,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('nope-pack') });
    await expect(ours.gamification.saveSettings({ packId: 'other-pack' })).rejects.toMatchObject({ status: 404 });
    await expect(ours.gamification.markEventPlayed('no-such-task')).rejects.toMatchObject({
      status: 404,
      message: expect.stringContaining('no-such-task'),
    });
    expect((await server().call('GET', '/console/gamification/packs')).statusCode).toBe(401);
  });

  it('the trivia never carries its right answer, and cannot be answered before its task is done', async () => {
    const trivia = await reference.gamification.loadTrivia();
    expect(trivia).toEqual([expect.objectContaining({ id: 'trivia-tables', taskId: 'first-table', answered: false })]);
    expect(JSON.stringify(trivia)).not.toMatch(/correct/i);
    await expect(ours.gamification.checkTriviaAnswer('trivia-tables', 'a', 'first-table')).rejects.toMatchObject({
      status: 409,
    });
  });

  it('creating a table completes "first table" once: XP and points rise, unnotified until played; a second table and a replay award nothing', async () => {
    const before = await ours.gamification.getProgress();
    expect(before).toMatchObject({ xp: 0, points: 0, level: { level: 1 } });

    await reference.tables.create(f.appId, { name: 'Orders' });
    // The award follows the task's closing: wait for both.
    const after = await until(
      () => ours.gamification.getProgress(),
      (p) => p.completedTasks.includes('first-table') && p.xp > 0,
    );
    expect(after.completedTasks).toContain('first-table');
    expect(after).toMatchObject({ xp: 50, points: 10, level: { level: 2 } });
    const events = await reference.gamification.getUnnotifiedEvents();
    expect(events).toEqual([expect.objectContaining({ taskId: 'first-table', xp: 50, points: 10 })]);
    expect(await ours.gamification.getUnnotifiedAchievements()).toEqual([
      expect.objectContaining({ taskId: 'level-2', kind: 'achievement' }),
    ]);

    await reference.tables.create(f.appId, { name: 'Customers' });
    // The same event published again, as a replay or a second process would.
    server().app.basalt.bus.emit('table.created', { appId: f.appId, table: 'Orders', developerId: f.dev.id });
    await settle();
    expect(await ours.gamification.getProgress()).toMatchObject({ xp: 50, points: 10 });
    const history = await reference.gamification.loadActivityHistory();
    expect(history.filter((h: any) => h.sourceId === 'first-table')).toHaveLength(1);

    // Still unnotified until played; playing is idempotent.
    expect((await ours.gamification.getUnnotifiedEvents()).map((e) => e.taskId)).toEqual(['first-table']);
    await reference.gamification.markEventPlayed('first-table');
    await ours.gamification.markEventPlayed('first-table');
    expect(await ours.gamification.getUnnotifiedEvents()).toEqual([]);
    await ours.gamification.markEventPlayed('level-2');
    expect(await ours.gamification.getUnnotifiedAchievements()).toEqual([]);

    const map = await ours.gamification.getMapItems('getting-started');
    expect(map[0].tasks.find((t) => t.id === 'first-table')).toMatchObject({ completed: true, progress: 1 });
    expect((await ours.gamification.loadEarnBBItems()).map((t) => t.id)).not.toContain('first-table');
  });

  it('one trivia answer per task: a wrong answer gives no bonus, a second answer is 409; a right one multiplies once', async () => {
    expect(await reference.gamification.checkTriviaAnswer('trivia-tables', 'b', 'first-table')).toEqual({
      correct: false,
      xp: 0,
      points: 0,
    });
    await expect(ours.gamification.checkTriviaAnswer('trivia-tables', 'a', 'first-table')).rejects.toMatchObject({
      status: 409,
    });
    expect((await ours.gamification.getProgress()).xp).toBe(50);
    await expect(ours.gamification.checkTriviaAnswer('trivia-tables', 'zz', 'first-table')).rejects.toMatchObject({
      status: 400,
    });

    // Another developer answers right: the task's award is doubled once.
    const other = await registerDeveloper(server());
    const otherApp = await createTestApp(server(), other.authKey);
    const theirs = createBasaltClient(url, other.authKey);
    await theirs.tables.create(otherApp, { name: 'Things' });
    await until(
      () => theirs.gamification.getProgress(),
      (p) => p.completedTasks.includes('first-table') && p.xp > 0,
    );
    expect(await theirs.gamification.checkTriviaAnswer('trivia-tables', 'a', 'first-table')).toEqual({
      correct: true,
      xp: 50,
      points: 10,
    });
    expect(await theirs.gamification.getProgress()).toMatchObject({ xp: 100, points: 20 });
    expect((await theirs.gamification.loadTrivia())[0].answered).toBe(true);
  });

  it('tracking off for an app or the account: its events count for nothing until it is on again', async () => {
    expect(await reference.gamification.isAppAPITrackingEnabled(f.appId)).toEqual({ enabled: true });
    expect(await reference.gamification.disableAppAPITracking(f.appId)).toEqual({ enabled: false });
    expect(await ours.gamification.isAppAPITrackingEnabled(f.appId)).toEqual({ enabled: false });
    expect((await f.api('POST', '/data/Orders', { body: {} })).statusCode).toBe(200);
    await settle();
    expect((await ours.gamification.getProgress()).completedTasks).not.toContain('first-record');

    await ours.gamification.enableAppAPITracking(f.appId);
    await ours.gamification.disableAccountAPITracking();
    expect(await reference.gamification.isAccountAPITrackingEnabled()).toEqual({ enabled: false });
    expect((await f.api('POST', '/data/Orders', { body: {} })).statusCode).toBe(200);
    await settle();
    expect((await ours.gamification.getProgress()).completedTasks).not.toContain('first-record');

    await reference.gamification.enableAccountAPITracking();
    expect((await f.api('POST', '/data/Orders', { body: {} })).statusCode).toBe(200);
    const p = await until(
      () => ours.gamification.getProgress(),
      // Both tasks counting records have seen the event (they are advanced one after the other).
      (x) =>
        x.completedTasks.includes('first-record') && x.tasks.some((t) => t.taskId === 'ten-records' && t.progress >= 1),
    );
    expect(p.completedTasks).toContain('first-record');
    // Ten records: only the records created while tracking was on count.
    const ten = p.tasks.find((t) => t.taskId === 'ten-records');
    expect(ten?.progress).toBe(1);
  });

  it('many records at once add up to the count task exactly once', async () => {
    const rows = Array.from({ length: 12 }, () => ({}));
    expect((await f.api('POST', '/data/bulk/Orders', { body: rows })).statusCode).toBe(200);
    const p = await until(
      () => ours.gamification.getProgress(),
      (x) => x.completedTasks.includes('ten-records'),
    );
    // The mission's badge follows the task's award.
    await until(
      () => ours.gamification.loadBadges(),
      (b) => !!b.find((x) => x.id === 'data-starter')?.earned,
    );
    expect(p.completedTasks).toContain('ten-records');
    const history = await ours.gamification.loadActivityHistory();
    expect(history.filter((h) => h.sourceId === 'ten-records')).toHaveLength(1);
    // Data basics is done: its badge is earned once and announced.
    expect((await ours.gamification.loadBadges()).find((b) => b.id === 'data-starter')).toMatchObject({ earned: true });
    expect((await ours.gamification.getUnnotifiedAchievements()).map((a) => a.taskId)).toContain('data-starter');
    const map = await ours.gamification.getMapItems();
    expect(map.find((m) => m.id === 'files-basics')).toMatchObject({ unlocked: true });
  });

  it('a file upload completes "first file"; a flow event counts only for a running version; social tasks are off', async () => {
    server().app.basalt.bus.emit('file.uploaded', { appId: f.appId, path: 'a.txt', size: 3 });
    await until(
      () => ours.gamification.getProgress(),
      (x) => x.completedTasks.includes('first-file'),
    );
    expect((await ours.gamification.getProgress()).completedTasks).toContain('first-file');

    expect(await ours.gamification.validateFlowRunnerAchievements(f.appId, { versionId: 'no-such-version' })).toEqual({
      valid: false,
      counted: false,
    });
    await expect(ours.gamification.validateFlowRunnerAchievements(f.appId, {})).rejects.toMatchObject({ status: 400 });
    expect((await ours.gamification.getProgress()).completedTasks).not.toContain('first-flow');

    const social = await server().call('POST', '/console/gamification/social-share', {
      authKey: f.dev.authKey,
      body: { taskId: 'share-progress' },
    });
    expect(social.statusCode).toBe(403);
    expect(social.json()).toMatchObject({ code: 'SOCIAL_TASKS_OFF' });
    expect(await reference.gamification.getSettings()).toEqual({
      packId: null,
      notifications: true,
      socialTasks: false,
    });
    expect(await reference.gamification.saveSettings({ packId: 'getting-started' })).toMatchObject({
      packId: 'getting-started',
    });
    expect((await ours.gamification.getFreeMilestoneProgress()).points).toBe(
      (await ours.gamification.getProgress()).points,
    );
  });
});
