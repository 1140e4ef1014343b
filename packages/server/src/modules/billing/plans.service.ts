import type {
  ApiCallsBlocked,
  BillingAccountInfo,
  BillingPeriod,
  BillingPeriodInfo,
  ComponentLimit,
  Plan,
  PlanComponentId,
  PlanComponentsData,
  PlanLine,
  SubscriptionStatus,
} from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { StorageDriver, StorageEntry } from '../../storage/index.js';
import { isStorageError } from '../../storage/index.js';
import { BillingRepo } from './billing.repo.js';
import { CallGate, THRESHOLDS, type Refusal } from './call-gate.js';
import { COMPONENTS, loadCatalogue, type Catalogue, type CataloguePlan } from './catalogue.js';
import { PlanMemory, type AppPlan } from './plan-memory.js';
import { UsageMeter } from './usage.js';

const DAY = 86_400_000;
const MB = 1024 * 1024;

/** Bytes as people read them (1 MB, 600 KB). */
export function bytesText(n: number): string {
  if (n >= MB) return `${+(n / MB).toFixed(1)} MB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}

/** The end of the period that started at `start` (a calendar month or year later, UTC). */
function periodEnd(start: number, period: BillingPeriod): number {
  const d = new Date(start);
  if (period === 'yearly') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return d.getTime();
}

/** The period containing `now` of a subscription that started at `start`. */
function currentPeriod(start: number, period: BillingPeriod, now = Date.now()): { start: number; end: number } {
  let from = start;
  let to = periodEnd(from, period);
  for (let i = 0; to <= now && i < 10_000; i++) {
    from = to;
    to = periodEnd(from, period);
  }
  return { start: from, end: to };
}

/**
 * Plans and limits (decision 0082): the operator's catalogue, each app's plan on each line, usage
 * against limits, switching, and the checks other modules call before they write (files, tables).
 * Built once by the composition root; the app API's call gate exists only when some plan limits calls.
 */
export class PlansService {
  readonly catalogue: Catalogue;
  readonly memory: PlanMemory;
  /** The app API's check of call limits; undefined when no plan limits calls (nothing is counted). */
  readonly gate?: CallGate;
  private readonly usage: UsageMeter;
  private readonly repo: BillingRepo;
  /** Uploads of an app with a finite file storage limit, one after another (so two cannot both fit). */
  private readonly fileLocks = new Map<string, Promise<unknown>>();

  constructor(private readonly ctx: ServerContext) {
    // Billing switched off by the operator: every app is on the built-in unlimited plan.
    this.catalogue = loadCatalogue(ctx.config.features.billing ? ctx.config.plansFile : undefined);
    this.memory = new PlanMemory(ctx, this.catalogue);
    this.repo = new BillingRepo(ctx.dbs);
    if (this.catalogue.limitsCalls)
      this.gate = new CallGate(this.memory, ctx.cluster.counters, ctx.log, (...args) => this.crossed(...args));
    this.usage = new UsageMeter(ctx, this.gate);
  }

  close(): void {
    this.memory.close();
  }

  /** A plan of a line, 404 naming it when the catalogue has none by that id. */
  plan(line: PlanLine, planId: string): CataloguePlan {
    const plan = this.catalogue.plans.get(`${line}/${planId}`);
    if (!plan) throw ApiError.notFound(`No plan '${planId.slice(0, 64)}' in the ${line} plans of this server`);
    return plan;
  }

  private period(raw: string): BillingPeriod {
    if (raw === 'monthly' || raw === 'yearly') return raw;
    throw ApiError.notFound(`No billing period '${raw.slice(0, 16)}': use monthly or yearly`);
  }

  /** The plans a developer may pick on a line: public ones, the app's own, and all for the operator. */
  async plans(appId: string, line: PlanLine, operator: boolean): Promise<Plan[]> {
    const current = (await this.memory.of(appId))[line];
    return [...this.catalogue.plans.values()]
      .filter((p) => p.line === line && (p.public || operator || p === current.plan))
      .map((p) => ({
        id: p.id,
        line: p.line,
        name: p.name,
        periods: { ...p.periods },
        components: [...COMPONENTS.values()].map((c) => ({
          id: c.id,
          name: c.name,
          unit: c.unit,
          kind: c.kind,
          limit: p.limits.get(c.id) ?? null,
          enforced: c.enforced,
        })),
        public: p.public,
        current: p === current.plan,
      }));
  }

  /** One component of a plan with the app's usage. */
  private async limitOf(appId: string, plan: CataloguePlan, id: PlanComponentId): Promise<ComponentLimit> {
    const c = COMPONENTS.get(id)!;
    return {
      component: c.id,
      name: c.name,
      unit: c.unit,
      kind: c.kind,
      limit: plan.limits.get(c.id) ?? null,
      usage: await this.usage.measure(appId, c.id, plan),
      enforced: c.enforced,
    };
  }

  /** A plan's components for a period with the app's usage; `current` for both names the app's own. */
  async components(appId: string, line: PlanLine, planId: string, periodRaw: string): Promise<PlanComponentsData> {
    const own = (await this.memory.of(appId))[line];
    const plan = planId === 'current' ? own.plan : this.plan(line, planId);
    const period = periodRaw === 'current' ? own.period : this.period(periodRaw);
    const components: ComponentLimit[] = [];
    for (const id of COMPONENTS.keys()) components.push(await this.limitOf(appId, plan, id));
    return { planId: plan.id, planName: plan.name, line, period, price: plan.periods[period], components };
  }

  /** One component of the app's current application plan (404 naming an unknown component). */
  async componentLimit(appId: string, componentId: string): Promise<ComponentLimit> {
    if (!COMPONENTS.has(componentId as PlanComponentId))
      throw ApiError.notFound(`No plan component '${componentId.slice(0, 64)}'`);
    const own = (await this.memory.of(appId)).application;
    return this.limitOf(appId, own.plan, componentId as PlanComponentId);
  }

  private statusOf(line: PlanLine, own: AppPlan): SubscriptionStatus {
    const { end } = currentPeriod(own.periodStart, own.period);
    return {
      status: own.status,
      line,
      planId: own.plan.id,
      planName: own.plan.name,
      period: own.period,
      since: own.periodStart,
      renewsAt: end,
      reason:
        own.status === 'past_due'
          ? `The plan chosen for this app is no longer offered; it runs on '${own.plan.id}' until another is chosen`
          : null,
    };
  }

  async status(appId: string, line: PlanLine): Promise<SubscriptionStatus> {
    return this.statusOf(line, (await this.memory.of(appId))[line]);
  }

  /**
   * Switches the app's plan on a line. Refused (409, each component listed) when the app already
   * uses more of a capacity than the new plan allows; a private plan is the operator's to give.
   */
  async switchPlan(
    appId: string,
    line: PlanLine,
    planId: string,
    periodRaw: string,
    by: { id: string; operator: boolean },
  ): Promise<SubscriptionStatus> {
    const plan = this.plan(line, planId);
    const period = this.period(periodRaw);
    const own = (await this.memory.of(appId))[line];
    if (!plan.public && !by.operator && own.plan !== plan)
      throw ApiError.notFound(`No plan '${planId}' in the ${line} plans of this server`);
    if (line === 'application') {
      const over: Array<{ component: string; limit: number; usage: number }> = [];
      for (const [id, limit] of plan.limits) {
        const c = COMPONENTS.get(id)!;
        if (c.kind !== 'capacity') continue;
        const usage = await this.usage.measure(appId, id, plan);
        if (usage !== null && usage > limit) over.push({ component: id, limit, usage });
      }
      if (over.length > 0)
        throw new ApiError(
          'PLAN_LIMITS_EXCEEDED',
          `The app uses more than plan '${plan.id}' allows: ${over
            .map(
              (o) =>
                `${COMPONENTS.get(o.component as PlanComponentId)!.name} ${this.amount(o.component, o.usage)} of ${this.amount(o.component, o.limit)}`,
            )
            .join('; ')}`,
          { planId: plan.id, components: over },
        );
    }
    const now = Date.now();
    await this.repo.put({
      app_id: appId,
      line,
      plan_id: plan.id,
      period,
      status: 'active',
      period_start: now,
      updated: now,
      updated_by: by.id,
    });
    await this.ctx.cluster.invalidation.changed('plans', appId);
    return this.status(appId, line);
  }

  private amount(component: string, n: number): string {
    return COMPONENTS.get(component as PlanComponentId)?.unit === 'bytes' ? bytesText(n) : String(n);
  }

  async periodInfo(appId: string, line: PlanLine): Promise<BillingPeriodInfo> {
    const own = (await this.memory.of(appId))[line];
    const { start, end } = currentPeriod(own.periodStart, own.period);
    return {
      line,
      period: own.period,
      start,
      end,
      daysLeft: Math.max(0, Math.ceil((end - Date.now()) / DAY)),
      price: own.plan.periods[own.period],
    };
  }

  async accountInfo(appId: string, line: PlanLine): Promise<BillingAccountInfo> {
    const own = (await this.memory.of(appId))[line];
    const { monthly, yearly } = own.plan.periods;
    return {
      line,
      planId: own.plan.id,
      planName: own.plan.name,
      period: own.period,
      status: own.status,
      price: own.plan.periods[own.period],
      // What a year costs on each period, and what paying yearly saves.
      estimate: { monthly: monthly * 12, yearly, yearlySaving: Math.max(0, monthly * 12 - yearly) },
      provider: 'manual',
      paymentProfileId: null,
    };
  }

  /** Whether the app's calls are refused now: a call limit of its plan used up in the present window. */
  async blocked(appId: string): Promise<ApiCallsBlocked> {
    const plan = (await this.memory.of(appId)).application.plan;
    const used = this.gate ? await this.gate.usage(appId, plan) : { perMinute: 0, perDay: 0 };
    const now = Date.now();
    const checks = [
      { component: 'api-calls-per-day', limit: plan.limits.get('api-calls-per-day'), usage: used.perDay, ms: DAY },
      {
        component: 'api-calls-per-minute',
        limit: plan.limits.get('api-calls-per-minute'),
        usage: used.perMinute,
        ms: 60_000,
      },
    ];
    for (const c of checks) {
      if (c.limit !== undefined && c.usage >= c.limit)
        return {
          blocked: true,
          reason: `${COMPONENTS.get(c.component as PlanComponentId)!.name}: the limit of ${c.limit} on plan '${plan.id}' is used up (${c.usage} calls); switch to a larger plan or wait`,
          component: c.component,
          limit: c.limit,
          usage: c.usage,
          planId: plan.id,
          until: now - (now % c.ms) + c.ms,
        };
    }
    const minute = plan.limits.get('api-calls-per-minute');
    return {
      blocked: false,
      reason: null,
      component: null,
      limit: minute ?? null,
      usage: used.perMinute,
      planId: plan.id,
      until: null,
    };
  }

  /** A refused call (from the gate) as the app API answers it: the error, `Retry-After` set by the caller. */
  admit(appId: string): Refusal | undefined | Promise<Refusal | undefined> {
    return this.gate?.admit(appId);
  }

  /**
   * Runs a file write with the room the app's file storage limit leaves (`write` gets the byte
   * limit to pass the driver, which refuses more and writes nothing). Unlimited plans: the upload
   * limit, no measuring. Limited: one write of the app at a time, so two cannot both fit; a write
   * refused for the room is a 402 naming the component, the numbers and the plan.
   */
  async withFileRoom(
    appId: string,
    driver: StorageDriver,
    path: string,
    uploadLimit: number,
    write: (limit: number) => Promise<StorageEntry>,
  ): Promise<StorageEntry> {
    if (!this.catalogue.limited.has('file-storage-bytes')) return write(uploadLimit);
    const plan = (this.memory.known(appId) ?? (await this.memory.of(appId))).application.plan;
    const limit = plan.limits.get('file-storage-bytes');
    if (limit === undefined) return write(uploadLimit);
    const previous = this.fileLocks.get(appId) ?? Promise.resolve();
    const run = previous
      .catch(() => undefined)
      .then(async () => {
        const used = await this.usage.fileBytes(appId, driver);
        const replaced = await driver.stat(path).then(
          (e) => (e?.type === 'FILE' ? e.size : 0),
          () => 0,
        );
        const room = Math.max(0, limit - used + replaced);
        try {
          const entry = await write(Math.min(uploadLimit, room));
          this.crossedCapacity(appId, 'file-storage-bytes', used - replaced, used - replaced + entry.size, limit, plan);
          return entry;
        } catch (err) {
          if (room < uploadLimit && isStorageError(err) && err.kind === 'too-large')
            throw this.full(
              'file-storage-bytes',
              limit,
              used,
              plan,
              `the file needs more than the ${bytesText(room)} left`,
            );
          throw err;
        }
      });
    this.fileLocks.set(appId, run);
    void run
      .finally(() => {
        if (this.fileLocks.get(appId) === run) this.fileLocks.delete(appId);
      })
      .catch(() => undefined);
    return run;
  }

  /**
   * Refuses a capacity write that would take the app over its plan (402, nothing written): `after`
   * is the usage once written. Called before the write by tables (and other capacities to come).
   */
  async assertCapacity(appId: string, component: PlanComponentId, after: number): Promise<void> {
    if (!this.catalogue.limited.has(component)) return;
    const plan = (this.memory.known(appId) ?? (await this.memory.of(appId))).application.plan;
    const limit = plan.limits.get(component);
    if (limit === undefined) return;
    if (after > limit) throw this.full(component, limit, after - 1, plan, 'nothing was changed');
    this.crossedCapacity(appId, component, after - 1, after, limit, plan);
  }

  /** Whether some plan limits a component (callers skip measuring before a write otherwise). */
  limits(component: PlanComponentId): boolean {
    return this.catalogue.limited.has(component);
  }

  private full(component: PlanComponentId, limit: number, usage: number, plan: CataloguePlan, tail: string): ApiError {
    const c = COMPONENTS.get(component)!;
    return new ApiError(
      'PLAN_LIMIT_REACHED',
      `${c.name} (${component}): the limit of ${this.amount(component, limit)} on plan '${plan.id}' is reached (${this.amount(component, usage)} used); ${tail}`,
      { component, limit, usage, planId: plan.id },
    );
  }

  private crossedCapacity(
    appId: string,
    component: PlanComponentId,
    before: number,
    after: number,
    limit: number,
    plan: CataloguePlan,
  ): void {
    for (const t of THRESHOLDS) {
      const mark = (limit * t) / 100;
      if (before < mark && after >= mark) this.crossed(appId, component, t, after, limit, plan);
    }
  }

  /**
   * A threshold (80, 90, 100 %) was reached: one notice per app, component, threshold and UTC day,
   * claimed in the database (so one node sends it), mailed to the app's owner and kept for the
   * console's banner. Never awaited by the request that crossed it.
   */
  private crossed(
    appId: string,
    component: string,
    threshold: number,
    usage: number,
    limit: number,
    plan: CataloguePlan,
  ): void {
    const now = Date.now();
    void this.repo
      .claimNotice({
        app_id: appId,
        component,
        threshold,
        day: Math.floor(now / DAY),
        plan_id: plan.id,
        usage,
        limit_value: limit,
        created: now,
      })
      .then(async (claimed) => {
        if (!claimed) return;
        const name = COMPONENTS.get(component as PlanComponentId)?.name ?? component;
        for (const to of await this.repo.recipients(appId)) {
          await this.ctx.mailer.send({
            to: to.email,
            subject: `${name} at ${threshold}% of plan '${plan.id}' in app ${appId}`,
            text:
              `Your app ${appId} has used ${this.amount(component, usage)} of the ${this.amount(component, limit)} ` +
              `that plan '${plan.id}' allows for ${name} (${threshold}%).` +
              (threshold >= 100
                ? ' Further use is refused until you switch to a larger plan or the usage drops.'
                : '') +
              `\n\nPlans: ${this.ctx.config.publicUrl}/apps/${appId}/billing`,
          });
        }
      })
      .catch((err: unknown) => this.ctx.log.warn({ err, appId, component }, 'A plan limit notice could not be sent'));
  }

  /** Notices of the last day for the console's banner. */
  async notices(
    appId: string,
  ): Promise<
    Array<{ component: string; threshold: number; usage: number; limit: number; planId: string; created: number }>
  > {
    const rows = await this.repo.notices(appId, Date.now() - DAY);
    return rows.map((r) => ({
      component: r.component,
      threshold: r.threshold,
      usage: r.usage,
      limit: r.limit_value,
      planId: r.plan_id,
      created: r.created,
    }));
  }

  /** Every app the developer can see, with its subscriptions. */
  async subscriptionsOf(developerId: string) {
    const apps = await this.repo.appsOf(developerId);
    const out = [];
    for (const app of apps.slice(0, 500)) {
      const own = await this.memory.of(app.id);
      out.push({
        appId: app.id,
        appName: app.name,
        subscriptions: [this.statusOf('application', own.application), this.statusOf('automation', own.automation)],
      });
    }
    return out;
  }
}
