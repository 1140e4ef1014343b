import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import Backendless from 'backendless';
import { describeEachDb, listenForClients } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';

// The published clients, unchanged: the console client (`bl` group) creates, deploys, lists and
// describes a service; the app SDK invokes it.
const require = createRequire(import.meta.url);
const createClient: (serverUrl: string, authKey?: string) => any = require('backendless-console-sdk').createClient;

type Sdk = typeof Backendless & { CustomServices: { invoke(s: string, m: string, a?: unknown): Promise<unknown> } };

const GREETER = `/**
 * Says hello.
 */
class Greeter {
  hello(name) {
    return 'Hello, ' + name;
  }

  /**
   * @param {string} x
   */
  getItems(x) {
    return { x, query: this.request.queryParams };
  }
}

Backendless.ServerCode.addService(Greeter, [{ name: 'greeting', displayName: 'Greeting', type: 'STRING' }]);
`;

describeEachDb('published clients and cloud code', (server) => {
  let f: AppFixture;
  let url: string;
  let bl: any;

  beforeAll(async () => {
    f = await appFixture(server());
    url = await listenForClients(server());
    bl = createClient(url, f.dev.authKey).bl;
  });

  it('createJsService, deployDraftFiles, getServices and getServiceSpec of backendless-console-sdk@3.0.0', async () => {
    const created = await bl.createJsService(f.appId, { name: 'Greeter' });
    expect(created).toMatchObject({ name: 'Greeter', model: 'default' });
    expect(await bl.getModels(f.appId, 'JS')).toEqual(['default']);

    await bl.saveDraftFiles(f.appId, 'JS', 'default', [{ id: 'services/sub dir/greeter v1.js', content: GREETER }]);
    expect(await bl.getDraftFileContent(f.appId, 'JS', 'default', 'services/sub dir/greeter v1.js')).toBe(GREETER);
    const drafts = await bl.getDraftFiles(f.appId, 'JS', 'default');
    expect(drafts.map((d: { id: string }) => d.id).sort()).toEqual([
      'services/Greeter.js',
      'services/sub dir/greeter v1.js',
    ]);

    const deployed = await bl.deployDraftFiles(f.appId, 'JS', 'default', [
      { id: 'services/Greeter.js', deleted: true },
    ]);
    expect(deployed).toMatchObject({ services: ['Greeter'], active: true });

    const services = await bl.getServices(f.appId);
    expect(services).toHaveLength(1);
    expect(services[0].configuration).toBeUndefined();
    expect(services[0].configDescriptions).toEqual([
      expect.objectContaining({ name: 'greeting', label: 'Greeting', type: 'STRING' }),
    ]);

    const spec = await bl.getServiceSpec(f.appId, services[0].id);
    expect(spec.summary.info).toMatchObject({ title: 'Greeter', description: 'Says hello.' });
    expect(spec.methods.hello).toMatchObject({ id: 'hello', type: 'post', path: '/services/Greeter/hello' });
    expect(spec.methods.getItems).toMatchObject({ id: 'getItems', type: 'get', path: '/services/Greeter/items' });

    await expect(
      bl.deployDraftFiles(f.appId, 'JS', 'default', [{ id: 'oops.js', content: 'let = ;' }]),
    ).rejects.toMatchObject({ status: 400 });
  });

  it('the backendless SDK invokes the deployed service (a text argument sent raw)', async () => {
    const sdk = Backendless.initApp({
      serverURL: url,
      appId: f.appId,
      apiKey: f.keys.JS,
      standalone: true,
    } as never) as unknown as Sdk;
    expect(await sdk.CustomServices.invoke('Greeter', 'hello', 'Ann')).toBe('Hello, Ann');
    expect(await sdk.CustomServices.invoke('Greeter', 'getItems', { x: 'y' })).toMatchObject({ x: 'y' });
  });
});
