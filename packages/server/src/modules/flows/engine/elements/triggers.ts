import { scheduleProblem } from '../schedules.js';
import { str, type ElementSpec, type Rec } from './types.js';

/** A schedule the calendar cannot run (bad cron, unknown time zone, no weekdays …), named on the element. */
function checkSchedule(c: Rec): string | undefined {
  if (c.mode === 'interval' && !(Number(c.intervalSeconds) >= 1)) return "needs 'intervalSeconds' (at least 1)";
  return scheduleProblem(c);
}

/** The record events a data trigger may start on. */
export const DATA_EVENTS = ['created', 'updated', 'deleted'];

/** A trigger element's step only passes the trigger's data on; starting is engine/triggers.ts's work. */
const passOn: ElementSpec['run'] = (r) => ({ kind: 'done', output: r.trigger, port: 'out' });

export const TRIGGER_ELEMENTS: Record<string, ElementSpec> = {
  'trigger.data': {
    ports: ['out', 'error'],
    checks: [
      str('table'),
      (c) =>
        Array.isArray(c.events) && c.events.length && c.events.every((e) => DATA_EVENTS.includes(e as string))
          ? undefined
          : "'events' must list 'created', 'updated' and/or 'deleted'",
    ],
    run: passOn,
  },
  'trigger.api': { ports: ['out', 'error'], checks: [], run: passOn },
  'trigger.schedule': { ports: ['out', 'error'], checks: [checkSchedule], run: passOn },
  'trigger.userRegistered': { ports: ['out', 'error'], checks: [], run: passOn },
  'trigger.message': { ports: ['out', 'error'], checks: [str('channel')], run: passOn },
};
