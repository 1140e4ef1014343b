import type { CcEvent } from '@basalt/shared';
import type { CcTimerRow } from '../store/index.js';

/** The `Backendless.ServerCode` namespace each provider registers its handlers through. */
const NAMESPACE: Record<string, string> = {
  data: 'Persistence',
  user: 'User',
  file: 'Files',
  messaging: 'Messaging',
  cache: 'Cache',
  counters: 'Counters',
};

/**
 * The file a DRAFT handler adds to the draft: the registration the console declared, with an empty
 * body for the developer to fill (deploying it turns the declaration into a running handler).
 */
export function handlerStub(ev: CcEvent, target: string): string {
  if (ev.provider === 'custom')
    return [
      `/** Custom event '${target}': answers what it returns. */`,
      `Backendless.ServerCode.customEvent(${JSON.stringify(target)}, async function (req) {`,
      '  // req.args: the arguments the caller sent',
      '});',
      '',
    ].join('\n');
  const args = ev.args.map((a) => `req.${a}`).join(', ');
  const on = ev.targeted ? `${JSON.stringify(target)}, ` : '';
  return [
    `/** ${ev.name}${ev.targeted ? ` of '${target}'` : ''}. */`,
    `Backendless.ServerCode.${NAMESPACE[ev.provider] ?? ev.provider}.${ev.name}(${on}async function (req${ev.phase === 'after' ? ', res' : ''}) {`,
    `  // arguments: ${args || 'none'}${ev.phase === 'after' ? '; res.result: the answer (assign or return to replace it)' : ''}`,
    '});',
    '',
  ].join('\n');
}

export function timerStub(t: Pick<CcTimerRow, 'name' | 'start_date' | 'expire' | 'frequency_json'>): string {
  const lines = [
    'Backendless.ServerCode.addTimer({',
    `  name: ${JSON.stringify(t.name)},`,
    ...(t.start_date !== null ? [`  startDate: ${Number(t.start_date)},`] : []),
    ...(t.expire !== null ? [`  expire: ${Number(t.expire)},`] : []),
    `  frequency: ${t.frequency_json ?? '{}'},`,
    '  async execute(req) {',
    '    // runs on the schedule above',
    '  },',
    '});',
    '',
  ];
  return lines.join('\n');
}
