import type { ServerContext } from '../../../../context.js';
import type { AppCaller } from '../../../../http/app-auth.js';
import { AppData } from '../../../appapi/data-access.js';
import { AI_ELEMENTS } from './ai.js';
import { serviceCaller } from '../../../cloudcode/index.js';
import { CONTROL_ELEMENTS } from './control.js';
import { FLOW_CALL_ELEMENTS } from './flow-calls.js';
import { HTTP_ELEMENTS } from './http.js';
import { MISC_ELEMENTS } from './misc.js';
import { RECORD_ELEMENTS } from './records.js';
import { SERVICE_ELEMENTS } from './services.js';
import { TRANSFORM_ELEMENTS } from './transform.js';
import { TRIGGER_ELEMENTS } from './triggers.js';
import { VARIABLE_ELEMENTS } from './variables.js';
import { WAIT_ELEMENTS } from './waits.js';
import type { ElementKit, ElementRun, ElementSpec, FlowCalls, Outcome, Rec } from './types.js';

export type { Check, ElementKit, ElementRun, ElementSpec, FlowCalls, LoopState, Outcome, StatePatch } from './types.js';
export { compare, CONDITION_OPERATORS } from './control.js';
export { stepRecordId } from './records.js';
export { HTTP_METHODS } from './http.js';
export { LOG_LEVELS } from './misc.js';

/** Every element type the engine runs, keyed by type: one file per group. */
export const ELEMENTS: Record<string, ElementSpec> = {
  ...TRIGGER_ELEMENTS,
  ...CONTROL_ELEMENTS,
  ...RECORD_ELEMENTS,
  ...HTTP_ELEMENTS,
  ...MISC_ELEMENTS,
  ...AI_ELEMENTS,
  ...VARIABLE_ELEMENTS,
  ...TRANSFORM_ELEMENTS,
  ...SERVICE_ELEMENTS,
  ...FLOW_CALL_ELEMENTS,
  ...WAIT_ELEMENTS,
};

export const specOf = (type: string): ElementSpec | undefined =>
  Object.hasOwn(ELEMENTS, type) ? ELEMENTS[type] : undefined;

/** The ports an element may leave from, given its config (a router's are named by its routes). */
export function portsOf(type: string, config: Rec = {}): string[] {
  const spec = specOf(type);
  if (!spec) return ['out', 'error'];
  return typeof spec.ports === 'function' ? spec.ports(config) : spec.ports;
}

/** Runs elements by their type's runner; an unknown type fails the step. */
export class Elements {
  private readonly kit: ElementKit;

  constructor(ctx: ServerContext, flows: FlowCalls) {
    const data = new AppData(ctx);
    const caller = async (appId: string): Promise<AppCaller> => {
      const c = await ctx.security.callerFor(appId, 'BL', null);
      return { ...c, apiKey: '', token: null };
    };
    let call: ReturnType<typeof serviceCaller> | undefined;
    // Built on first use: most servers run flows that never call a service.
    const callService: ElementKit['callService'] = (who, service, method, args) =>
      (call ??= serviceCaller(ctx))(who, service, method, args);
    this.kit = { ctx, data, caller, flows, callService };
  }

  async run(r: ElementRun): Promise<Outcome> {
    const spec = specOf(r.element.type);
    if (!spec) return { kind: 'fail', code: 'UNKNOWN_ELEMENT', message: `Unknown element type '${r.element.type}'` };
    return spec.run(r, this.kit);
  }
}
