import { isRec, str, type ElementRun, type ElementKit, type ElementSpec, type Outcome } from './types.js';

/** How often a sub flow's caller looks at its instance: soon at first, then less often. */
const FIRST_LOOK_MS = 200;
const LONGEST_LOOK_MS = 5000;

/**
 * The longest chain of flows starting flows: a flow that calls itself (or two that call each
 * other) ends with FLOW_CALL_DEPTH at this depth instead of starting instances without end.
 */
export const MAX_FLOW_CALL_DEPTH = 10;

const start = (r: ElementRun, kit: ElementKit, kind: string) =>
  kit.flows.start(r.appId, String(r.config.flow), isRec(r.config.data) ? r.config.data : {}, `${kind}:${r.stepKey}`);

/** The refusal when this instance is as deep as a chain of calls may go. */
async function tooDeep(r: ElementRun, kit: ElementKit): Promise<Outcome | undefined> {
  if ((await kit.flows.callDepth(r.executionId, MAX_FLOW_CALL_DEPTH)) < MAX_FLOW_CALL_DEPTH) return undefined;
  return {
    kind: 'fail',
    code: 'FLOW_CALL_DEPTH',
    message: `Flows starting flows nest no deeper than ${MAX_FLOW_CALL_DEPTH}: '${String(r.config.flow)}' was not started`,
  };
}

/** A sub flow's caller: starts the instance, then waits until it ends and answers its result. */
async function subFlow(r: ElementRun, kit: ElementKit): Promise<Outcome> {
  const memo = isRec(r.memo) ? r.memo : undefined;
  if (!memo) {
    const refused = await tooDeep(r, kit);
    if (refused) return refused;
    // The key makes a step repeated after a crash find the instance its first run started.
    const executionId = await start(r, kit, 'sub');
    return { kind: 'wait', dueAt: r.now + FIRST_LOOK_MS, memo: { executionId, since: r.now } };
  }
  const executionId = String(memo.executionId);
  const child = await kit.flows.outcome(executionId);
  if (!child) return { kind: 'fail', code: 'SUBFLOW_GONE', message: `Sub flow instance ${executionId} is gone` };
  if (child.status === 'COMPLETED') return { kind: 'done', output: child.result ?? null, port: 'out' };
  if (child.status === 'FAILED' || child.status === 'STOPPED') {
    const e = isRec(child.error) ? child.error : {};
    return {
      kind: 'fail',
      code: 'SUBFLOW_FAILED',
      message: `Sub flow instance ${executionId} ended ${child.status}${e.message ? `: ${String(e.message)}` : ''}`,
    };
  }
  const waited = r.now - Number(memo.since);
  const next = Math.min(LONGEST_LOOK_MS, Math.max(FIRST_LOOK_MS, waited / 4));
  return { kind: 'wait', dueAt: r.now + next, memo };
}

/**
 * Flows starting flows with an API trigger, by name or id, with `data` as their initial data.
 * Call flow starts and goes on (answering `{executionId}`); sub flow waits for the other
 * instance to end and answers its Return Result (a failed or stopped one fails the step).
 */
export const FLOW_CALL_ELEMENTS: Record<string, ElementSpec> = {
  'action.callFlow': {
    ports: ['out', 'error'],
    checks: [str('flow')],
    run: async (r, kit) =>
      (await tooDeep(r, kit)) ?? { kind: 'done', output: { executionId: await start(r, kit, 'call') }, port: 'out' },
  },
  'action.subFlow': { ports: ['out', 'error'], checks: [str('flow')], run: subFlow },
};
