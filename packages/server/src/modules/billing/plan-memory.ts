import type { BillingPeriod, PlanLine } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { BillingRepo, type SubscriptionRow } from './billing.repo.js';
import type { Catalogue, CataloguePlan } from './catalogue.js';

/** An app's plan on one line, as every check reads it. */
export interface AppPlan {
  plan: CataloguePlan;
  period: BillingPeriod;
  status: 'active' | 'pending' | 'past_due' | 'canceled';
  /** Where the billing period counts from (the switch, or the app's creation). */
  periodStart: number;
  /** Whether the app has chosen (a row) or is on the line's default. */
  chosen: boolean;
}

export type AppPlans = Record<PlanLine, AppPlan>;

/** A remembered app's plans are read again after this long even without a change message (safety net). */
const KEEP_MS = 60_000;
const MAX_APPS = 50_000;

/**
 * Each app's plans in this process's memory, for the app API's checks: `known` answers without
 * waiting, `of` reads the database once. A switch calls `changed`, which drops the app here and in
 * every other process (cluster/invalidation.ts, kind `plans`).
 */
export class PlanMemory {
  private readonly apps = new Map<string, { plans: AppPlans; at: number }>();
  private readonly loading = new Map<string, Promise<AppPlans>>();
  private readonly repo: BillingRepo;
  private readonly unregister: () => void;

  constructor(
    private readonly ctx: ServerContext,
    private readonly catalogue: Catalogue,
  ) {
    this.repo = new BillingRepo(ctx.dbs);
    this.unregister = ctx.cluster.invalidation.register('plans', (appId) => {
      if (appId === null) this.apps.clear();
      else this.apps.delete(appId);
    });
  }

  close(): void {
    this.unregister();
  }

  /** The app's plans when remembered and fresh; undefined when they must be read (`of`). */
  known(appId: string, now = Date.now()): AppPlans | undefined {
    const e = this.apps.get(appId);
    return e && now - e.at < KEEP_MS ? e.plans : undefined;
  }

  /** The app's plans, read once per change however many requests ask at the same moment. */
  of(appId: string): Promise<AppPlans> {
    const known = this.known(appId);
    if (known) return Promise.resolve(known);
    let p = this.loading.get(appId);
    if (!p) {
      p = this.read(appId).finally(() => this.loading.delete(appId));
      this.loading.set(appId, p);
    }
    return p;
  }

  private async read(appId: string): Promise<AppPlans> {
    const since = this.ctx.cluster.invalidation.version(appId);
    const rows = await this.repo.subscriptions(appId);
    const created = rows.length < 2 ? ((await this.repo.appCreated(appId)) ?? Date.now()) : 0;
    const plans = {
      application: this.planOf('application', rows, created),
      automation: this.planOf('automation', rows, created),
    };
    if (this.ctx.cluster.invalidation.version(appId) === since) {
      if (this.apps.size >= MAX_APPS) this.apps.clear();
      this.apps.set(appId, { plans, at: Date.now() });
    }
    return plans;
  }

  /**
   * A line's plan from its row; a row naming a plan the operator has since removed from the file
   * falls back to the line's default (reported as `past_due` with the reason, never silently).
   */
  private planOf(line: PlanLine, rows: SubscriptionRow[], created: number): AppPlan {
    const row = rows.find((r) => r.line === line);
    const fallback = this.catalogue.defaults[line];
    if (!row) return { plan: fallback, period: 'monthly', status: 'active', periodStart: created, chosen: false };
    const plan = this.catalogue.plans.get(`${line}/${row.plan_id}`);
    return {
      plan: plan ?? fallback,
      period: row.period === 'yearly' ? 'yearly' : 'monthly',
      status: plan ? (row.status as AppPlan['status']) : 'past_due',
      periodStart: Number(row.period_start),
      chosen: true,
    };
  }
}
