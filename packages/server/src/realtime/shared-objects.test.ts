import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../test-helpers.js';
import { appFixture, type AppFixture } from '../modules/appapi/appapi.test-helpers.js';
import { FrameClient, listenOrigin } from './realtime.test-helpers.js';
import { SHARED_OBJECT_LIMITS } from './shared-objects.js';

/** Remote shared objects over real socket.io clients: state, events, targets, limits, access. */
describeEachDb('real-time shared objects', (server) => {
  let f: AppFixture;
  let origin: string;
  const clients: FrameClient[] = [];
  const saved = { ...SHARED_OBJECT_LIMITS };
  const open = async (token: string | null = null) => {
    const c = await FrameClient.open(origin, f.appId, f.keys.JS, token);
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    f = await appFixture(server());
    origin = await listenOrigin(server());
  });
  afterEach(() => {
    Object.assign(SHARED_OBJECT_LIMITS, saved);
  });
  afterAll(() => {
    for (const c of clients) c.close();
  });

  it('keeps state per object: set, get one key or all, clear; other clients see changes and clears', async () => {
    const a = await open();
    const b = await open();
    await a.ready('RSO_CONNECT', { name: 'board' });
    await b.ready('RSO_CONNECT', { name: 'board' });
    const changes = await b.ready('RSO_CHANGES', { name: 'board' });
    const cleared = await b.ready('RSO_CLEARED', { name: 'board' });
    const elsewhere = await b.ready('RSO_CHANGES', { name: 'other' });

    expect(await a.call('RSO_SET', { name: 'board', key: 'score', data: { home: 2, away: 1 } })).toMatchObject({
      result: null,
    });
    await a.call('RSO_SET', { name: 'board', key: 'title', data: 'final' });
    expect((await b.call('RSO_GET', { name: 'board', key: 'score' })).result).toEqual({ home: 2, away: 1 });
    expect((await b.call('RSO_GET', { name: 'board', key: 'missing' })).result).toBeNull();
    expect((await b.call('RSO_GET', { name: 'board' })).result).toEqual({
      score: { home: 2, away: 1 },
      title: 'final',
    });
    expect((await b.call('RSO_GET', { name: 'other', key: 'score' })).result).toBeNull();
    expect(await b.settle(changes, 2)).toEqual([
      { key: 'score', data: { home: 2, away: 1 }, connectionId: a.socket.id, userId: null },
      { key: 'title', data: 'final', connectionId: a.socket.id, userId: null },
    ]);
    expect(b.data(elsewhere)).toEqual([]);

    await a.call('RSO_CLEAR', { name: 'board' });
    expect(await b.settle(cleared, 1)).toEqual([{ connectionId: a.socket.id, userId: null }]);
    expect((await b.call('RSO_GET', { name: 'board' })).result).toEqual({});
  });

  it('relays commands, joins and leaves, and invocations to all or to the named targets', async () => {
    const a = await open();
    const b = await open();
    const users = await a.ready('RSO_USERS', { name: 'room' });
    const commands = await a.ready('RSO_COMMANDS', { name: 'room' });
    const invokeA = await a.ready('RSO_INVOKE', { name: 'room' });
    const invokeB = await b.ready('RSO_INVOKE', { name: 'room' });
    await b.ready('RSO_CONNECT', { name: 'room' });
    await b.call('RSO_COMMAND', { name: 'room', type: 'ping', data: { n: 1 } });
    expect(await a.settle(commands, 1)).toEqual([
      { type: 'ping', data: { n: 1 }, connectionId: b.socket.id, userId: null },
    ]);

    await b.call('RSO_INVOKE', { name: 'room', method: 'refresh', args: [1, 'x'] });
    await b.call('RSO_INVOKE', { name: 'room', method: 'onlyB', targets: [b.socket.id], args: [] });
    expect(await a.settle(invokeA, 1)).toEqual([{ method: 'refresh', args: [1, 'x'] }]);
    expect(await b.settle(invokeB, 2)).toEqual([
      { method: 'refresh', args: [1, 'x'] },
      { method: 'onlyB', args: [] },
    ]);

    const bId = b.socket.id;
    b.close();
    expect(await a.settle(users, 2)).toEqual([
      { status: 'JOINED', data: [{ connectionId: bId, userId: null }] },
      { status: 'LEAVED', data: [{ connectionId: bId, userId: null }] },
    ]);
  });

  it('limits key length, value size, keys per object and objects per app', async () => {
    const c = await open();
    expect(
      (await c.call('RSO_SET', { name: 'lim', key: 'k'.repeat(SHARED_OBJECT_LIMITS.keyLength + 1), data: 1 })).error
        ?.code,
    ).toBe('BAD_REQUEST');
    const big = await c.call('RSO_SET', { name: 'lim', key: 'big', data: 'x'.repeat(SHARED_OBJECT_LIMITS.valueBytes) });
    expect(big.error).toMatchObject({ code: 'LIMIT', message: expect.stringMatching(/bytes/) });

    SHARED_OBJECT_LIMITS.keysPerObject = 2;
    SHARED_OBJECT_LIMITS.objectsPerApp = 3;
    expect((await c.call('RSO_SET', { name: 'lim', key: 'a', data: 1 })).error).toBeUndefined();
    expect((await c.call('RSO_SET', { name: 'lim', key: 'b', data: 2 })).error).toBeUndefined();
    expect((await c.call('RSO_SET', { name: 'lim', key: 'a', data: 3 })).error).toBeUndefined();
    expect((await c.call('RSO_SET', { name: 'lim', key: 'c', data: 4 })).error).toMatchObject({
      code: 'LIMIT',
      message: expect.stringMatching(/keys/),
    });
    // 'lim' is one object; earlier tests cleared theirs, so two more fit and the next is refused.
    await c.call('RSO_SET', { name: 'lim2', key: 'a', data: 1 });
    await c.call('RSO_SET', { name: 'lim3', key: 'a', data: 1 });
    expect((await c.call('RSO_SET', { name: 'lim4', key: 'a', data: 1 })).error).toMatchObject({
      code: 'LIMIT',
      message: expect.stringMatching(/shared objects/),
    });
    await c.call('RSO_CLEAR', { name: 'lim3' });
    expect((await c.call('RSO_SET', { name: 'lim4', key: 'a', data: 1 })).error).toBeUndefined();
  });

  it('refuses an invalid user token and names the signed-in user as the sender', async () => {
    const bad = await open('not-a-token');
    expect((await bad.subscribe('RSO_CONNECT', { name: 'board' })).error?.code).toBe('FORBIDDEN');
    expect((await bad.call('RSO_GET', { name: 'board', key: 'x' })).error?.code).toBe('FORBIDDEN');
    expect((await bad.subscribe('RSO_CONNECT', { name: '' })).error?.code).toBe('BAD_REQUEST');

    const user = await f.user();
    const signedIn = await open(user.token);
    const watcher = await open();
    const changes = await watcher.ready('RSO_CHANGES', { name: 'mine' });
    await signedIn.call('RSO_SET', { name: 'mine', key: 'k', data: true });
    expect(await watcher.settle(changes, 1)).toEqual([
      { key: 'k', data: true, connectionId: signedIn.socket.id, userId: user.objectId },
    ]);
    const byUser = await signedIn.ready('RSO_INVOKE', { name: 'mine' });
    await watcher.call('RSO_INVOKE', { name: 'mine', method: 'hello', targets: [user.objectId], args: ['hi'] });
    expect(await signedIn.settle(byUser, 1)).toEqual([{ method: 'hello', args: ['hi'] }]);
  });

  it('follows a token change: the new user becomes an invokeOn target, an invalid token drops the subscription', async () => {
    const user = await f.user();
    const c = await open();
    const other = await open();
    const invoked = await c.ready('RSO_INVOKE', { name: 'follow' });
    expect((await c.call('SET_USER_TOKEN', { userToken: user.token })).error).toBeUndefined();
    await other.call('RSO_INVOKE', { name: 'follow', method: 'toUser', targets: [user.objectId], args: [] });
    expect(await c.settle(invoked, 1)).toEqual([{ method: 'toUser', args: [] }]);

    await c.call('SET_USER_TOKEN', { userToken: 'revoked-or-unknown' });
    const dropped = await c.next((fr) => fr.event === 'SUB_RES' && fr.payload.id === invoked && !!fr.payload.error);
    expect(dropped.payload.error.code).toBe('FORBIDDEN');
  });
});
