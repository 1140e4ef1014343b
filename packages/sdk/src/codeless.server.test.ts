/** The SDK's codeless methods (`bl` and `codeless` groups) against the real server, on both databases. */
import { emptyCodelessState } from '@basalt/shared';
import { expect, it } from 'vitest';
import { describeAgainstServer } from './server-session.test-helpers.js';

/** `return a * b` as Blockly saves it. */
const product = {
  blocks: {
    languageVersion: 0,
    blocks: [
      {
        type: 'basalt_entry',
        id: 'entry',
        fields: { KIND: 'method' },
        inputs: {
          DO: {
            block: {
              type: 'basalt_return',
              id: 'ret',
              inputs: {
                VALUE: {
                  block: {
                    type: 'math_arithmetic',
                    id: 'mul',
                    fields: { OP: 'MULTIPLY' },
                    inputs: {
                      A: { block: { type: 'basalt_context_param', id: 'a', fields: { NAME: 'a' } } },
                      B: { block: { type: 'basalt_context_param', id: 'b', fields: { NAME: 'b' } } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    ],
  },
};

describeAgainstServer('SDK codeless against the server', (session) => {
  it('builds a service, deploys its logic, and a bad block comes back named', async () => {
    const { client, appId, url, apiKeys } = session();
    const service = await client.bl.createCodelessService(appId, { name: 'Maths' });
    const method = await client.bl.createCodelessMethod(appId, service.id, {
      name: 'product',
      params: [
        { name: 'a', type: 'NUMBER' },
        { name: 'b', type: 'NUMBER' },
      ],
    });
    const deployed = await client.bl.deployCodelessMethodLogic(appId, service.id, method.id, { logic: product });
    expect(deployed.code).toContain('$params');
    const answer = await fetch(`${url}/${appId}/${apiKeys.REST}/services/Maths/product`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ a: 6, b: 7 }),
    });
    expect(await answer.json()).toBe(42);

    const bad = {
      blocks: {
        blocks: [
          {
            type: 'basalt_entry',
            id: 'e',
            fields: { KIND: 'method' },
            inputs: { DO: { block: { type: 'nope', id: 'x9' } } },
          },
        ],
      },
    };
    await expect(
      client.bl.deployCodelessMethodLogic(appId, service.id, method.id, { logic: bad }),
    ).rejects.toMatchObject({
      status: 400,
      body: { code: 'CLOUD_CODE_DEPLOY_ERROR', details: { blockId: 'x9' } },
    });
    expect((await client.bl.getCodelessMethodLogic(appId, service.id, method.id)).logic).toEqual(product);
  });

  it('keeps a function of the library: created, stored with its blocks, listed, removed', async () => {
    const { client, appId } = session();
    const fn = await client.codeless.createFunction(appId, { name: 'noop', definition: { inputs: [] } });
    const logic = emptyCodelessState('function');
    const stored = await client.codeless.updateFunctionSource(appId, fn.id, '<xml/>', null, { inputs: [] }, logic);
    expect(stored).toMatchObject({ id: fn.id, xml: '<xml/>', logic });
    expect(await client.codeless.loadFunctionSource(appId, fn.id)).toMatchObject({ logic, xml: '<xml/>' });
    expect((await client.codeless.loadFunctions(appId)).map((f) => f.name)).toEqual(['noop']);
    const result = await client.codeless.deployCodelessModel(appId, 'default', [{ type: 'function', id: fn.id }]);
    expect(result).toMatchObject({ status: 'deployed', deployment: { language: 'CODELESS', active: true } });
    await client.codeless.removeFunctionSource(appId, fn.id);
    expect(await client.codeless.loadFunctions(appId)).toEqual([]);
  });

  it("answers a codeless timer's stored logic: none before a deploy, the deployed blocks after", async () => {
    const { client, appId } = session();
    const timer = (await client.bl.createEventHandler(appId, {
      mode: 'DRAFT',
      category: 'TIMER',
      timername: 'tick',
      language: 'CODELESS',
      model: 'default',
      frequency: { schedule: 'custom', repeat: { every: 3600 } },
      startDate: Date.now() + 3_600_000,
    })) as { id: string };
    expect(await client.codeless.loadCodelessLogic(appId, 'default', 'timer', timer.id)).toMatchObject({
      logic: null,
      code: '',
    });
    const logic = emptyCodelessState('timer');
    await client.codeless.deployCodelessModel(appId, 'default', [{ type: 'timer', id: timer.id, logic }]);
    expect((await client.codeless.loadCodelessLogic(appId, 'default', 'timer', timer.id)).logic).toEqual(logic);
    await expect(client.codeless.loadCodelessLogic(appId, 'default', 'handler', timer.id)).rejects.toMatchObject({
      status: 404,
    });
  });
});
