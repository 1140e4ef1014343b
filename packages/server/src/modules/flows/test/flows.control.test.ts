import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { flowsFixture, poll, type FlowsFixture } from './flows.test-helpers.js';

const GREETER = `
class Greeter {
  hello(name) {
    return 'Hello, ' + name;
  }
}
Backendless.ServerCode.addService(Greeter);
`;

type Step = { elementId: string; status: string };
const el = (id: string, type: string, config: object, name = id) => ({ id, name, type, config });
const link = (from: string, to: string, port = 'out') => ({ from, to, port });
const ret = (id: string, values: object) => el(id, 'control.returnResult', { values });
const setVars = (id: string, values: object) => el(id, 'action.setVariables', { values });

/**
 * The action and control elements run by the engine, on both databases: router, list iterator,
 * repeat with its failsafe, parallel branches and synchronize, variables, instance name, shared
 * memory with expiry, the JSONata transformer and its budget, call flow and sub flow, deleting a
 * record, publishing, and the service and email steps' refusals.
 */
describeEachDb('flows: action and control elements', (server) => {
  let x: FlowsFixture;
  const auto = () => x.ref.automation;
  const flow = async (name: string, elements: object[], transitions: object[]) => {
    const v = await auto().createFlow(x.f.appId, {
      name,
      elements: [el('start', 'trigger.api', {}, 'Called'), ...elements],
      transitions,
    });
    expect(v.validationErrors).toEqual([]);
    return auto().enableFlow(x.f.appId, v.id);
  };
  const activate = async (name: string, data: object) => {
    const res = await x.f.api('POST', '/automation/flow/activate-by-name', { body: { name, initialData: data } });
    expect(res.statusCode).toBe(200);
    return res.json().executionId as string;
  };
  const finish = async (v: { flowId: string; id: string }, executionId: string) => {
    await poll(
      () => auto().getFlowInstanceAnalytics(x.f.appId, v.flowId, v.id, executionId),
      (r: any) => ['COMPLETED', 'FAILED', 'STOPPED'].includes(r.status),
    );
    return auto().getFlowInstanceAnalytics(x.f.appId, v.flowId, v.id, executionId);
  };
  const run = async (name: string, elements: object[], transitions: object[], data: object = {}) => {
    const v = await flow(name, elements, transitions);
    return finish(v, await activate(name, data));
  };

  beforeAll(async () => {
    x = await flowsFixture(server());
  });

  it('routes by value, sets variables and the instance name, and transforms with JSONata', async () => {
    const elements = [
      setVars('vars', { kind: '{{ $initial.kind }}', n: '{{ $initial.n }}' }),
      el('name', 'action.assignName', { name: 'order {{ $initial.n }}' }),
      el('route', 'control.router', {
        value: '{{ $vars.kind }}',
        routes: [{ value: 'a', port: 'alpha' }, { value: 'b' }],
      }),
      el('shape', 'action.transform', {
        expression: '{ "label": $vars.kind & "-" & $string($vars.n * 2), "sum": $sum($initial.list) }',
      }),
      ret('endA', { out: '{{ $results["shape"] }}', name: '{{ $instance.name }}' }),
      ret('endB', { out: 'b' }),
      ret('endOther', { out: 'default' }),
    ];
    const transitions = [
      link('start', 'vars'),
      link('vars', 'name'),
      link('name', 'route'),
      link('route', 'shape', 'alpha'),
      link('shape', 'endA'),
      link('route', 'endB', 'b'),
      link('route', 'endOther', 'default'),
    ];
    const v = await flow('Routes', elements, transitions);
    const a = await finish(v, await activate('Routes', { kind: 'a', n: 21, list: [1, 2, 3] }));
    expect(a.status).toBe('COMPLETED');
    expect(a.result).toEqual({ out: { label: 'a-42', sum: 6 }, name: 'order 21' });
    expect((await finish(v, await activate('Routes', { kind: 'b', n: 1 }))).result).toEqual({ out: 'b' });
    const other = await finish(v, await activate('Routes', { kind: 'zzz', n: 1 }));
    expect(other.result).toEqual({ out: 'default' });
    expect(other.steps.map((s: Step) => s.elementId)).toEqual(['start', 'vars', 'name', 'route', 'endOther']);
  });

  it('iterates a list with $iteration, repeats while a condition holds and stops at the failsafe', async () => {
    const done = await run(
      'Loops',
      [
        setVars('init', { sum: 0, seen: '', n: 0 }),
        el('each', 'control.forEach', { list: '{{ $initial.items }}' }),
        setVars('add', { sum: '{{ $vars.sum + $iteration.item }}', seen: '{{ $vars.seen + $iteration.index }}' }),
        el('again', 'control.repeat', { while: '{{ $vars.n < 3 }}', maxIterations: 10 }),
        setVars('inc', { n: '{{ $vars.n + 1 }}' }),
        el('forever', 'control.repeat', { while: true, maxIterations: 4 }),
        ret('end', {
          sum: '{{ $vars.sum }}',
          seen: '{{ $vars.seen }}',
          n: '{{ $vars.n }}',
          each: '{{ $results["each"] }}',
          again: '{{ $results["again"] }}',
          forever: '{{ $results["forever"] }}',
        }),
      ],
      [
        link('start', 'init'),
        link('init', 'each'),
        link('each', 'add', 'body'),
        link('each', 'again'),
        link('again', 'inc', 'body'),
        link('inc', 'again'),
        link('again', 'forever'),
        link('forever', 'end'),
      ],
      { items: [5, 10, 20] },
    );
    expect(done.status).toBe('COMPLETED');
    expect(done.result).toEqual({
      sum: 35,
      seen: '012',
      n: 3,
      each: { count: 3 },
      again: { iterations: 3, limitReached: false },
      forever: { iterations: 4, limitReached: true },
    });
    expect(done.steps.filter((s: Step) => s.elementId === 'add')).toHaveLength(3);
  });

  it('runs parallel branches side by side and synchronizes them once', async () => {
    const done = await run(
      'Branches',
      [
        el('fork', 'control.parallel', {}),
        el('slow', 'control.delay', { seconds: 1 }),
        setVars('a', { a: 1 }),
        setVars('b', { b: 2 }),
        el('join', 'control.join', {}),
        ret('end', { a: '{{ $vars.a }}', b: '{{ $vars.b }}', join: '{{ $results["join"] }}' }),
      ],
      [
        link('start', 'fork'),
        link('fork', 'slow', 'branch-1'),
        link('slow', 'a'),
        link('fork', 'b', 'branch-2'),
        link('a', 'join'),
        link('b', 'join'),
        link('join', 'end'),
      ],
    );
    expect(done.status).toBe('COMPLETED');
    expect(done.result).toEqual({ a: 1, b: 2, join: { branches: 2 } });
    const order = done.steps.map((s: Step) => s.elementId);
    // The branch without the delay does not wait for the other; the synchronize runs once.
    expect(order.indexOf('b')).toBeLessThan(order.indexOf('a'));
    expect(order.filter((id: string) => id === 'join')).toEqual(['join']);
    expect(order.at(-1)).toBe('end');
  });

  it('keeps shared memory per flow across instances, and forgets a value when its time is up', async () => {
    const elements = [
      el('set', 'action.sharedSet', { key: 'count', value: '{{ ($shared.count || 0) + 1 }}', ttlSeconds: 60 }),
      el('short', 'action.sharedSet', { key: 'brief', value: 'here', ttlSeconds: 1 }),
      el('get', 'action.sharedGet', { key: 'count' }),
      el('later', 'control.condition', { left: '{{ $initial.wait }}', operator: '=', right: true }),
      el('wait', 'control.delay', { seconds: 1.5 }),
      el('gone', 'action.sharedGet', { key: 'brief', default: 'gone' }),
      ret('end', { count: '{{ $results["get"] }}', brief: '{{ $results["gone"] }}' }),
    ];
    const transitions = [
      link('start', 'set'),
      link('set', 'short'),
      link('short', 'get'),
      link('get', 'later'),
      link('later', 'wait', 'yes'),
      link('later', 'gone', 'no'),
      link('wait', 'gone'),
      link('gone', 'end'),
    ];
    const v = await flow('Counter', elements, transitions);
    expect((await finish(v, await activate('Counter', { wait: false }))).result).toEqual({ count: 1, brief: 'here' });
    expect((await finish(v, await activate('Counter', { wait: true }))).result).toEqual({ count: 2, brief: 'gone' });
  });

  it('cuts a runaway JSONata expression with EXPRESSION_BUDGET', async () => {
    const deep = await run(
      'Runaway',
      [el('loop', 'action.transform', { expression: '( $f := function($x) { $f($x + 1) }; $f(0) )' }, 'Forever')],
      [link('start', 'loop')],
    );
    expect(deep).toMatchObject({ status: 'FAILED', error: { code: 'EXPRESSION_BUDGET', source: 'Forever' } });
    const slow = await run(
      'Slow',
      [
        el(
          'loop',
          'action.transform',
          { expression: '$sum($map([1..3000], function($i) { $sum($map([1..3000], function($j) { $i * $j })) }))' },
          'Busy',
        ),
      ],
      [link('start', 'loop')],
    );
    expect(slow).toMatchObject({ status: 'FAILED', error: { code: 'EXPRESSION_BUDGET', source: 'Busy' } });
  });

  it('calls a flow without waiting and waits for a sub flow, answering its result', async () => {
    await flow('Doubler', [ret('end', { double: '{{ $trigger.n * 2 }}' })], [link('start', 'end')]);
    const done = await run(
      'Caller',
      [
        el('sub', 'action.subFlow', { flow: 'Doubler', data: { n: '{{ $initial.n }}' } }, 'Sub'),
        el('call', 'action.callFlow', { flow: 'Doubler', data: { n: 1 } }, 'Call'),
        ret('end', { sub: '{{ $results["Sub"].double }}', called: '{{ $results["Call"].executionId }}' }),
      ],
      [link('start', 'sub'), link('sub', 'call'), link('call', 'end')],
      { n: 21 },
    );
    expect(done.status).toBe('COMPLETED');
    expect(done.result.sub).toBe(42);
    expect(typeof done.result.called).toBe('string');
    const missing = await run(
      'Caller of nothing',
      [el('sub', 'action.subFlow', { flow: 'No such flow' }, 'Sub')],
      [link('start', 'sub')],
    );
    expect(missing).toMatchObject({ status: 'FAILED', error: { source: 'Sub' } });
  });

  it('a flow that calls itself stops at the call depth limit instead of starting instances without end', async () => {
    const v = await flow(
      'Recurse',
      [el('again', 'action.callFlow', { flow: 'Recurse', data: {} }, 'Again'), ret('end', { done: true })],
      [link('start', 'again'), link('again', 'end')],
    );
    await activate('Recurse', {});
    const instances = async () =>
      (await server()
        .app.basalt.dbs.system.selectFrom('flow_instances' as never)
        .select(['status', 'error'] as never[])
        .where('flow_id' as never, '=', v.flowId as never)
        .execute()) as Array<{ status: string; error: string | null }>;
    // The tenth instance refuses to start an eleventh; it starts nothing, so the count is final.
    const all = await poll(instances, (rows) => rows.some((r) => r.status === 'FAILED'), 30_000);
    const failed = all.filter((r) => r.status === 'FAILED');
    expect(failed).toHaveLength(1);
    expect(JSON.parse(failed[0].error!)).toMatchObject({ code: 'FLOW_CALL_DEPTH', source: 'Again' });
    expect(all).toHaveLength(10);
  }, 60_000);

  it('deletes a record, publishes on a channel, and fails a call to a missing service or template', async () => {
    const created = (await x.f.api('POST', '/data/Order', { body: { total: 7 } })).json();
    const done = await run(
      'Cleanup',
      [
        el('del', 'action.deleteRecord', { table: 'Order', objectId: '{{ $initial.id }}' }),
        el('pub', 'action.publish', { channel: 'default', message: { gone: '{{ $initial.id }}' } }),
        ret('end', { deleted: '{{ $results["del"].objectId }}', published: '{{ $results["pub"].status }}' }),
      ],
      [link('start', 'del'), link('del', 'pub'), link('pub', 'end')],
      { id: created.objectId },
    );
    expect(done.status).toBe('COMPLETED');
    expect(done.result.deleted).toBe(created.objectId);
    expect(done.result.published).toBeTruthy();
    expect((await x.f.api('GET', `/data/Order/${created.objectId}`)).statusCode).toBe(404);

    const svc = await run(
      'Service',
      [el('svc', 'action.callService', { service: 'Nope', method: 'go', args: {} }, 'Call it')],
      [link('start', 'svc')],
    );
    expect(svc).toMatchObject({ status: 'FAILED', error: { code: 'NOT_FOUND', source: 'Call it' } });
    const mail = await run(
      'Mail',
      [el('mail', 'action.sendEmail', { template: 'Missing', to: ['a@example.com'], values: {} }, 'Mail it')],
      [link('start', 'mail')],
    );
    expect(mail).toMatchObject({ status: 'FAILED', error: { source: 'Mail it' } });
  });

  it('sends a custom email template and calls a deployed service method', async () => {
    await x.ref.email.createCustomTemplate(x.f.appId, {
      name: 'flow-note',
      subject: 'Hi {who}',
      body: 'Total {total}',
    });
    // The sandbox's first start may outlast the deploy's analysis on a busy machine: try again once warm.
    for (let tries = 1; ; tries++) {
      const res = await x.f.console('PUT', '/servercode/default/production/JS', [
        { id: 'services/Greeter.js', content: GREETER },
      ]);
      if (res.statusCode === 200 || tries === 3) {
        expect(res.statusCode, res.body).toBe(200);
        break;
      }
    }
    const mailer = server().app.basalt.mailer;
    const before = mailer.recent.length;
    const done = await run(
      'Notify',
      [
        el('mail', 'action.sendEmail', {
          template: 'flow-note',
          to: ['{{ $initial.email }}'],
          values: { who: '{{ $initial.who }}', total: '{{ $initial.total }}' },
        }),
        el('svc', 'action.callService', { service: 'Greeter', method: 'hello', args: ['{{ $initial.who }}'] }),
        ret('end', { greeting: '{{ $results["svc"] }}' }),
      ],
      [link('start', 'mail'), link('mail', 'svc'), link('svc', 'end')],
      { email: 'ann@example.com', who: 'Ann', total: 150 },
    );
    expect(done.status).toBe('COMPLETED');
    expect(done.result).toEqual({ greeting: 'Hello, Ann' });
    const sent = mailer.recent.slice(before);
    expect(sent.map((m) => [m.to, m.subject, m.text])).toEqual([['ann@example.com', 'Hi Ann', 'Total 150']]);
  });
});
