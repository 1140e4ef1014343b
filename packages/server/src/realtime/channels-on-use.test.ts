import { afterEach, beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../test-helpers.js';
import { appFixture, type AppFixture } from '../modules/appapi/appapi.test-helpers.js';
import { FrameClient, listenOrigin } from './realtime.test-helpers.js';

const RULE = 'A channel name is 1 to 100 letters, digits, _, . or -, starting with a letter or digit';

/**
 * A real-time subscription to a channel that does not exist creates it (as a publish does), when its
 * name fits the channel rule and the role-wide rules let the client Subscribe.
 */
describeEachDb('real time: channels are created on use', (server) => {
  let f: AppFixture;
  let origin: string;
  const open: FrameClient[] = [];
  const client = async (userToken: string | null = null) => {
    const c = await FrameClient.open(origin, f.appId, f.keys.JS, userToken);
    open.push(c);
    return c;
  };
  const channelNames = async () =>
    ((await f.console('GET', '/messaging/channels')).json() as Array<{ name: string }>).map((c) => c.name);

  beforeAll(async () => {
    f = await appFixture(server());
    origin = await listenOrigin(server());
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.close();
  });

  it('subscribing to a new channel creates it once, and a publish then reaches the subscriber', async () => {
    const c = await client();
    // The SDK sends its connect and message subscriptions back to back: both create, one channel results.
    const [connect, messages] = await Promise.all([
      c.subscribe('PUB_SUB_CONNECT', { channel: 'lobby' }),
      c.subscribe('PUB_SUB_MESSAGES', { channel: 'lobby' }),
    ]);
    expect([connect.ready, messages.ready]).toEqual([true, true]);
    expect((await channelNames()).filter((n) => n === 'lobby')).toHaveLength(1);

    const published = await f.api('POST', '/messaging/lobby', { body: { message: 'hello lobby' } });
    expect(published.statusCode, published.body).toBe(200);
    expect(await c.settle(messages.id, 1)).toMatchObject([{ message: 'hello lobby' }]);
  });

  it('a channel command to a new channel creates it too', async () => {
    const c = await client();
    expect(await c.call('PUB_SUB_COMMAND', { channel: 'commands-only', type: 'ping', data: null })).toMatchObject({
      result: null,
    });
    expect(await channelNames()).toContain('commands-only');
  });

  it('a name outside the rule, or too long, is refused as BAD_REQUEST naming the rule, and creates nothing', async () => {
    const c = await client();
    for (const channel of ['no where', '.hidden', 'x'.repeat(101), 'y'.repeat(300), '']) {
      const sub = await c.subscribe('PUB_SUB_MESSAGES', { channel });
      expect(sub, channel).toMatchObject({ ready: false, error: { code: 'BAD_REQUEST', message: RULE } });
    }
    expect((await c.subscribe('PUB_SUB_CONNECT', { channel: 'Registrations' })).error).toEqual({
      code: 'BAD_REQUEST',
      message: "'Registrations' is a reserved name and cannot name a channel",
    });
    expect((await c.subscribe('PUB_SUB_CONNECT', { channel: 42 })).error?.code).toBe('BAD_REQUEST');
    expect((await c.call('PUB_SUB_COMMAND', { channel: 'bad name', type: 't' })).error).toEqual({
      code: 'BAD_REQUEST',
      message: RULE,
    });
    const names = await channelNames();
    expect(names.filter((n) => !['default', 'lobby', 'commands-only'].includes(n))).toEqual([]);
    // The connection stays usable after the refusals.
    expect((await c.subscribe('PUB_SUB_CONNECT', { channel: 'default' })).ready).toBe(true);
  });

  it('a client the role-wide rules deny Subscribe creates no channel; an allowed user does', async () => {
    const anonymous = await f.roleId('NotAuthenticatedUser');
    const deny = await f.console('PUT', `/security/roles/permissions/${anonymous}`, {
      service: 'messaging',
      operation: 'Subscribe',
      access: 'DENY',
    });
    expect(deny.statusCode, deny.body).toBe(200);

    const refused = await (await client()).subscribe('PUB_SUB_CONNECT', { channel: 'members' });
    expect(refused).toMatchObject({ ready: false, error: { code: 'FORBIDDEN' } });
    expect(await channelNames()).not.toContain('members');

    const user = await f.user();
    expect((await (await client(user.token)).subscribe('PUB_SUB_CONNECT', { channel: 'members' })).ready).toBe(true);
    expect(await channelNames()).toContain('members');
  });
});
