import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { deploy } from './cloudcode.test-helpers.js';

const greeter = (word: string) => `class Greeter { hello(name) { return '${word}, ' + name; } }
Backendless.ServerCode.addService(Greeter);
`;

describeEachDb('cloud code services in several models', (server) => {
  let f: AppFixture;
  beforeAll(async () => {
    f = await appFixture(server());
    await deploy(f, [{ id: 'services/greeter.js', content: greeter('Hello') }]);
    expect((await f.console('POST', '/servercode/models/create', { language: 'JS', model: 'extra' })).statusCode).toBe(
      200,
    );
    await deploy(f, [{ id: 'services/greeter.js', content: greeter('Hey') }], 'extra');
  });

  it('answers from the default model until another is chosen; updateService changes the description', async () => {
    const services = (await f.console('GET', '/localservices')).json() as Array<{
      id: string;
      model: string;
      defaultModel: boolean;
    }>;
    expect(services.map((s) => [s.model, s.defaultModel])).toEqual([
      ['default', true],
      ['extra', false],
    ]);
    expect((await f.api('POST', '/services/Greeter/hello', { body: 'Ann' })).json()).toBe('Hello, Ann');

    const chosen = await f.console('PUT', '/localservices/default-model', { serviceName: 'Greeter', model: 'extra' });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await f.api('POST', '/services/Greeter/hello', { body: 'Ann' })).json()).toBe('Hey, Ann');
    expect(
      (await f.console('PUT', '/localservices/default-model', { serviceName: 'Greeter', model: 'nowhere' })).statusCode,
    ).toBe(404);

    const extra = services.find((s) => s.model === 'extra')!;
    const updated = await f.console('PUT', `/localservices/generic/${extra.id}/update`, {
      description: 'The other one',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ description: 'The other one', defaultModel: true });
  });

  it('keeps the service id across deploys, so its permissions stay', async () => {
    const before = (await f.console('GET', '/localservices')).json() as Array<{ id: string; model: string }>;
    await deploy(f, [{ id: 'services/greeter.js', content: greeter('Hello again') }]);
    const after = (await f.console('GET', '/localservices')).json() as Array<{ id: string; model: string }>;
    expect(after.map((s) => s.id)).toEqual(before.map((s) => s.id));
  });
});
