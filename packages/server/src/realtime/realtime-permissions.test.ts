import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { describeEachDb } from '../test-helpers.js';
import { appFixture, type AppFixture } from '../modules/appapi/appapi.test-helpers.js';

/**
 * Channel rules reach real time: a client whose roles are denied Subscribe on a channel is refused
 * at subscribe time (SUB_RES with an error, never a message), while an allowed user subscribes.
 */
describeEachDb('real-time subscribe permissions', (server) => {
  let f: AppFixture;
  let origin: string;
  const open: Socket[] = [];

  beforeAll(async () => {
    f = await appFixture(server());
    await server().app.listen({ port: 0, host: '127.0.0.1' });
    const address = server().app.server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => {
    for (const s of open) s.disconnect();
  });

  async function subscribe(userToken: string | null): Promise<{ event: string; payload: any }> {
    const socket = connect(`${origin}/${f.appId}`, {
      path: `/${f.appId}`,
      forceNew: true,
      reconnection: false,
      transports: ['websocket'],
      query: { apiKey: f.keys.JS, clientId: crypto.randomUUID().toUpperCase(), userToken: userToken ?? 'null' },
    });
    open.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const id = crypto.randomUUID();
    const answer = new Promise<{ event: string; payload: any }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no answer to SUB_ON')), 5000);
      for (const event of ['SUB_READY', 'SUB_RES']) {
        socket.on(event, (payload: any) => {
          if (payload?.id !== id) return;
          clearTimeout(timer);
          resolve({ event, payload });
        });
      }
    });
    socket.emit('SUB_ON', { id, name: 'PUB_SUB_CONNECT', options: { channel: 'default' } });
    return answer;
  }

  it('refuses an anonymous subscriber denied Subscribe, and lets a signed-in user in', async () => {
    expect((await subscribe(null)).event).toBe('SUB_READY');

    const channels = (await f.console('GET', '/messaging/channels')).json();
    const channel = channels.find((c: { name: string }) => c.name === 'default');
    const anon = await f.roleId('NotAuthenticatedUser');
    const set = await f.console('PUT', `/security/messaging/${channel.channelid}/roles/${anon}`, {
      permissions: [{ operation: 'Subscribe', access: 'DENY' }],
    });
    expect(set.statusCode, set.body).toBe(200);

    const refused = await subscribe(null);
    expect(refused.event).toBe('SUB_RES');
    expect(refused.payload.error).toEqual(expect.objectContaining({ message: expect.any(String) }));

    const user = await f.user();
    expect((await subscribe(user.token)).event).toBe('SUB_READY');
  });
});
