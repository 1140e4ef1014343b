import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { describeEachDb, listenForClients } from '../../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../../appapi/appapi.test-helpers.js';
import { deploy } from '../../test/cloudcode.test-helpers.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

const greeter = (extra = '') => `class Greeter {
  /**
   * Says hello.
   * @param {string} name who to greet
   */
  hello(name) { return 'Hello, ' + name; }
  ${extra}
}
Backendless.ServerCode.addService(Greeter);
`;

describeEachDb('MCP flags of API services', (server) => {
  let f: AppFixture;
  let url: string;

  beforeAll(async () => {
    f = await appFixture(server());
    url = await listenForClients(server());
    await deploy(f, [{ id: 'services/greeter.js', content: greeter() }]);
  });

  it('lists services as the reference expects; enable/disable through our SDK; a redeploy keeps the flag', async () => {
    const mcp = createBasaltClient(url, f.dev.authKey).mcpApiServices;
    const [entry] = await mcp.getMcpApiServices(f.appId);
    expect(entry.serviceInfo).toMatchObject({
      serviceName: 'Greeter',
      version: '1.0.0',
      model: 'default',
      lang: 'JS',
      mode: 'PRODUCTION',
      mcpEnabled: false,
      mcpURL: null,
      hostingProvider: 'API_SERVICE',
    });
    expect(entry.serviceInfo.serviceVersionId).toBe(entry.serviceInfo.serviceId);
    expect(entry.elements).toEqual([
      {
        id: `${entry.serviceInfo.serviceId}:hello`,
        name: 'hello',
        description: 'Says hello.',
        params: [{ name: 'name', type: 'STRING', description: 'who to greet', required: true }],
      },
    ]);

    const enabled = await mcp.enableMcpApiService(f.appId, entry.serviceInfo.serviceVersionId);
    expect(enabled.serviceInfo.mcpEnabled).toBe(true);
    const listed = (await f.console('GET', '/localservices')).json();
    expect(listed[0].mcpEnabled).toBe(true);

    await deploy(f, [
      { id: 'services/greeter.js', content: greeter('/** @param {number} n */ twice(n) { return 2 * n; }') },
    ]);
    const [after] = await mcp.getMcpApiServices(f.appId);
    expect(after.serviceInfo).toMatchObject({ serviceId: entry.serviceInfo.serviceId, mcpEnabled: true });
    expect(after.elements.map((e) => e.name)).toEqual(['hello', 'twice']);

    const disabled = await mcp.disableMcpApiService(f.appId, entry.serviceInfo.serviceVersionId);
    expect(disabled.serviceInfo.mcpEnabled).toBe(false);
  });

  it('works through backendless-console-sdk@3.0.0; an unknown version is 404 naming it; anonymous 401', async () => {
    const mcp = createReferenceClient(url, f.dev.authKey).mcpApiServices;
    const list = await mcp.getMcpApiServices(f.appId);
    const id = list[0].serviceInfo.serviceVersionId;
    await mcp.enableMcpApiService(f.appId, id);
    expect((await mcp.getMcpApiServices(f.appId))[0].serviceInfo.mcpEnabled).toBe(true);
    await mcp.disableMcpApiService(f.appId, id);
    expect((await mcp.getMcpApiServices(f.appId))[0].serviceInfo.mcpEnabled).toBe(false);

    const missing = await f.console('PUT', '/localservices/generic/NOPE/mcp/enable');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toContain("'NOPE'");
    const anonymous = await server().call('GET', `/${f.appId}/console/localservices/generic/mcp/list`);
    expect(anonymous.statusCode).toBe(401);
  });
});
