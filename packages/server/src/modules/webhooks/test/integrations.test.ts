import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { DevOperations } from '@basalt/shared';
import { describeEachDb, listenForClients, registerDeveloper } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

const SLACK_URL = 'https://hooks.slack.example/services/T000/B000/very-secret-part';

/* Stored integrations through the published reference client and ours: secrets sealed at rest and masked. */
describeEachDb('integrations: stored third-party configurations', (server) => {
  let f: AppFixture;
  let reference: any;
  let ours: ReturnType<typeof createBasaltClient>;

  beforeAll(async () => {
    f = await appFixture(server());
    const url = await listenForClients(server());
    reference = createReferenceClient(url, f.dev.authKey);
    ours = createBasaltClient(url, f.dev.authKey);
  });

  it('saves, lists, updates and deletes a Slack integration; the webhook URL is sealed and masked', async () => {
    // A public host name that does not resolve cannot be checked: an IP literal of a public network is.
    const saved = await reference.integrations.saveIntegration(f.appId, {
      name: 'ops-slack',
      type: 'SLACK',
      config: { webhookUrl: 'https://93.184.215.14/services/T000/B000/very-secret-part', channel: '#ops' },
    });
    expect(saved).toMatchObject({
      name: 'ops-slack',
      type: 'SLACK',
      enabled: true,
      config: { webhookUrl: '********', channel: '#ops' },
    });
    const row = await server()
      .app.basalt.dbs.system.selectFrom('app_integrations' as any)
      .selectAll()
      .where('app_id', '=', f.appId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('very-secret-part');
    expect(JSON.stringify(row)).not.toContain('#ops');

    const changed = await ours.integrations.updateIntegration(f.appId, 'ops-slack', {
      enabled: false,
      config: { webhookUrl: '********', channel: '#alerts' },
    });
    expect(changed).toMatchObject({ enabled: false, config: { webhookUrl: '********', channel: '#alerts' } });
    expect(await reference.integrations.getIntegrations(f.appId)).toEqual([
      expect.objectContaining({
        name: 'ops-slack',
        enabled: false,
        config: { webhookUrl: '********', channel: '#alerts' },
      }),
    ]);
    expect(await reference.integrations.deleteIntegration(f.appId, 'ops-slack')).toEqual({ success: true });
    expect(await ours.integrations.getIntegrations(f.appId)).toEqual([]);
  });

  it('bad input is a 4xx naming the problem; a teammate without the permission gets 403', async () => {
    const call = (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
      f.console(method, `/integrations${path}`, body);
    const bad = async (res: Awaited<ReturnType<typeof call>>, status: number, text: string) => {
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toContain(text);
    };
    await bad(await call('POST', '', { name: 'x', type: 'TELEGRAPH', config: {} }), 400, 'TELEGRAPH');
    await bad(await call('POST', '', { name: '', type: 'SLACK', config: { webhookUrl: SLACK_URL } }), 400, 'name');
    await bad(await call('POST', '', { name: 'x', type: 'SLACK', config: {} }), 400, 'webhookUrl');
    await bad(await call('POST', '', { name: 'x', type: 'SLACK', config: { webhookUrl: 'ftp://a/b' } }), 400, 'http');
    await bad(
      await call('POST', '', { name: 'x', type: 'SLACK', config: { webhookUrl: 'http://127.0.0.1/x' } }),
      400,
      'private address',
    );
    await bad(
      await call('POST', '', { name: 'x', type: 'LOGGING', config: { token: 't', colour: 'red' } }),
      400,
      'colour',
    );
    await bad(await call('PUT', '/nothing', { config: {} }), 404, 'nothing');
    await bad(await call('DELETE', '/nothing'), 404, 'nothing');
    const made = await call('POST', '', { name: 'logs', type: 'logging', config: { token: 'tok-123', level: 'INFO' } });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().config).toEqual({ token: '********', level: 'INFO' });
    await bad(await call('POST', '', { name: 'logs', type: 'LOGGING', config: { token: 't' } }), 409, 'logs');
    await bad(await call('PUT', '/logs', { type: 'SLACK' }), 400, 'type');

    const mate = await registerDeveloper(server());
    await f.console('POST', '/devteam', { email: mate.email });
    await f.console('PUT', `/devteam/${mate.id}/permissions`, [
      { operation: DevOperations.LOG_INTEGRATIONS, access: 'DENY' },
    ]);
    const as = (method: 'GET' | 'DELETE', path: string) =>
      server().call(method, `/${f.appId}/console/integrations${path}`, { authKey: mate.authKey });
    expect((await as('GET', '')).statusCode).toBe(200);
    const refused = await as('DELETE', '/logs');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().details?.operation).toBe(DevOperations.LOG_INTEGRATIONS);
  });
});
