import type { CloudCodeTrx } from './cloudcode.schema.js';
import { num } from './db.js';
import type { FileKey } from './files.repo.js';

export interface ServiceRowInput {
  /** The id to give a new row (a codeless service keeps its own id); else a surviving row's or a new one. */
  id?: string;
  name: string;
  version: string;
  spec_json: string;
  config_json: string;
}
export interface HandlerRowInput {
  provider: string;
  event_id: number | null;
  event_name: string;
  target: string;
  async: boolean;
  timeout_ms: number | null;
}
export interface TimerRowInput {
  name: string;
  start_date: number | null;
  expire: number | null;
  frequency_json: string | null;
  timezone: string | null;
}
export interface ProductionRows {
  services: ServiceRowInput[];
  handlers: HandlerRowInput[];
  timers: TimerRowInput[];
}

const handlerKey = (h: { provider: string; event_name: string; target: string }) =>
  `${h.provider}\u0000${h.event_name}\u0000${h.target}`;

/**
 * Replaces a model's PRODUCTION services, handlers and timers with those of a deployment, inside
 * the deploy's transaction. What survives keeps its id (service permissions and the console's
 * links name it) and its `enabled` flag: services by name, handlers by (provider, event, target),
 * timers by name. The timer schedule columns the timer loop owns (`next_run_at`, lease) start empty
 * for new timers and are kept for surviving ones unless their schedule changed.
 */
export async function replaceProductionRows(
  trx: CloudCodeTrx,
  k: FileKey,
  deploymentId: string,
  rows: ProductionRows,
  now: number,
  newId: () => string,
): Promise<void> {
  const oldServices = await trx
    .selectFrom('cc_services')
    .select(['id', 'name', 'mcp_enabled'])
    .where('app_id', '=', k.appId)
    .where('language', '=', k.language)
    .where('model', '=', k.model)
    .execute();
  const serviceIds = new Map(oldServices.map((s) => [s.name, s.id]));
  // The MCP flag belongs to the service like its id: a redeploy keeps it.
  const serviceMcp = new Map(oldServices.map((s) => [s.name, s.mcp_enabled ?? 0]));
  await trx
    .deleteFrom('cc_services')
    .where('app_id', '=', k.appId)
    .where('language', '=', k.language)
    .where('model', '=', k.model)
    .execute();
  for (const s of rows.services) {
    await trx
      .insertInto('cc_services')
      .values({
        id: s.id ?? serviceIds.get(s.name) ?? newId(),
        app_id: k.appId,
        model: k.model,
        name: s.name,
        language: k.language,
        version: s.version,
        deployment_id: deploymentId,
        spec_json: s.spec_json,
        config_json: s.config_json,
        created: now,
        mcp_enabled: serviceMcp.get(s.name) ?? 0,
      })
      .execute();
  }

  const oldHandlers = await trx
    .selectFrom('cc_handlers')
    .select(['id', 'provider', 'event_name', 'target', 'enabled'])
    .where('app_id', '=', k.appId)
    .where('language', '=', k.language)
    .where('model', '=', k.model)
    .where('mode', '=', 'PRODUCTION')
    .execute();
  const handlerPrev = new Map(oldHandlers.map((h) => [handlerKey(h), h]));
  await trx
    .deleteFrom('cc_handlers')
    .where('app_id', '=', k.appId)
    .where('language', '=', k.language)
    .where('model', '=', k.model)
    .where('mode', '=', 'PRODUCTION')
    .execute();
  for (const h of rows.handlers) {
    const prev = handlerPrev.get(handlerKey(h));
    await trx
      .insertInto('cc_handlers')
      .values({
        id: prev?.id ?? newId(),
        app_id: k.appId,
        mode: 'PRODUCTION',
        language: k.language,
        model: k.model,
        provider: h.provider,
        event_id: h.event_id,
        event_name: h.event_name,
        target: h.target,
        async: h.async ? 1 : 0,
        enabled: prev ? num(prev.enabled) : 1,
        deployment_id: deploymentId,
        created: now,
        timeout_ms: h.timeout_ms,
      })
      .execute();
  }

  const oldTimers = await trx
    .selectFrom('cc_timers')
    .selectAll()
    .where('app_id', '=', k.appId)
    .where('language', '=', k.language)
    .where('model', '=', k.model)
    .where('mode', '=', 'PRODUCTION')
    .execute();
  const timerPrev = new Map(oldTimers.map((t) => [t.name, t]));
  await trx
    .deleteFrom('cc_timers')
    .where('app_id', '=', k.appId)
    .where('language', '=', k.language)
    .where('model', '=', k.model)
    .where('mode', '=', 'PRODUCTION')
    .execute();
  for (const t of rows.timers) {
    const prev = timerPrev.get(t.name);
    const sameSchedule =
      !!prev &&
      (prev.start_date === null ? null : num(prev.start_date)) === t.start_date &&
      (prev.expire === null ? null : num(prev.expire)) === t.expire &&
      prev.frequency_json === t.frequency_json &&
      prev.timezone === t.timezone;
    await trx
      .insertInto('cc_timers')
      .values({
        id: prev?.id ?? newId(),
        app_id: k.appId,
        mode: 'PRODUCTION',
        language: k.language,
        model: k.model,
        name: t.name,
        start_date: t.start_date,
        expire: t.expire,
        frequency_json: t.frequency_json,
        timezone: t.timezone,
        enabled: prev ? num(prev.enabled) : 1,
        next_run_at: sameSchedule && prev ? prev.next_run_at : null,
        last_run_at: prev?.last_run_at ?? null,
        last_status: prev?.last_status ?? null,
        running_since: prev?.running_since ?? null,
        lease_owner: prev?.lease_owner ?? null,
        lease_until: prev?.lease_until ?? null,
        deployment_id: deploymentId,
        created: now,
      })
      .execute();
  }
}
