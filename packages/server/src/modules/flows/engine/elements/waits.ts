import { type ElementSpec } from './types.js';

/** How a mid-flow wait is activated when the request names no instance: one named, any one, or all. */
export const WAIT_ACTIVATIONS = ['one', 'any', 'all'];
/** A wait without a timeout waits this long (ten years): its job stays pending, nothing polls it. */
const FOREVER_MS = 10 * 365 * 86_400_000;

/**
 * `control.waitForEvent {timeoutSeconds?, activation?}` (decision 0072): the instance waits at this
 * element until the app API activates it by the element's name or id (`…/automation/flow/trigger/…`)
 * — then the step answers the activation's data through `out` — or until the timeout, answered
 * `{timedOut: true}` through `timeout`.
 */
export const WAIT_ELEMENTS: Record<string, ElementSpec> = {
  'control.waitForEvent': {
    ports: ['out', 'timeout', 'error'],
    checks: [
      (c) =>
        c.timeoutSeconds === undefined || (Number(c.timeoutSeconds) >= 1 && Number(c.timeoutSeconds) <= 31_536_000)
          ? undefined
          : "'timeoutSeconds' must be 1 to 31536000",
      (c) =>
        c.activation === undefined || WAIT_ACTIVATIONS.includes(String(c.activation))
          ? undefined
          : `'activation' must be one of ${WAIT_ACTIVATIONS.join(', ')}`,
    ],
    run: (r) => {
      if (r.event !== undefined) return { kind: 'done', output: r.event, port: 'out' };
      if (r.waitingSince === undefined) {
        const timeout = r.config.timeoutSeconds === undefined ? FOREVER_MS : Number(r.config.timeoutSeconds) * 1000;
        return { kind: 'wait', dueAt: r.now + timeout };
      }
      return { kind: 'done', output: { timedOut: true }, port: 'timeout' };
    },
  },
};
