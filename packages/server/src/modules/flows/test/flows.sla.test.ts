import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { flowsFixture, poll, type FlowsFixture, appSdk } from './flows.test-helpers.js';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * SLA (decision 0075) through the 2.57.2 reference client: calendars and goals, a breach logged
 * once by the goal's LOG action, business time that skips holidays, and compliance per goal in the
 * version metrics.
 */
describeEachDb('flows: SLA calendars, goals and compliance', (server) => {
  let x: FlowsFixture;
  const auto = () => x.ref.automation;
  const sdk = () => appSdk(x);
  const finished = (v: { flowId: string; id: string }) =>
    poll(
      () => auto().getFlowInstances(x.f.appId, v.flowId, v.id, {}),
      (r: any) => r.totalCount === 1 && r.data[0].status === 'COMPLETED',
    );

  beforeAll(async () => {
    x = await flowsFixture(server());
  });

  it('logs a breach once, measures business time without holidays, and reports compliance per goal', async () => {
    const always = await auto().createSLACalendar(x.f.appId, { name: '24/7', timezone: 'UTC' });
    expect(always).toMatchObject({ id: expect.any(String), name: '24/7', timezone: 'UTC', week: null, holidays: [] });
    const allDay = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'].map((d) => ({
      day: d,
      intervals: [{ from: '00:00', to: '24:00' }],
    }));
    const off = await auto().createSLACalendar(x.f.appId, {
      name: 'Closed these days',
      timezone: 'UTC',
      week: allDay,
      holidays: [day(-1), day(0), day(1)],
    });
    expect((await auto().getSLACalendars(x.f.appId)).map((c: any) => c.name)).toEqual(['24/7', 'Closed these days']);
    await expect(
      auto().createSLACalendar(x.f.appId, { name: 'Nowhere', timezone: 'Mars/Olympus' }),
    ).rejects.toMatchObject({ status: 400 });

    const v1 = await auto().createFlow(x.f.appId, {
      name: 'Slow',
      elements: [
        { id: 'start', name: 'Called', type: 'trigger.api', config: {} },
        { id: 'wait', name: 'Wait', type: 'control.delay', config: { seconds: 2 } },
      ],
      transitions: [{ from: 'start', to: 'wait', port: 'out' }],
    });
    const goal = { name: 'Within a second', target: 1, unit: 's', actions: [{ on: 'BREACH', type: 'LOG' }] };
    const g1 = await auto().createFlowSLAGoal(x.f.appId, v1.flowId, v1.id, { ...goal, calendarId: always.id });
    expect(g1).toMatchObject({ metric: 'INSTANCE_DURATION', target: 1, unit: 's', calendarId: always.id });
    expect(await auto().getFlowSLAGoals(x.f.appId, v1.flowId, v1.id)).toEqual([g1]);
    await auto().enableFlow(x.f.appId, v1.id);
    await sdk().Automations.activateFlow('Slow', {});
    await finished(v1);
    const logs = await poll(
      () => auto().loadFlowLogs(x.f.appId, v1.id, {}),
      (r: any) => r.totalCount >= 1 && r.data.length >= 1,
    );
    expect(logs.data.map((l: any) => [l.level, l.message.split(':')[0]])).toEqual([
      ['WARN', "SLA goal 'Within a second' breached"],
    ]);
    const m1 = await auto().getFlowVersionMetrics(x.f.appId, v1.flowId, v1.id);
    expect(m1.sla).toEqual([
      { goalId: g1.id, name: 'Within a second', measured: 1, met: 0, breached: 1, compliance: 0 },
    ]);

    // A new version whose goal counts on a calendar closed these days: 0 business ms, met.
    await auto().terminateFlow(x.f.appId, v1.id);
    const v2 = await auto().createNewVersion(x.f.appId, v1.id);
    const g2 = await auto().createFlowSLAGoal(x.f.appId, v2.flowId, v2.id, { ...goal, calendarId: off.id });
    await auto().enableFlow(x.f.appId, v2.id);
    await sdk().Automations.activateFlow('Slow', {});
    await finished(v2);
    const m2 = await auto().getFlowVersionMetrics(x.f.appId, v2.flowId, v2.id);
    expect(m2.sla).toEqual([
      { goalId: g2.id, name: 'Within a second', measured: 1, met: 1, breached: 0, compliance: 1 },
    ]);
    await new Promise((r) => setTimeout(r, 300));
    expect((await auto().loadFlowLogs(x.f.appId, v2.id, {})).totalCount).toBe(0);
    expect((await auto().loadFlowLogs(x.f.appId, v1.id, {})).totalCount).toBe(1);

    // Editing and deleting: a goal moved to 10 s is met by the 2 s instance; a deleted calendar leaves wall-clock time.
    const g1b = await auto().updateFlowSLAGoal(x.f.appId, v1.flowId, v1.id, { ...goal, target: 10 }, g1.id);
    expect(g1b).toMatchObject({ id: g1.id, target: 10, calendarId: null });
    expect((await auto().getFlowVersionMetrics(x.f.appId, v1.flowId, v1.id)).sla[0]).toMatchObject({ met: 1 });
    await auto().deleteSLACalendar(x.f.appId, off.id);
    expect((await auto().getFlowSLAGoals(x.f.appId, v2.flowId, v2.id))[0].calendarId).toBeNull();
    expect((await auto().getFlowVersionMetrics(x.f.appId, v2.flowId, v2.id)).sla[0]).toMatchObject({ breached: 1 });
    await auto().deleteFlowSLAGoal(x.f.appId, v2.flowId, v2.id, g2.id);
    expect(await auto().getFlowSLAGoals(x.f.appId, v2.flowId, v2.id)).toEqual([]);
    await expect(
      auto().createFlowSLAGoal(x.f.appId, v2.flowId, v2.id, { ...goal, metric: 'ELEMENT_DURATION', elementId: 'nope' }),
    ).rejects.toMatchObject({ status: 400 });
    await auto().terminateFlow(x.f.appId, v2.id);
  });
});
