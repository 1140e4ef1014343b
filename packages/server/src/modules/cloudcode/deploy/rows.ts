import { ApiError } from '../../../http/api-error.js';
import type { ProductionRows } from '../store/index.js';
import type { Registration } from '../runtime/sandbox-port.js';
import type { ClassDoc } from './jsdoc.js';
import { methodsOf, type StoredServiceSpec } from '../services/method-routes.js';
import { eventIdOf } from './hooks.js';

/**
 * What a deployment stores besides its code (`cc_deployments.registration_json`): the sandbox's
 * registration and, per service, the spec read from JSDoc. Rollback rebuilds production from it.
 */
export interface StoredRegistration extends Registration {
  specs: Record<string, StoredServiceSpec & { version: string; configuration: unknown[] }>;
}

const SERVICE_NAME = /^[A-Za-z_$][\w$]{0,99}$/;

/** A service's declared configuration items, when the sandbox reported any. */
function configOf(service: Registration['services'][number]): unknown[] {
  const s = service as { configItems?: unknown; configuration?: unknown };
  const items = s.configItems ?? s.configuration;
  if (!Array.isArray(items)) return [];
  // Declared as written: the type defaults to STRING and is compared upper-cased.
  return items
    .filter((i): i is Record<string, unknown> => typeof i === 'object' && i !== null && typeof i.name === 'string')
    .map((i) => ({ ...i, type: String(i.type ?? 'STRING').toUpperCase() }));
}

/**
 * Checks a registration (unique service and timer names, one handler per event and target) and
 * adds the JSDoc specs. 400 `CLOUD_CODE_DEPLOY_ERROR` naming what clashes.
 */
export function storedRegistration(reg: Registration, docs: Map<string, ClassDoc>): StoredRegistration {
  const fail = (message: string) => new ApiError('CLOUD_CODE_DEPLOY_ERROR', `Deploy failed: ${message}`);
  const specs: StoredRegistration['specs'] = {};
  for (const s of reg.services) {
    if (!SERVICE_NAME.test(s.name)) throw fail(`'${s.name}' is not a valid service name (a class name is expected)`);
    if (specs[s.name]) throw fail(`the service '${s.name}' is registered twice`);
    const doc = docs.get(s.name);
    specs[s.name] = {
      description: doc?.description ?? '',
      version: (s as { version?: string }).version ?? doc?.version ?? '1.0.0',
      methods: methodsOf(s.methods, doc),
      configuration: configOf(s),
    };
  }
  const handlers = new Set<string>();
  for (const h of reg.handlers) {
    const key = `${h.provider}/${h.event}/${h.target}`;
    if (handlers.has(key)) throw fail(`two handlers for ${h.provider} ${h.event} on '${h.target}'`);
    handlers.add(key);
    if (eventIdOf(h.provider, h.event) === undefined) throw fail(`unknown event ${h.provider} ${h.event}`);
  }
  const timers = new Set<string>();
  for (const t of reg.timers) {
    if (timers.has(t.name)) throw fail(`the timer '${t.name}' is registered twice`);
    timers.add(t.name);
  }
  return { ...reg, specs };
}

/** The PRODUCTION rows of a stored registration. */
export function productionRows(reg: StoredRegistration): ProductionRows {
  return {
    services: reg.services.map((s) => {
      const spec = reg.specs[s.name];
      return {
        name: s.name,
        version: spec.version,
        spec_json: JSON.stringify({ description: spec.description, methods: spec.methods }),
        config_json: JSON.stringify(spec.configuration),
      };
    }),
    handlers: reg.handlers.map((h) => ({
      provider: h.provider,
      event_id: eventIdOf(h.provider, h.event) ?? null,
      event_name: h.event,
      target: h.target || '*',
      async: !!h.async,
      timeout_ms: null,
    })),
    timers: reg.timers.map((t) => ({
      name: t.name,
      start_date: typeof t.startDate === 'number' ? t.startDate : null,
      expire: typeof t.expire === 'number' ? t.expire : null,
      frequency_json: t.frequency === undefined ? null : JSON.stringify(t.frequency),
      timezone: (t as { timezone?: string }).timezone ?? null,
    })),
  };
}
