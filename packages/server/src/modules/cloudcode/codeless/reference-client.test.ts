import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import Backendless from 'backendless';
import { describeEachDb, listenForClients } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { add, logic, param, ret } from './codeless.test-helpers.js';

// The published clients, unchanged: the console client (backendless-console-sdk@3.0.0, `bl` and
// `codeless` groups) builds and deploys a codeless service; the app SDK invokes it.
const require = createRequire(import.meta.url);
const createClient: (serverUrl: string, authKey?: string) => any = require('backendless-console-sdk').createClient;

type Sdk = typeof Backendless & { CustomServices: { invoke(s: string, m: string, a?: unknown): Promise<unknown> } };

describeEachDb('the reference console client and codeless', (server) => {
  let f: AppFixture;
  let url: string;
  let client: any;

  beforeAll(async () => {
    f = await appFixture(server());
    url = await listenForClients(server());
    client = createClient(url, f.dev.authKey);
  });

  it('creates a service and a method, deploys its logic, and the app SDK invokes it', async () => {
    const { bl } = client;
    const service = await bl.createCodelessService(f.appId, { name: 'Adder', language: 'CODELESS' });
    expect(service).toMatchObject({ name: 'Adder', type: 'CODELESS' });
    const method = await bl.createCodelessMethod(f.appId, service.id, {
      name: 'sum',
      params: [
        { name: 'a', type: 'NUMBER' },
        { name: 'b', type: 'NUMBER' },
      ],
    });
    const validated = await bl.deployCodelessMethodLogic(
      f.appId,
      service.id,
      method.id,
      { logic: logic('method', ret(add(param('a', 'pa'), param('b', 'pb')))) },
      { validate: true },
    );
    expect(validated.code).toContain('$params');
    await bl.deployCodelessMethodLogic(f.appId, service.id, method.id, {
      logic: logic('method', ret(add(param('a', 'pa'), param('b', 'pb')))),
      code: 'return 0;',
    });
    expect((await bl.getCodelessMethodLogic(f.appId, service.id, method.id)).clientCode).toBe('return 0;');

    const sdk = Backendless.initApp({ serverURL: url, appId: f.appId, apiKey: f.keys.JS, standalone: true } as never);
    expect(await (sdk as unknown as Sdk).CustomServices.invoke('Adder', 'sum', { a: 2, b: 3 })).toBe(5);

    const listed = await bl.getServices(f.appId);
    expect(listed).toEqual([expect.objectContaining({ id: service.id, name: 'Adder' })]);
    const spec = await bl.getServiceSpec(f.appId, service.id);
    expect(spec.methods.sum).toMatchObject({ id: 'sum', type: 'post', path: '/services/Adder/sum' });

    await expect(bl.getCodelessMethodLogic(f.appId, service.id, 'nope')).rejects.toMatchObject({ status: 404 });
    await bl.deleteCodelessMethod(f.appId, service.id, method.id);
    await bl.deleteCodelessService(f.appId, service.id);
    expect(await bl.getServices(f.appId)).toEqual([]);
  });

  it('keeps a function source as the codeless group sends it and deploys the model', async () => {
    const { codeless } = client;
    const fn = await codeless.createFunction(f.appId, { name: 'TestFunction', description: 'A test function' });
    expect(await codeless.loadFunctions(f.appId)).toEqual([
      expect.objectContaining({ id: fn.id, name: 'TestFunction' }),
    ]);
    const definition = { inputs: [{ name: 'param1', type: 'string' }], outputs: [] };
    await codeless.updateFunctionSource(f.appId, fn.id, '<blocks/>', 'function x() {}', definition);
    expect(await codeless.loadFunctionSource(f.appId, fn.id)).toMatchObject({
      xml: '<blocks/>',
      clientCode: 'function x() {}',
      definition,
    });
    const deployed = await codeless.deployCodelessModel(f.appId, 'default', [{ type: 'function', id: fn.id }]);
    expect(deployed).toMatchObject({ status: 'deployed', deployedItems: 1, deployment: { language: 'CODELESS' } });
    await codeless.removeFunctionSource(f.appId, fn.id);
    await expect(codeless.loadFunctionSource(f.appId, fn.id)).rejects.toMatchObject({ status: 404 });
  });
});
