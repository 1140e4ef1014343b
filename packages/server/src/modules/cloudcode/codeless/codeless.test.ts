import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { add, logic, param, ret, text, variable } from './codeless.test-helpers.js';

type Res = { statusCode: number; body: string; json(): any };
const ok = (res: Res) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** `return a + b` for a method with parameters a and b. */
const SUM = logic('method', ret(add(param('a', 'pa'), param('b', 'pb'))));

describeEachDb('codeless services, functions and handlers', (server) => {
  let f: AppFixture;
  let calc: { id: string; name: string };
  let sum: { id: string };

  beforeAll(async () => {
    f = await appFixture(server());
    calc = ok(await f.console('POST', '/localservices/codeless', { name: 'Calc', description: 'Sums.' }));
  });

  it('sum(a, b) built from blocks answers 5 for {a: 2, b: 3} through the app API', async () => {
    expect(calc).toMatchObject({ name: 'Calc', model: 'default', type: 'CODELESS', methods: [] });
    sum = ok(
      await f.console('POST', `/localservices/codeless/${calc.id}/`, {
        name: 'sum',
        params: [
          { name: 'a', type: 'NUMBER' },
          { name: 'b', type: 'NUMBER' },
        ],
      }),
    );
    expect(sum).toMatchObject({ name: 'sum', method: 'POST', path: '/sum', hasLogic: false });
    // A method without logic answers null.
    expect(ok(await f.api('POST', '/services/Calc/sum', { body: { a: 2, b: 3 } }))).toBeNull();

    const deployed = ok(await f.console('PUT', `/localservices/codeless/${calc.id}/${sum.id}/logic`, { logic: SUM }));
    expect(deployed.code).toContain('return');
    expect(ok(await f.api('POST', '/services/Calc/sum', { body: { a: 2, b: 3 } }))).toBe(5);

    // Listed, described and typed like a JS service; the deployed service keeps the codeless id.
    const services = ok(await f.console('GET', '/localservices'));
    expect(services).toEqual([expect.objectContaining({ id: calc.id, name: 'Calc', type: 'CODELESS' })]);
    const methods = ok(await f.console('GET', `/localservices/${calc.id}/methods`));
    expect(methods).toEqual([
      expect.objectContaining({
        name: 'sum',
        method: 'POST',
        params: [expect.objectContaining({ name: 'a', type: 'number' }), expect.objectContaining({ name: 'b' })],
      }),
    ]);
    const spec = ok(await f.console('GET', `/localservices/${calc.id}/api-docs`));
    expect(spec.paths['/services/Calc/sum'].post.operationId).toBe('sum');
    // The JSDoc types apply: a text where a number is expected is a 400 naming the parameter.
    const wrong = await f.api('POST', '/services/Calc/sum', { body: { a: 'x', b: 3 } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain("'a'");
    const api = ok(await f.console('GET', '/codeless/api-services'));
    expect(api).toEqual([
      expect.objectContaining({ name: 'Calc', methods: [expect.objectContaining({ name: 'sum' })] }),
    ]);
  });

  it('ignores a supplied code that disagrees: it is stored as clientCode and never run', async () => {
    const lie = 'return 999;';
    const answer = ok(
      await f.console('PUT', `/localservices/codeless/${calc.id}/${sum.id}/logic`, {
        logic: SUM,
        code: lie,
        xml: '<xml/>',
      }),
    );
    expect(answer.clientCode).toBe(lie);
    expect(answer.code).not.toContain('999');
    expect(ok(await f.api('POST', '/services/Calc/sum', { body: { a: 2, b: 3 } }))).toBe(5);
    const stored = ok(await f.console('GET', `/localservices/codeless/${calc.id}/${sum.id}/logic`));
    expect(stored).toMatchObject({ logic: SUM, xml: '<xml/>', clientCode: lie });
    expect(stored.code).toBe(answer.code);
  });

  it('bad logic is a 400 naming the item and the block, and production stays as it was', async () => {
    const bad = logic('method', ret({ type: 'no_such_block', id: 'bad-block-7' }));
    const res = await f.console('PUT', `/localservices/codeless/${calc.id}/${sum.id}/logic`, { logic: bad });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('CLOUD_CODE_DEPLOY_ERROR');
    expect(body.message).toContain('Calc.sum');
    expect(body.message).toContain('bad-block-7');
    expect(body.details).toMatchObject({ item: { type: 'method', id: sum.id }, blockId: 'bad-block-7' });
    expect(ok(await f.api('POST', '/services/Calc/sum', { body: { a: 2, b: 3 } }))).toBe(5);
    expect(ok(await f.console('GET', `/localservices/codeless/${calc.id}/${sum.id}/logic`)).logic).toEqual(SUM);
    // ?validate=true checks without deploying.
    const checked = await f.console('PUT', `/localservices/codeless/${calc.id}/${sum.id}/logic?validate=true`, {
      logic: logic('method', ret(text('t', 'checked'))),
    });
    expect(ok(checked).code).toContain('checked');
    expect(ok(await f.api('POST', '/services/Calc/sum', { body: { a: 2, b: 3 } }))).toBe(5);
  });

  it('an unknown service, method or function id is a 404 naming it', async () => {
    const cases: Array<[string, string, unknown?]> = [
      ['GET', '/localservices/codeless/NO-SUCH-SERVICE/x/logic'],
      ['PUT', `/localservices/codeless/NO-SUCH-SERVICE`, { description: 'd' }],
      ['POST', `/localservices/codeless/NO-SUCH-SERVICE/`, { name: 'm' }],
      ['GET', `/localservices/codeless/${calc.id}/NO-SUCH-METHOD/logic`],
      ['DELETE', `/localservices/codeless/${calc.id}/NO-SUCH-METHOD`],
      ['GET', '/codeless/functions/NO-SUCH-FUNCTION'],
      ['PUT', '/codeless/functions/NO-SUCH-FUNCTION', { xml: '<x/>', code: '', definition: {} }],
      ['DELETE', '/codeless/functions/NO-SUCH-FUNCTION'],
    ];
    for (const [method, path, body] of cases) {
      const res = await f.console(method as 'GET', path, body);
      expect(res.statusCode, `${method} ${path}`).toBe(404);
      expect(res.json().message).toMatch(/NO-SUCH-(SERVICE|METHOD|FUNCTION)/);
    }
    const item = await f.console('POST', '/codeless/deploy/default', [{ type: 'function', id: 'NO-SUCH-FUNCTION' }]);
    expect(item.statusCode).toBe(404);
    expect(item.json().message).toContain('NO-SUCH-FUNCTION');
  });

  it('loadFunctionSource returns what updateFunctionSource stored; a method calling the function works', async () => {
    const fn = ok(
      await f.console('POST', '/codeless/functions', { name: 'twice', definition: { inputs: [{ name: 'x' }] } }),
    );
    expect(ok(await f.console('GET', '/codeless/functions'))).toEqual([
      expect.objectContaining({ id: fn.id, name: 'twice', type: 'codeless' }),
    ]);
    const twice = logic('function', ret(add(param('x', 'px1'), param('x', 'px2'))));
    const definition = { inputs: [{ name: 'x', type: 'NUMBER' }], outputs: [] };
    ok(
      await f.console('PUT', `/codeless/functions/${fn.id}`, {
        xml: '<xml>twice</xml>',
        code: 'not run',
        definition,
        logic: twice,
      }),
    );
    const source = ok(await f.console('GET', `/codeless/functions/${fn.id}`));
    expect(source).toMatchObject({
      id: fn.id,
      xml: '<xml>twice</xml>',
      clientCode: 'not run',
      definition,
      logic: twice,
    });
    expect(source.code).toContain('$params');

    const quad = ok(await f.console('POST', `/localservices/codeless/${calc.id}/`, { name: 'quad', params: ['n'] }));
    // quad(n): v = {}; v.x = n; return twice(v) + twice(v)
    const v = variable('v', 'var-v');
    const call = (id: string) => ({
      type: 'basalt_call_function',
      id,
      fields: { FUNCTION: fn.id },
      inputs: { ARGS: { block: v.get(`${id}-get`) } },
    });
    const quadLogic = {
      ...logic(
        'method',
        v.set('set-v', { type: 'basalt_object_new', id: 'new-obj' }),
        {
          type: 'basalt_object_set',
          id: 'set-x',
          inputs: {
            OBJECT: { block: v.get('get-v') },
            KEY: { block: text('key-x', 'x') },
            VALUE: { block: param('n', 'pn') },
          },
        },
        ret(add(call('c1'), call('c2'))),
      ),
      variables: [v.declaration],
    };
    ok(await f.console('PUT', `/localservices/codeless/${calc.id}/${quad.id}/logic`, { logic: quadLogic }));
    expect(ok(await f.api('POST', '/services/Calc/quad', { body: { n: 5 } }))).toBe(20);

    // A function the deployed logic calls cannot be removed; after the method is gone it can.
    expect((await f.console('DELETE', `/codeless/functions/${fn.id}`)).statusCode).toBe(409);
    ok(await f.console('DELETE', `/localservices/codeless/${calc.id}/${quad.id}`));
    expect((await f.api('POST', '/services/Calc/quad', { body: { n: 5 } })).statusCode).toBe(404);
    ok(await f.console('DELETE', `/codeless/functions/${fn.id}`));
    expect((await f.console('GET', `/codeless/functions/${fn.id}`)).statusCode).toBe(404);
  });

  it("a codeless beforeCreate('Person') sets a default column, its logic deployed with deployCodelessModel", async () => {
    await f.table('Person', [
      { name: 'name', dataType: 'STRING' },
      { name: 'country', dataType: 'STRING' },
    ]);
    const handler = ok(
      await f.console('POST', '/servercode/draft/events', {
        eventId: 100,
        target: 'Person',
        language: 'CODELESS',
        model: 'default',
      }),
    );
    expect(handler).toMatchObject({ language: 'CODELESS', event: 'beforeCreate', target: 'Person' });
    // Before any deploy the handler has no logic; the console then starts from an empty workspace.
    expect(ok(await f.console('GET', `/codeless/logic/default/handler/${handler.id}`))).toMatchObject({
      logic: null,
      code: '',
      updated: null,
    });
    const setCountry = logic('handler', {
      type: 'basalt_handler_set_item_field',
      id: 'set-country',
      fields: { KEY: 'country' },
      inputs: { VALUE: { block: text('nz', 'NZ') } },
    });
    const result = ok(
      await f.console('POST', '/codeless/deploy/default', [
        { type: 'handler', id: handler.id, logic: setCountry },
        { type: 'service', id: calc.id },
      ]),
    );
    expect(result).toMatchObject({
      status: 'deployed',
      deployedItems: 2,
      deployment: { handlers: 1, services: ['Calc'] },
    });
    const stored = ok(await f.console('GET', `/codeless/logic/default/handler/${handler.id}`));
    expect(stored.logic).toEqual(setCountry);
    expect(stored.code).toContain('country');
    expect(typeof stored.updated).toBe('number');
    expect((await f.console('GET', '/codeless/logic/default/handler/nope')).statusCode).toBe(404);
    expect((await f.console('GET', `/codeless/logic/default/bogus/${handler.id}`)).statusCode).toBe(400);
    expect((await f.console('GET', `/codeless/logic/missing-model/handler/${handler.id}`)).statusCode).toBe(404);
    const saved = ok(await f.api('POST', '/data/Person', { body: { name: 'Ann' } }));
    expect(saved).toMatchObject({ name: 'Ann', country: 'NZ' });
    // The service deployed with it still answers.
    expect(ok(await f.api('POST', '/services/Calc/sum', { body: { a: 2, b: 3 } }))).toBe(5);
    // Production rows of the CODELESS model: the handler runs as a deployed one.
    const listed = ok(await f.console('GET', '/servercode?mode=PRODUCTION')) as Array<Record<string, unknown>>;
    expect(listed).toContainEqual(
      expect.objectContaining({ language: 'CODELESS', event: 'beforeCreate', deployed: true }),
    );
  });

  it('a codeless custom event answers its logic; a codeless timer runs its logic', async () => {
    const event = ok(
      await f.console('POST', '/servercode/draft/events', { eventId: 900, target: 'greet', language: 'CODELESS' }),
    );
    const timer = ok(
      await f.console('POST', '/servercode/draft/timers', {
        timername: 'tick',
        language: 'CODELESS',
        frequency: { schedule: 'custom', repeat: { every: 3600 } },
        startDate: Date.now() + 3_600_000,
      }),
    );
    const greet = logic('event', ret(add(text('hello', 'Hello, '), param('who', 'who'))));
    const tick = logic('timer', {
      type: 'basalt_evaluate',
      id: 'eval',
      inputs: {
        VALUE: {
          block: { type: 'basalt_counter_increment', id: 'inc', inputs: { NAME: { block: text('n', 'ticks') } } },
        },
      },
    });
    const deployed = ok(
      await f.console('POST', '/codeless/deploy/default', [
        { type: 'event', id: event.id, logic: greet },
        { type: 'timer', id: timer.id, logic: tick },
      ]),
    );
    expect(deployed.deployment).toMatchObject({ handlers: 2, timers: 1 });
    expect(ok(await f.api('POST', '/servercode/events/greet', { body: { who: 'Ann' } }))).toEqual({
      result: 'Hello, Ann',
    });
    expect(ok(await f.console('POST', '/servercode/production/timers/tick/run'))).toEqual({
      status: 'ok',
      error: null,
    });
    expect(ok(await f.api('GET', '/counters/ticks'))).toBe(1);
    // The logic survives a later deploy of the model (the handler rows are replaced, their logic is not).
    ok(await f.console('POST', '/codeless/deploy/default', []));
    expect(ok(await f.console('GET', `/codeless/logic/default/timer/${timer.id}`)).logic).toEqual(tick);
    expect(ok(await f.console('GET', `/codeless/logic/default/event/${event.id}`)).logic).toEqual(greet);
    // A timer id is not a handler's.
    expect((await f.console('GET', `/codeless/logic/default/handler/${timer.id}`)).statusCode).toBe(404);
    expect(ok(await f.api('POST', '/servercode/events/greet', { body: { who: 'Bo' } }))).toEqual({
      result: 'Hello, Bo',
    });
  });

  it('renames and deletes a service; names are checked', async () => {
    const bad = await f.console('POST', '/localservices/codeless', { name: 'class' });
    expect(bad.statusCode).toBe(400);
    expect((await f.console('POST', '/localservices/codeless', { name: 'Calc' })).statusCode).toBe(409);
    const tmp = ok(await f.console('POST', '/localservices/codeless', { name: 'Temp' }));
    const m = ok(await f.console('POST', `/localservices/codeless/${tmp.id}/`, { name: 'getHello', type: 'GET' }));
    expect(m).toMatchObject({ method: 'GET', path: '/getHello' });
    ok(
      await f.console('PUT', `/localservices/codeless/${tmp.id}/${m.id}/logic`, {
        logic: logic('method', ret(text('h', 'hi'))),
      }),
    );
    expect(ok(await f.api('GET', '/services/Temp/getHello'))).toBe('hi');
    const renamed = ok(await f.console('PUT', `/localservices/codeless/${tmp.id}`, { name: 'Temp2' }));
    expect(renamed).toMatchObject({ id: tmp.id, name: 'Temp2' });
    expect(ok(await f.api('GET', '/services/Temp2/getHello'))).toBe('hi');
    expect((await f.api('GET', '/services/Temp/getHello')).statusCode).toBe(404);
    ok(await f.console('DELETE', `/localservices/codeless/${tmp.id}`));
    expect((await f.api('GET', '/services/Temp2/getHello')).statusCode).toBe(404);
    expect((await f.console('GET', `/localservices/${tmp.id}/methods`)).statusCode).toBe(404);

    // The generic delete removes a codeless service's source too: the next deploy does not bring it back.
    const gone = ok(await f.console('POST', '/localservices/codeless', { name: 'Gone' }));
    ok(await f.console('DELETE', '/localservices/generic', [gone.id]));
    ok(await f.console('POST', '/codeless/deploy/default', []));
    const names = (ok(await f.console('GET', '/localservices')) as Array<{ name: string }>).map((x) => x.name);
    expect(names).not.toContain('Gone');
    expect((await f.console('PUT', `/localservices/codeless/${gone.id}`, { description: 'd' })).statusCode).toBe(404);
  });
  it('loadApiServices gives codeless methods their ids, logic state and declared parameters; a function is renamed', async () => {
    const api = ok(await f.console('GET', '/codeless/api-services')) as Array<Record<string, any>>;
    const listed = api.find((s) => s.id === calc.id)!;
    expect(listed).toMatchObject({ name: 'Calc', type: 'CODELESS' });
    expect(listed.methods.find((m: { name: string }) => m.name === 'sum')).toMatchObject({
      id: sum.id,
      hasLogic: true,
      codelessParams: [
        { name: 'a', type: 'NUMBER' },
        { name: 'b', type: 'NUMBER' },
      ],
    });

    const fn = ok(await f.console('POST', '/codeless/functions', { name: 'before', definition: { inputs: [] } }));
    const renamed = ok(await f.console('PUT', `/codeless/functions/${fn.id}`, { name: ' after ' }));
    expect(renamed).toMatchObject({ id: fn.id, name: 'after' });
    expect(ok(await f.console('GET', '/codeless/functions'))).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: fn.id, name: 'after' })]),
    );
    const bad = await f.console('PUT', `/codeless/functions/${fn.id}`, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('name');
    ok(await f.console('DELETE', `/codeless/functions/${fn.id}`));
  });
});
