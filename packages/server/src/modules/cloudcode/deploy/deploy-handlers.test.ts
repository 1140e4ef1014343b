import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, listenForClients } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';

const require = createRequire(import.meta.url);
const createClient = (require('backendless-console-sdk') as { createClient: (url: string, key?: string) => any })
  .createClient;

type Rec = Record<string, unknown>;

const UPPER = `Backendless.ServerCode.Persistence.beforeCreate('Person', async (req) => { req.item.name = String(req.item.name).toUpperCase(); });`;
const LOWER = `Backendless.ServerCode.Persistence.beforeCreate('Person', async (req) => { req.item.name = String(req.item.name).toLowerCase(); });`;

/*
 * The console's way to a handler, with the published client: declare it (a DRAFT stub joins the
 * drafts), write the stub, deploy. The deploy alone must make it run, at once, for the app API and
 * for the data browser, and a rollback must bring the earlier code back just as fast.
 */
describeEachDb('handlers made by a deploy', (server) => {
  let f: AppFixture;
  let bl: any;
  const viaApi = async (name: string) => ((await f.api('POST', '/data/Person', { body: { name } })).json() as Rec).name;
  const viaConsole = async (name: string) => ((await f.console('POST', '/data/Person', { name })).json() as Rec).name;

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('Person', [{ name: 'name', dataType: 'STRING' }]);
    bl = createClient(await listenForClients(server()), f.dev.authKey).bl;
  });

  it('runs a deployed before-create handler for app API and console writes, and a rollback brings back the earlier one', async () => {
    await bl.createEventHandler(f.appId, {
      mode: 'DRAFT',
      category: 'PERSISTENCE',
      eventId: 100,
      target: 'Person',
      language: 'JS',
      model: 'default',
    });
    const [stub] = (await bl.getDraftFiles(f.appId, 'JS', 'default')) as Array<{ id: string }>;
    expect(stub.id).toMatch(/beforeCreate/);
    expect(await viaApi('ann')).toBe('ann');

    const first = await bl.deployDraftFiles(f.appId, 'JS', 'default', [{ id: stub.id, content: UPPER }]);
    expect(first.handlers).toBe(1);
    expect(await viaApi('ann')).toBe('ANN');
    expect(await viaConsole('bob')).toBe('BOB');

    await bl.deployDraftFiles(f.appId, 'JS', 'default', [{ id: stub.id, content: LOWER }]);
    expect(await viaApi('CY')).toBe('cy');

    // Rollback is a Basalt addition: the reference client has no method for it.
    const back = await f.console('POST', `/servercode/default/deployments/JS/${first.id}/activate`);
    expect(back.statusCode).toBe(200);
    expect(await viaApi('dee')).toBe('DEE');
  });
});
