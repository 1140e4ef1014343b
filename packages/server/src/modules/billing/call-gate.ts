import type { FastifyBaseLogger } from 'fastify';
import type { SharedCounters } from '../../cluster/index.js';
import { ApiError } from '../../http/api-error.js';
import type { CataloguePlan } from './catalogue.js';
import type { PlanMemory } from './plan-memory.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** Past this many apps counted in one minute the counters of earlier windows are let go. */
const MAX_APPS = 100_000;
/** Notices go out at these shares of a limit (decision 0082). */
export const THRESHOLDS = [80, 90, 100] as const;

/** A refusal's wait, for `Retry-After`. */
export interface Refusal {
  error: ApiError;
  retryAfterSeconds: number;
}

/** What crossing a threshold reports (the plans service sends the notice). */
export type ThresholdHandler = (
  appId: string,
  component: string,
  threshold: number,
  usage: number,
  limit: number,
  plan: CataloguePlan,
) => void;

interface Local {
  minute: number;
  perMinute: number;
  day: number;
  perDay: number;
}

/**
 * The plan limits on API calls (`api-calls-per-minute`, `api-calls-per-day`), checked for every app
 * API request (decision 0082). Only built when some plan of the catalogue limits calls, so the
 * default catalogue costs the app API nothing. Per request: a memory look-up of the app's plan and
 * an in-process count (a Map entry, no I/O); with Redis and a finite limit, one `INCR` round trip
 * that counts across every server process. Refused calls count too: a client hammering a full
 * window does not earn room by being refused.
 */
export class CallGate {
  private readonly local = new Map<string, Local>();

  constructor(
    private readonly memory: PlanMemory,
    private readonly shared: SharedCounters | undefined,
    private readonly log: FastifyBaseLogger,
    private readonly crossed: ThresholdHandler,
  ) {}

  /**
   * Counts a call of the app (its real id, once its key was accepted) and answers undefined to let
   * it through, a refusal, or a promise of either when the plan or the shared count must be awaited.
   */
  admit(appId: string): Refusal | undefined | Promise<Refusal | undefined> {
    const now = Date.now();
    const plans = this.memory.known(appId, now);
    if (plans) return this.decide(appId, plans.application.plan, now);
    return this.memory.of(appId).then(
      (p) => this.decide(appId, p.application.plan, Date.now()),
      (err: unknown) => {
        // Plans unreadable (a database hiccup): let calls through rather than fail the app API.
        this.log.warn({ err, appId }, 'Plan limits could not be read; the call is let through');
        return undefined;
      },
    );
  }

  private decide(appId: string, plan: CataloguePlan, now: number): Refusal | undefined | Promise<Refusal | undefined> {
    const minute = Math.floor(now / MINUTE);
    const day = Math.floor(now / DAY);
    const counted = this.count(appId, minute, day);
    const { perMinute, perDay } = plan.calls;
    if (perMinute === undefined && perDay === undefined) return undefined;
    if (!this.shared) return this.verdict(appId, plan, now, counted.perMinute, counted.perDay);
    return this.shared
      .add([
        { key: `calls:${appId}:m${minute}`, ttlMs: 2 * MINUTE },
        { key: `calls:${appId}:d${day}`, ttlMs: 2 * DAY },
      ])
      .then(
        ([m, d]) => this.verdict(appId, plan, now, m, d),
        (err: unknown) => {
          this.log.warn({ err, appId }, 'Shared call counters unreachable; this process counts alone');
          return this.verdict(appId, plan, now, counted.perMinute, counted.perDay);
        },
      );
  }

  /** Counts in this process (every app: the console shows usage on unlimited plans too). */
  private count(appId: string, minute: number, day: number): Local {
    let e = this.local.get(appId);
    if (!e) {
      if (this.local.size >= MAX_APPS) this.prune(minute);
      this.local.set(appId, (e = { minute, perMinute: 0, day, perDay: 0 }));
    }
    if (e.minute !== minute) {
      e.minute = minute;
      e.perMinute = 0;
    }
    if (e.day !== day) {
      e.day = day;
      e.perDay = 0;
    }
    e.perMinute++;
    e.perDay++;
    return e;
  }

  private prune(minute: number): void {
    for (const [app, e] of this.local) if (e.minute !== minute) this.local.delete(app);
    if (this.local.size >= MAX_APPS) this.local.clear();
  }

  private verdict(appId: string, plan: CataloguePlan, now: number, m: number, d: number): Refusal | undefined {
    const { perMinute, perDay, minuteMarks, dayMarks } = plan.calls;
    // The call that reaches a threshold reports it (exactly that one: once per window and node at most).
    if (perMinute !== undefined && m <= perMinute)
      this.watch(appId, 'api-calls-per-minute', m, perMinute, minuteMarks, plan);
    if (perDay !== undefined && d <= perDay) this.watch(appId, 'api-calls-per-day', d, perDay, dayMarks, plan);
    if (perMinute !== undefined && m > perMinute)
      return refusal('API calls per minute', 'api-calls-per-minute', perMinute, m, plan, MINUTE - (now % MINUTE));
    if (perDay !== undefined && d > perDay)
      return refusal('API calls per day', 'api-calls-per-day', perDay, d, plan, DAY - (now % DAY));
    return undefined;
  }

  private watch(
    appId: string,
    component: string,
    usage: number,
    limit: number,
    marks: number[],
    plan: CataloguePlan,
  ): void {
    for (let i = 0; i < marks.length; i++)
      if (usage === marks[i]) this.crossed(appId, component, THRESHOLDS[i], usage, limit, plan);
  }

  /** The present counts of an app's windows (shared ones when the plan's limit is counted in Redis). */
  async usage(appId: string, plan: CataloguePlan): Promise<{ perMinute: number; perDay: number }> {
    const now = Date.now();
    const minute = Math.floor(now / MINUTE);
    const day = Math.floor(now / DAY);
    const finite = plan.limits.has('api-calls-per-minute') || plan.limits.has('api-calls-per-day');
    if (this.shared && finite) {
      const [m, d] = await this.shared.read([`calls:${appId}:m${minute}`, `calls:${appId}:d${day}`]);
      return { perMinute: m, perDay: d };
    }
    const e = this.local.get(appId);
    return { perMinute: e?.minute === minute ? e.perMinute : 0, perDay: e?.day === day ? e.perDay : 0 };
  }
}

/** The 429 of a used-up rate: the message names the component, the number and the plan. */
function refusal(
  name: string,
  component: string,
  limit: number,
  usage: number,
  plan: CataloguePlan,
  waitMs: number,
): Refusal {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  const error = new ApiError(
    'PLAN_RATE_LIMIT',
    `${name} (${component}): the limit of ${limit} on plan '${plan.id}' is used up; try again in ${retryAfterSeconds} s`,
    { component, limit, usage, planId: plan.id, retryAfter: retryAfterSeconds },
  );
  return { error, retryAfterSeconds };
}
