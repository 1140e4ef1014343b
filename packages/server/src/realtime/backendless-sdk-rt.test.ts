import { afterAll, beforeAll, expect, it } from 'vitest';
import Backendless from 'backendless';
import { describeEachDb } from '../test-helpers.js';
import { appFixture, type AppFixture } from '../modules/appapi/appapi.test-helpers.js';
import { listenOrigin } from './realtime.test-helpers.js';

/** Waits until `test` holds; the SDK delivers asynchronously. */
async function until(test: () => boolean, what: string, timeoutMs = 8000): Promise<void> {
  const started = Date.now();
  while (!test()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * Members the SDK has at run time that its type declarations leave out: the real-time shared
 * object and the flow execution context read.
 */
type Sdk = typeof Backendless & {
  SharedObject: { connect(name: string): SharedObjectHandle };
  Automations: { loadFlowExecutionContext(executionId: string): Promise<unknown> };
};
type SharedObjectHandle = {
  addChangesListener(cb: (c: object) => void): void;
  addCommandListener(cb: (c: object) => void): void;
  addConnectListener(cb: () => void): void;
  set(key: string, value: unknown): Promise<unknown>;
  get(key: string): Promise<unknown>;
  send(type: string, data: unknown): Promise<unknown>;
};

/**
 * The published `backendless` SDK, unchanged: bulk and relation listeners fed by its own bulk and
 * relation calls, a channel created by subscribing to it, and a shared object used by two SDK instances.
 */
describeEachDb('backendless SDK: bulk, relation, channel and shared-object real time', (server) => {
  let f: AppFixture;
  let first: Sdk;
  let second: Sdk;

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Task', [
      { name: 'title', dataType: 'STRING' },
      { name: 'points', dataType: 'INT' },
    ]);
    const rel = await f.console('POST', '/data/tables/Task/columns/relation', {
      name: 'subtasks',
      toTableName: 'Task',
      relationshipType: 'ONE_TO_MANY',
    });
    expect(rel.statusCode, rel.body).toBe(200);
    const origin = await listenOrigin(server());
    first = Backendless.initApp({ serverURL: origin, appId: f.appId, apiKey: f.keys.JS, standalone: true }) as Sdk;
    second = Backendless.initApp({ serverURL: origin, appId: f.appId, apiKey: f.keys.JS, standalone: true }) as Sdk;
  });

  afterAll(() => {
    for (const sdk of [first, second]) (sdk as unknown as { RT?: { terminate?: () => void } })?.RT?.terminate?.();
  });

  it('bulk create, update and delete listeners receive the SDK bulk calls', async () => {
    const created: unknown[] = [];
    const updated: unknown[] = [];
    const deleted: unknown[] = [];
    const rt = first.Data.of('Task').rt();
    rt.addBulkCreateListener((ids: unknown) => created.push(ids));
    rt.addBulkUpdateListener('points > 5', (e: unknown) => updated.push(e));
    rt.addBulkDeleteListener((e: unknown) => deleted.push(e));
    // Data subscriptions need no connect step, but the socket must be up before events flow.
    await pause(500);

    const store = second.Data.of('Task');
    const ids = await store.bulkCreate([
      { title: 'a', points: 3 },
      { title: 'b', points: 8 },
    ]);
    await store.bulkUpdate('points > 5', { title: 'big' });
    await store.bulkUpdate('points < 5', { title: 'small' });
    await store.bulkDelete('points < 5');
    await until(() => created.length === 1 && updated.length === 1 && deleted.length === 1, 'the bulk events');
    await pause(150);
    expect(created).toEqual([ids]);
    expect(updated).toEqual([{ whereClause: 'points > 5', count: 1 }]);
    expect(deleted).toEqual([{ whereClause: 'points < 5', count: 1 }]);
  });

  it('a set-relation listener for one parent receives setRelation calls on it only', async () => {
    const store = second.Data.of('Task');
    const [parent, other, child] = await store.bulkCreate([{ title: 'p' }, { title: 'q' }, { title: 'child' }]);
    const events: unknown[] = [];
    first.Data.of('Task')
      .rt()
      .addSetRelationListener('subtasks', [parent], (e: unknown) => events.push(e));
    await pause(500);
    await store.setRelation({ objectId: other }, 'subtasks', [child]);
    await store.setRelation({ objectId: parent }, 'subtasks', [child]);
    await store.setRelation({ objectId: parent }, 'subtasks', "title = 'child'");
    await until(() => events.length === 2, 'the relation events');
    await pause(150);
    expect(events).toEqual([
      { parentObjectId: parent, isConditional: false, children: [child] },
      { parentObjectId: parent, isConditional: true, whereClause: "title = 'child'" },
    ]);
  });

  it('a channel that does not exist: subscribe, publish, and the subscriber receives the message', async () => {
    const names = async () =>
      ((await f.console('GET', '/messaging/channels')).json() as Array<{ name: string }>).map((c) => c.name);
    expect(await names()).not.toContain('live');
    const channel = first.Messaging.subscribe('live');
    const received: unknown[] = [];
    const errors: unknown[] = [];
    let connected = false;
    channel.addConnectListener(
      () => {
        connected = true;
      },
      (e: unknown) => errors.push(e),
    );
    channel.addMessageListener(
      (message: unknown) => received.push(message),
      (e: unknown) => errors.push(e),
    );
    await until(() => connected || errors.length > 0, 'the channel connection');
    expect(errors).toEqual([]);
    await pause(300);

    const status = await second.Messaging.publish('live', { text: 'hello live' });
    expect(status).toMatchObject({ status: 'published' });
    await until(() => received.length === 1, 'the published message');
    expect(received[0]).toMatchObject({ message: { text: 'hello live' } });
    expect((await names()).filter((n) => n === 'live')).toHaveLength(1);
  });

  it('a shared object: set on one SDK is read and heard on the other, and commands arrive', async () => {
    const mine = first.SharedObject.connect('scoreboard');
    const theirs = second.SharedObject.connect('scoreboard');
    const changes: Array<Record<string, unknown>> = [];
    const commands: Array<Record<string, unknown>> = [];
    theirs.addChangesListener((c: object) => changes.push(c as Record<string, unknown>));
    theirs.addCommandListener((c: object) => commands.push(c as Record<string, unknown>));
    let connected = 0;
    for (const rso of [mine, theirs])
      rso.addConnectListener(() => {
        connected++;
      });
    await until(() => connected === 2, 'both shared-object connections');
    await pause(300);

    await mine.set('score', { home: 3 });
    expect(await theirs.get('score')).toEqual({ home: 3 });
    await mine.send('goal', { by: 'home' });
    await until(() => changes.length === 1 && commands.length === 1, 'the change and the command');
    expect(changes[0]).toMatchObject({ key: 'score', data: { home: 3 } });
    expect(commands[0]).toMatchObject({ type: 'goal', data: { by: 'home' } });
  });
});
