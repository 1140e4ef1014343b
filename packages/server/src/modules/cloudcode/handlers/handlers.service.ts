import crypto from 'node:crypto';
import {
  CC_CATEGORIES,
  CC_EVENTS,
  ccCategoryOfProvider,
  ccEvent,
  ccEventById,
  ccEventByRef,
  type CcEvent,
  type CodeHandler,
  type CodeHandlerBody,
} from '@basalt/shared';
import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { resolveChain } from '../../../events/interceptors.js';
import { NEVER } from '../../../jobs/timers.repo.js';
import { readSchedule, ScheduleError } from '../../../jobs/timers.schedule.js';
import { FilesRepo, num, numOrNull, type CcHandlerRow, type CcTimerRow } from '../store/index.js';
import { HandlersRepo } from './handlers.repo.js';
import { handlerStub, timerStub } from './stubs.js';

export type Mode = 'DRAFT' | 'PRODUCTION' | 'DEBUG' | 'MARKETPLACE';
type Kind = 'events' | 'timers';

const MODES: Record<string, Mode> = {
  draft: 'DRAFT',
  production: 'PRODUCTION',
  prod: 'PRODUCTION',
  debug: 'DEBUG',
  marketplace: 'MARKETPLACE',
};
/** Modes whose handlers run (a draft one is a declaration until deployed). */
const RUNNING: Mode[] = ['PRODUCTION', 'MARKETPLACE'];
const TIMER_NAME = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;
const MODEL = /^[A-Za-z0-9_][A-Za-z0-9_ .-]{0,99}$/;
const CHANNEL = /^[A-Za-z0-9_.:-]{1,255}$/;

/** The mode of a path segment (`draft`, `production` or `prod`, `debug`, `marketplace`; any case). */
export function parseMode(segment: string): Mode {
  const mode = MODES[segment.toLowerCase()];
  if (!mode)
    throw ApiError.badRequest(`Unknown mode '${segment.slice(0, 40)}': draft, production, debug or marketplace`);
  return mode;
}

function parseKind(segment: string): Kind {
  if (segment !== 'events' && segment !== 'timers')
    throw ApiError.notFound(`Unknown handler category '${segment.slice(0, 40)}': events or timers`);
  return segment;
}

const bool = (v: unknown) => !!num(v);

export function handlerOut(r: CcHandlerRow): CodeHandler {
  const ev = (r.event_id !== null ? ccEventById(num(r.event_id)) : undefined) ?? ccEvent(r.provider, r.event_name);
  return {
    id: r.id,
    mode: r.mode,
    category: ev?.category ?? ccCategoryOfProvider(r.provider)?.id ?? r.provider.toUpperCase(),
    language: r.language,
    model: r.model,
    enabled: bool(r.enabled),
    deployed: r.deployment_id !== null,
    created: num(r.created),
    eventId: ev?.id ?? (r.event_id === null ? undefined : num(r.event_id)),
    event: r.event_name,
    provider: r.provider,
    target: r.target,
    async: bool(r.async),
    timeout: numOrNull(r.timeout_ms),
  };
}

export function timerOut(t: CcTimerRow): CodeHandler {
  const next = numOrNull(t.next_run_at);
  let frequency: unknown = null;
  try {
    frequency = t.frequency_json ? JSON.parse(t.frequency_json) : null;
  } catch {
    frequency = null;
  }
  return {
    id: t.id,
    mode: t.mode,
    category: 'TIMER',
    language: t.language,
    model: t.model,
    enabled: bool(t.enabled),
    deployed: t.deployment_id !== null,
    created: num(t.created),
    timername: t.name,
    startDate: numOrNull(t.start_date),
    expire: numOrNull(t.expire),
    frequency,
    timezone: t.timezone,
    nextRun: next === null || next >= NEVER ? null : next,
    lastRun: numOrNull(t.last_run_at),
    lastStatus: t.last_status,
  };
}

/** A schedule from a body, as a 400 naming the fault when it cannot run. */
function schedule(body: CodeHandlerBody, now: number) {
  try {
    return readSchedule(body, now);
  } catch (err) {
    if (err instanceof ScheduleError) throw ApiError.field('VALIDATION', 'frequency', err.message);
    throw err;
  }
}

/**
 * Event handlers, timers and chains of the console (decision 0047). Writes that change what runs
 * announce it on the invalidation bus (`handlers`), and wait for this process's registry to read
 * it again, so the next request anywhere sees the change.
 */
export class HandlersService {
  readonly repo: HandlersRepo;
  private readonly files: FilesRepo;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new HandlersRepo(ctx.dbs);
    this.files = new FilesRepo(ctx.dbs);
  }

  categories() {
    return CC_CATEGORIES.filter((c) => !c.deprecated).map(({ id, name, provider, targeted, targetKind }) => ({
      id,
      name,
      provider,
      targeted,
      targetKind,
    }));
  }

  events() {
    return CC_EVENTS.filter((e) => !e.deprecated).map(({ id, name, provider, category, phase, args, targeted }) => ({
      id,
      name,
      provider,
      category,
      phase,
      args,
      targeted,
    }));
  }

  async list(appId: string, modes: string[] | undefined): Promise<CodeHandler[]> {
    const wanted = modes?.length ? [...new Set(modes.map(parseMode))] : undefined;
    const [handlers, timers] = await Promise.all([this.repo.handlers(appId, wanted), this.repo.timers(appId, wanted)]);
    return [...handlers.map(handlerOut), ...timers.map(timerOut)];
  }

  private async changed(appId: string): Promise<void> {
    await this.ctx.cluster.invalidation.changed('handlers', appId);
    await this.ctx.interceptors.refresh(appId);
  }

  /** The event a body names: by id, name, or provider and name; 400 when there is none to handle. */
  private eventOf(body: CodeHandlerBody): CcEvent {
    const ref = body.eventId ?? body.event;
    if (ref === undefined || ref === '') throw ApiError.field('VALIDATION', 'eventId', "'eventId' is required");
    const provider = body.provider ? ccCategoryOfProvider(body.provider)?.provider : undefined;
    const ev = provider && typeof ref === 'string' && !/^\d+$/.test(ref) ? ccEvent(provider, ref) : ccEventByRef(ref);
    if (!ev) throw ApiError.field('VALIDATION', 'eventId', `Unknown event '${String(ref).slice(0, 100)}'`);
    if (ev.deprecated)
      throw ApiError.field('VALIDATION', 'eventId', `Event '${ev.name}' of ${ev.category} is not supported`);
    if (ev.provider === 'timer') throw ApiError.field('VALIDATION', 'eventId', 'Timers are created under /timers');
    return ev;
  }

  /** The target a handler of `ev` may have: a table of the app, a channel, an event name, or '*'. */
  private async targetOf(appId: string, ev: CcEvent, raw: unknown): Promise<string> {
    const target = typeof raw === 'string' && raw.trim() ? raw.trim() : '*';
    if (!ev.targeted) {
      if (target !== '*')
        throw ApiError.field('VALIDATION', 'target', `Event '${ev.name}' of ${ev.category} takes no target`);
      return target;
    }
    if (ev.provider === 'custom') {
      if (target === '*' || !TIMER_NAME.test(target))
        throw ApiError.field('VALIDATION', 'target', 'A custom event handler names its event (letters, digits, _)');
      return target;
    }
    if (target === '*') return target;
    if (ev.provider === 'data') {
      if (!(await this.ctx.data.schema(appId)).table(target))
        throw ApiError.field('VALIDATION', 'target', `Unknown target: table '${target.slice(0, 100)}' does not exist`);
      return target;
    }
    if (!CHANNEL.test(target)) throw ApiError.field('VALIDATION', 'target', `Unknown target '${target.slice(0, 100)}'`);
    return target;
  }

  private keyOf(body: CodeHandlerBody) {
    const language = (body.language ?? 'JS').toUpperCase();
    if (language !== 'JS' && language !== 'CODELESS')
      throw ApiError.field('VALIDATION', 'language', `Unknown language '${language.slice(0, 20)}'`);
    const model = body.model ?? 'default';
    if (!MODEL.test(model)) throw ApiError.field('VALIDATION', 'model', `Invalid model name '${model.slice(0, 100)}'`);
    return { language, model };
  }

  async create(appId: string, modeSeg: string, kindSeg: string, body: CodeHandlerBody): Promise<CodeHandler> {
    const mode = parseMode(modeSeg);
    const kind = parseKind(kindSeg);
    const { language, model } = this.keyOf(body);
    const now = Date.now();
    if (kind === 'timers') {
      const name = body.timername ?? body.name;
      if (!name || !TIMER_NAME.test(name))
        throw ApiError.field('VALIDATION', 'timername', 'A timer name starts with a letter: letters, digits and _');
      const s = schedule(body, now);
      if (await this.repo.timerByName(appId, mode, name))
        throw ApiError.field('CONFLICT', 'timername', `Timer '${name}' exists already`);
      const row: CcTimerRow = {
        id: crypto.randomUUID(),
        app_id: appId,
        mode,
        language,
        model,
        name,
        start_date: s.startDate,
        expire: s.expire,
        frequency_json: JSON.stringify(s.frequency),
        timezone: s.timezone,
        enabled: body.enabled === false ? 0 : 1,
        next_run_at: null,
        last_run_at: null,
        last_status: null,
        running_since: null,
        lease_owner: null,
        lease_until: null,
        deployment_id: null,
        created: now,
      };
      await this.repo.insertTimer(row);
      if (mode === 'DRAFT') await this.stub({ appId, language, model }, `timers/${name}.js`, timerStub(row));
      return timerOut(row);
    }
    const ev = this.eventOf(body);
    const target = await this.targetOf(appId, ev, body.target);
    const row: CcHandlerRow = {
      id: crypto.randomUUID(),
      app_id: appId,
      mode,
      language,
      model,
      provider: ev.provider,
      event_id: ev.id,
      event_name: ev.name,
      target,
      async: body.async ? 1 : 0,
      enabled: body.enabled === false ? 0 : 1,
      deployment_id: null,
      created: now,
      timeout_ms: body.timeout ?? null,
    };
    if (await this.repo.sameHandler(appId, row))
      throw ApiError.field(
        'CONFLICT',
        'eventId',
        `A ${ev.name} handler for '${target}' exists already in model '${model}'`,
      );
    await this.repo.insertHandler(row);
    if (mode === 'DRAFT') {
      const folder = ev.category.toLowerCase();
      await this.stub(
        { appId, language, model },
        `handlers/${folder}/${target === '*' ? 'all' : target}/${ev.name}.js`,
        handlerStub(ev, target),
      );
    }
    return handlerOut(row);
  }

  /** Adds a stub file to the draft unless one is there already (a JS draft only). */
  private async stub(k: { appId: string; language: string; model: string }, path: string, content: string) {
    if (k.language !== 'JS' || (await this.files.get(k, 'draft', path))) return;
    await this.files.change(k, 'draft', [{ path, content }], [], Date.now());
  }

  private async find(appId: string, mode: Mode, kind: Kind, id: string): Promise<CcHandlerRow | CcTimerRow> {
    const row = kind === 'timers' ? await this.repo.timer(appId, id) : await this.repo.handler(appId, id);
    // The reference client sends a marketplace handler with mode MARKETPLACE and others as they are.
    if (!row || (row.mode !== mode && !(mode === 'PRODUCTION' && row.mode === 'MARKETPLACE')))
      throw ApiError.notFound(`${kind === 'timers' ? 'Timer' : 'Event handler'} '${id.slice(0, 64)}' does not exist`);
    return row;
  }

  async update(
    appId: string,
    modeSeg: string,
    kindSeg: string,
    id: string,
    body: CodeHandlerBody,
  ): Promise<CodeHandler> {
    const mode = parseMode(modeSeg);
    const kind = parseKind(kindSeg);
    const row = await this.find(appId, mode, kind, id);
    if (kind === 'timers') {
      const t = row as CcTimerRow;
      const change: Partial<CcTimerRow> = {};
      if (
        body.frequency !== undefined ||
        body.startDate !== undefined ||
        body.expire !== undefined ||
        body.timezone !== undefined
      ) {
        const s = schedule(
          {
            startDate: body.startDate !== undefined ? body.startDate : numOrNull(t.start_date),
            expire: body.expire !== undefined ? body.expire : numOrNull(t.expire),
            frequency: body.frequency ?? (t.frequency_json ? JSON.parse(t.frequency_json) : undefined),
            timezone: body.timezone !== undefined ? body.timezone : t.timezone,
          },
          Date.now(),
        );
        Object.assign(change, {
          start_date: s.startDate,
          expire: s.expire,
          frequency_json: JSON.stringify(s.frequency),
          timezone: s.timezone,
          next_run_at: null,
        });
      }
      if (body.enabled !== undefined) change.enabled = body.enabled ? 1 : 0;
      if (body.enabled === true && !bool(t.enabled)) change.next_run_at = null;
      if (Object.keys(change).length) await this.repo.updateTimer(appId, id, change);
      return timerOut({ ...t, ...change });
    }
    const h = row as CcHandlerRow;
    const change: Partial<CcHandlerRow> = {};
    if ((body.eventId !== undefined || body.event !== undefined) && h.deployment_id === null) {
      const ev = this.eventOf(body);
      Object.assign(change, { provider: ev.provider, event_id: ev.id, event_name: ev.name });
    }
    if (body.target !== undefined && body.target !== h.target) {
      if (h.deployment_id !== null)
        throw ApiError.field(
          'VALIDATION',
          'target',
          'The target of a deployed handler comes from its code: change it and deploy',
        );
      const ev =
        ccEventById(num(change.event_id ?? h.event_id)) ?? this.eventOf({ event: h.event_name, provider: h.provider });
      change.target = await this.targetOf(appId, ev, body.target);
    }
    if (body.async !== undefined) change.async = body.async ? 1 : 0;
    if (body.enabled !== undefined) change.enabled = body.enabled ? 1 : 0;
    if (body.timeout !== undefined) change.timeout_ms = body.timeout;
    if (Object.keys(change).length) {
      await this.repo.updateHandler(appId, id, change);
      await this.changed(appId);
    }
    return handlerOut({ ...h, ...change });
  }

  async remove(appId: string, modeSeg: string, kindSeg: string, id: string): Promise<{ deleted: boolean }> {
    const mode = parseMode(modeSeg);
    const kind = parseKind(kindSeg);
    await this.find(appId, mode, kind, id);
    if (kind === 'timers') await this.repo.deleteTimer(appId, id);
    else {
      await this.repo.deleteHandler(appId, id);
      await this.changed(appId);
    }
    return { deleted: true };
  }

  async setState(appId: string, modeSeg: string, kindSeg: string, id: string, enabled: boolean) {
    return this.update(appId, modeSeg, kindSeg, id, { enabled });
  }

  async timerForRun(appId: string, modeSeg: string, kindSeg: string, name: string): Promise<CcTimerRow> {
    const mode = parseMode(modeSeg);
    if (parseKind(kindSeg) !== 'timers') throw ApiError.notFound('Only timers can be run');
    const t =
      (await this.repo.timerByName(appId, mode, name)) ??
      (mode === 'PRODUCTION' ? await this.repo.timerByName(appId, 'MARKETPLACE', name) : undefined);
    if (!t) throw ApiError.notFound(`Timer '${name.slice(0, 100)}' does not exist`);
    return t;
  }

  /** The chain of an event and target: the running modes' handlers, in the order they run. */
  async chain(appId: string, eventRef: string, context: string) {
    const ev = ccEventByRef(eventRef);
    if (!ev || ev.provider === 'timer') throw ApiError.notFound(`Unknown event '${eventRef.slice(0, 100)}'`);
    const all = (await this.repo.handlers(appId, RUNNING)).filter(
      (h) => h.provider === ev.provider && h.event_name === ev.name,
    );
    const own = context === '*' ? [] : all.filter((h) => h.target === context);
    const star = all.filter((h) => h.target === '*');
    const [stored, starStored] = await Promise.all([
      this.repo.chain(appId, ev.id, context),
      context === '*' ? undefined : this.repo.chain(appId, ev.id, '*'),
    ]);
    const order = (row?: { order_json: string }) => (row ? (JSON.parse(row.order_json) as string[]) : undefined);
    const list = resolveChain(own, star, order(stored), order(starStored));
    return {
      eventId: ev.id,
      context,
      handlers: list.map((h) => ({
        id: h.id,
        model: h.model,
        language: h.language,
        target: h.target,
        mode: h.mode,
        enabled: bool(h.enabled),
      })),
      ev,
    };
  }

  async setChain(appId: string, eventRef: string, context: string, handlers: Array<string | { id: string }>) {
    const current = await this.chain(appId, eventRef, context);
    const ids = handlers.map((h) => (typeof h === 'string' ? h : h.id));
    const known = new Set(current.handlers.map((h) => h.id));
    const unknown = ids.find((id) => !known.has(id));
    if (unknown)
      throw ApiError.field('VALIDATION', 'handlers', `Handler '${unknown.slice(0, 64)}' is not in this chain`);
    await this.repo.setChain(appId, current.ev.id, context, [...new Set(ids)]);
    await this.changed(appId);
    const { ev: _ev, ...answer } = await this.chain(appId, eventRef, context);
    return answer;
  }

  async timerLogs(
    appId: string,
    q: {
      offset?: number;
      pageSize?: number;
      limit?: number;
      fromDate?: number;
      toDate?: number;
      timer?: string;
      status?: string;
    },
  ) {
    const { rows, total } = await this.repo.timerLogs(appId, {
      offset: q.offset ?? 0,
      pageSize: q.pageSize ?? q.limit ?? 100,
      fromDate: q.fromDate,
      toDate: q.toDate,
      timer: q.timer,
      status: q.status,
    });
    return {
      totalRows: total,
      data: rows.map((r) => ({
        id: r.id,
        timername: r.timer_name,
        trigger: r.trigger,
        startedAt: num(r.started_at),
        durationMs: numOrNull(r.duration_ms),
        status: r.status,
        error: r.error,
      })),
    };
  }
}
