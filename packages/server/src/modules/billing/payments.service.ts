import crypto from 'node:crypto';
import type { Invoice, PaymentProfile, PaymentProvider, PlanApp, PlanLine } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { holdsCardNumber } from './card-data.js';
import { PaymentsRepo, type InvoiceWithApp, type ProfileRow } from './payments.repo.js';
import type { PlansService } from './plans.service.js';
import { cardOf, StripeClient, verifyStripeSignature } from './stripe.js';

const LINES: PlanLine[] = ['application', 'automation'];
const EMAIL = /^[^@\s]+@[^@\s]+$/;

/** The fields of a profile body, after the card check (decision 0089). */
interface ProfileInput {
  provider?: unknown;
  name?: unknown;
  email?: unknown;
  company?: unknown;
  address?: unknown;
}

function text(v: unknown, field: string, max: number, required: boolean): string | undefined {
  if (v === undefined || v === null) {
    if (required) throw ApiError.field('VALIDATION', field, `${field} is required`);
    return undefined;
  }
  if (typeof v !== 'string') throw ApiError.field('VALIDATION', field, `${field} must be text`);
  const t = v.trim();
  if (required && !t) throw ApiError.field('VALIDATION', field, `${field} is required`);
  if (t.length > max) throw ApiError.field('VALIDATION', field, `${field} is longer than ${max} characters`);
  return t;
}

/**
 * Payment profiles, the profile paying for each app's line, invoices per billing period and the
 * Stripe webhook (decision 0089). `manual` needs nothing; Stripe is offered when the operator set
 * its keys. Card data never reaches the server: a body that holds a card number is refused.
 */
export class PaymentsService {
  private readonly repo: PaymentsRepo;
  readonly stripe?: StripeClient;

  constructor(
    private readonly ctx: ServerContext,
    private readonly plans: PlansService,
  ) {
    this.repo = new PaymentsRepo(ctx.dbs);
    const s = ctx.config.payments.stripe;
    if (s) this.stripe = new StripeClient(s.apiUrl, s.secretKey);
  }

  /** 400 RAW_CARD_DATA_REFUSED for a body with anything like a card number in it. */
  refuseCardData(body: unknown): void {
    if (holdsCardNumber(body))
      throw new ApiError(
        'RAW_CARD_DATA_REFUSED',
        'This server never accepts card numbers: add a Stripe profile and enter the card on the Stripe page it opens',
      );
  }

  private async answer(rows: ProfileRow[]): Promise<PaymentProfile[]> {
    const apps = await this.repo.appsOfProfiles(rows.map((r) => r.id));
    return rows.map((r) => ({
      id: r.id,
      provider: r.provider as PaymentProvider,
      name: r.name,
      email: r.email,
      company: r.company,
      address: r.address,
      status: r.status as PaymentProfile['status'],
      card:
        r.card_last4 !== null
          ? {
              brand: r.card_brand ?? 'card',
              last4: r.card_last4,
              expMonth: r.card_exp_month ?? 0,
              expYear: r.card_exp_year ?? 0,
            }
          : null,
      setupUrl: r.status === 'pending' ? r.setup_url : null,
      apps: apps
        .filter((a) => a.profile_id === r.id)
        .map((a) => ({ appId: a.app_id, appName: a.app_name, line: a.line })),
      created: r.created,
      updated: r.updated,
    }));
  }

  private async one(row: ProfileRow): Promise<PaymentProfile> {
    return (await this.answer([row]))[0]!;
  }

  async profiles(developerId: string): Promise<PaymentProfile[]> {
    return this.answer(await this.repo.profilesOf(developerId));
  }

  /** The caller's profiles that can pay now (active), for a clone of an app. */
  async profilesForClone(developerId: string): Promise<PaymentProfile[]> {
    return (await this.profiles(developerId)).filter((p) => p.status === 'active');
  }

  private async own(developerId: string, id: string): Promise<ProfileRow> {
    const row = await this.repo.profile(id);
    // Another developer's profile is answered as missing: its existence is not theirs to learn.
    if (!row || row.developer_id !== developerId) throw ApiError.notFound(`No payment profile '${id}'`);
    return row;
  }

  async add(developerId: string, body: unknown): Promise<PaymentProfile> {
    this.refuseCardData(body);
    const b = (body ?? {}) as ProfileInput;
    const provider = text(b.provider, 'provider', 16, false) || 'manual';
    if (provider !== 'manual' && provider !== 'stripe')
      throw ApiError.field('VALIDATION', 'provider', `Unknown payment provider '${provider}' (manual or stripe)`);
    if (provider === 'stripe' && !this.stripe)
      throw ApiError.field(
        'VALIDATION',
        'provider',
        'Stripe is not configured on this server (BASALT_STRIPE_SECRET_KEY); use a manual profile',
      );
    const name = text(b.name, 'name', 100, true)!;
    const email = text(b.email, 'email', 200, true)!;
    if (!EMAIL.test(email)) throw ApiError.field('VALIDATION', 'email', 'email is not an e-mail address');
    const now = Date.now();
    const row: ProfileRow = {
      id: crypto.randomUUID(),
      developer_id: developerId,
      provider,
      name,
      email,
      company: text(b.company, 'company', 200, false) ?? '',
      address: text(b.address, 'address', 500, false) ?? '',
      status: provider === 'manual' ? 'active' : 'pending',
      external_id: null,
      setup_url: null,
      card_brand: null,
      card_last4: null,
      card_exp_month: null,
      card_exp_year: null,
      created: now,
      updated: now,
    };
    if (this.stripe && provider === 'stripe') {
      // Stripe first: a failure there leaves no half-made profile behind.
      row.external_id = await this.stripe.createCustomer({ name, email, profileId: row.id });
      row.setup_url = await this.stripe.setupSession(row.external_id, `${this.ctx.config.publicUrl}/billing`);
    }
    await this.repo.insertProfile(row);
    return this.one(row);
  }

  async update(developerId: string, id: string, body: unknown): Promise<PaymentProfile> {
    this.refuseCardData(body);
    const row = await this.own(developerId, id);
    const b = (body ?? {}) as ProfileInput;
    if (b.provider !== undefined && b.provider !== row.provider)
      throw ApiError.field('VALIDATION', 'provider', 'The provider of a profile cannot change; add another profile');
    const name = text(b.name, 'name', 100, false) || row.name;
    const email = text(b.email, 'email', 200, false) || row.email;
    if (!EMAIL.test(email)) throw ApiError.field('VALIDATION', 'email', 'email is not an e-mail address');
    const change = {
      name,
      email,
      company: text(b.company, 'company', 200, false) ?? row.company,
      address: text(b.address, 'address', 500, false) ?? row.address,
      updated: Date.now(),
    };
    if (this.stripe && row.provider === 'stripe' && row.external_id)
      await this.stripe.updateCustomer(row.external_id, { name, email });
    await this.repo.updateProfile(id, change);
    return this.one({ ...row, ...change });
  }

  async remove(developerId: string, id: string): Promise<{ success: boolean }> {
    const row = await this.own(developerId, id);
    const apps = await this.repo.appsOfProfiles([id]);
    if (apps.length > 0)
      throw ApiError.conflict(
        `The profile pays for ${apps.map((a) => `'${a.app_name}' (${a.line})`).join(', ')}; choose another profile for them first`,
      );
    if (this.stripe && row.provider === 'stripe' && row.external_id && row.status !== 'detached')
      await this.stripe.deleteCustomer(row.external_id);
    await this.repo.deleteProfile(id);
    return { success: true };
  }

  /** Makes one of the caller's profiles pay for the app's line (operation 21 is checked by the route). */
  async setAppProfile(appId: string, line: PlanLine, developerId: string, profileId: string): Promise<PaymentProfile> {
    const row = await this.own(developerId, profileId);
    if (row.status === 'detached')
      throw ApiError.conflict('This profile was removed at the payment provider; choose or add another');
    await this.repo.setAppProfile({ app_id: appId, line, profile_id: row.id, updated: Date.now() });
    return this.one(row);
  }

  /** Puts the application line on a profile and, when given, a new plan (the switch's own checks apply). */
  async consolidate(
    appId: string,
    by: { id: string; operator: boolean },
    profileId: string,
    plan?: string,
    period?: string,
  ): Promise<{ paymentProfileId: string; planId: string; period: string }> {
    await this.own(by.id, profileId);
    if (plan) {
      const current = await this.plans.status(appId, 'application');
      await this.plans.switchPlan(appId, 'application', plan, period || current.period, by);
    }
    await this.setAppProfile(appId, 'application', by.id, profileId);
    const status = await this.plans.status(appId, 'application');
    return { paymentProfileId: profileId, planId: status.planId, period: status.period };
  }

  /** The provider and profile of an app's line, for account info. */
  async appPayment(appId: string, line: PlanLine): Promise<{ provider: string; paymentProfileId: string | null }> {
    const row = await this.repo.appProfile(appId, line);
    return { provider: row?.provider ?? 'manual', paymentProfileId: row?.id ?? null };
  }

  // ---- Invoices ----

  private invoiceAnswer(r: InvoiceWithApp): Invoice {
    return {
      id: r.id,
      number: r.number,
      appId: r.app_id,
      appName: r.app_name,
      line: r.line,
      planId: r.plan_id,
      period: r.period,
      periodStart: r.period_start,
      periodEnd: r.period_end,
      amount: r.amount,
      currency: r.currency,
      status: r.status as Invoice['status'],
      provider: r.provider as PaymentProvider,
      paymentProfileId: r.profile_id,
      created: r.created,
      settled: r.settled,
      settledBy: r.settled_by,
    };
  }

  async appInvoices(appId: string): Promise<Invoice[]> {
    return (await this.repo.invoices({ appId })).map((r) => this.invoiceAnswer(r));
  }

  async allInvoices(status?: string): Promise<Invoice[]> {
    return (await this.repo.invoices(status ? { status } : {})).map((r) => this.invoiceAnswer(r));
  }

  /**
   * Issues the invoice of the present billing period of every app line whose plan has a price,
   * once per period (the unique key decides, across processes). Answers how many were new.
   */
  async generateInvoices(): Promise<number> {
    const { apps } = await this.repo.allApps();
    let created = 0;
    for (const app of apps) {
      for (const line of LINES) {
        const info = await this.plans.periodInfo(app.id, line);
        if (!(info.price > 0)) continue;
        const own = (await this.plans.memory.of(app.id))[line];
        const profile = await this.repo.appProfile(app.id, line);
        const d = new Date(info.start);
        const id = crypto.randomUUID();
        const ok = await this.repo.insertInvoice({
          id,
          number: `${d.getUTCFullYear()}${String(d.getUTCMonth() + 1).padStart(2, '0')}-${id.slice(0, 8).toUpperCase()}`,
          app_id: app.id,
          line,
          plan_id: own.plan.id,
          period: info.period,
          period_start: info.start,
          period_end: info.end,
          amount: Math.round(info.price * 100),
          currency: this.ctx.config.payments.currency,
          status: 'open',
          provider: profile?.provider ?? 'manual',
          profile_id: profile?.id ?? null,
          created: Date.now(),
          settled: null,
          settled_by: null,
        });
        if (ok) created++;
      }
    }
    return created;
  }

  /** The operator marks an open invoice paid or void (409 when it is settled already). */
  async settle(invoiceId: string, status: 'paid' | 'void', by: string): Promise<Invoice> {
    const [row] = await this.repo.invoices({ id: invoiceId }, 1);
    if (!row) throw ApiError.notFound(`No invoice '${invoiceId}'`);
    if (!(await this.repo.settleInvoice(invoiceId, status, by, Date.now()))) {
      const [now] = await this.repo.invoices({ id: invoiceId }, 1);
      throw ApiError.conflict(`Invoice ${row.number} is ${now?.status ?? row.status} already`);
    }
    const [after] = await this.repo.invoices({ id: invoiceId }, 1);
    return this.invoiceAnswer(after!);
  }

  /** Every app with its plan on each line and the profile paying for it (the operator's plans view). */
  async planApps(): Promise<PlanApp[]> {
    const { apps, links } = await this.repo.allApps();
    const out: PlanApp[] = [];
    for (const app of apps) {
      const own = await this.plans.memory.of(app.id);
      for (const line of LINES)
        out.push({
          appId: app.id,
          appName: app.name,
          ownerEmail: app.owner_email,
          line,
          planId: own[line].plan.id,
          period: own[line].period,
          paymentProfileId: links.find((l) => l.app_id === app.id && l.line === line)?.profile_id ?? null,
        });
    }
    return out;
  }

  // ---- Stripe ----

  /**
   * A Stripe webhook delivery: the signature is checked over the raw body first (400, nothing
   * changes), then the event is applied once (its id) and only when it is not older than the last
   * event applied to its object (`created`). Answers what was done.
   */
  async stripeWebhook(signature: string | undefined, raw: Buffer): Promise<{ received: true; result: string }> {
    const cfg = this.ctx.config.payments.stripe;
    if (!cfg) throw ApiError.notFound('Stripe is not configured on this server');
    verifyStripeSignature(signature, raw, cfg.webhookSecret);
    let event: any;
    try {
      event = JSON.parse(raw.toString('utf8'));
    } catch {
      throw ApiError.badRequest('The webhook body is not JSON');
    }
    if (
      !event ||
      typeof event.id !== 'string' ||
      typeof event.type !== 'string' ||
      typeof event.created !== 'number' ||
      typeof event.data?.object !== 'object'
    )
      throw ApiError.badRequest('The webhook body is not a Stripe event (id, type, created, data.object)');
    const obj = event.data.object;
    // The object whose state the event sets: the customer for profile events, the invoice for invoice events.
    const objectId: string | null = event.type.startsWith('invoice.')
      ? (obj.metadata?.basaltInvoiceId ?? obj.id ?? null)
      : event.type === 'customer.deleted'
        ? (obj.id ?? null)
        : (obj.customer ?? null);
    const result = await this.repo.withEvent(
      { id: event.id.slice(0, 255), type: event.type.slice(0, 100), objectId, created: event.created },
      async (trx) => {
        const profile =
          objectId && !event.type.startsWith('invoice.')
            ? await this.repo.profileByExternal(objectId, trx as any)
            : undefined;
        const now = Date.now();
        switch (event.type) {
          case 'checkout.session.completed':
          case 'setup_intent.succeeded':
            if (profile)
              await this.repo.updateProfile(
                profile.id,
                { status: 'active', setup_url: null, updated: now },
                trx as any,
              );
            break;
          case 'payment_method.attached':
            if (profile && obj.card) {
              const c = cardOf(obj.card);
              await this.repo.updateProfile(
                profile.id,
                {
                  status: 'active',
                  setup_url: null,
                  card_brand: c.brand,
                  card_last4: c.last4,
                  card_exp_month: c.expMonth,
                  card_exp_year: c.expYear,
                  updated: now,
                },
                trx as any,
              );
            }
            break;
          case 'customer.deleted':
            if (profile)
              await this.repo.updateProfile(
                profile.id,
                { status: 'detached', setup_url: null, updated: now },
                trx as any,
              );
            break;
          case 'invoice.paid':
          case 'invoice.voided':
            if (typeof obj.metadata?.basaltInvoiceId === 'string')
              await this.repo.settleInvoice(
                obj.metadata.basaltInvoiceId,
                event.type === 'invoice.paid' ? 'paid' : 'void',
                'stripe',
                now,
                trx as any,
              );
            break;
          default:
          // Other events are recorded and acknowledged: Stripe stops resending them.
        }
      },
    );
    return { received: true, result };
  }

  /** The daily reconciliation: each Stripe profile's customer and card as Stripe has them now. */
  async reconcileStripe(): Promise<{ checked: number; changed: number }> {
    if (!this.stripe) return { checked: 0, changed: 0 };
    let checked = 0;
    let changed = 0;
    for (const p of await this.repo.stripeProfiles()) {
      checked++;
      let state;
      try {
        state = await this.stripe.customerState(p.external_id!);
      } catch (err) {
        this.ctx.log.warn({ err, profile: p.id }, 'Stripe reconciliation skipped a profile');
        continue;
      }
      const status = state.deleted
        ? 'detached'
        : state.card
          ? 'active'
          : p.status === 'detached'
            ? 'detached'
            : p.status;
      const card = state.card;
      const differs =
        status !== p.status ||
        (card !== null &&
          (card.last4 !== p.card_last4 ||
            card.brand !== p.card_brand ||
            card.expMonth !== p.card_exp_month ||
            card.expYear !== p.card_exp_year));
      if (!differs) continue;
      changed++;
      await this.repo.updateProfile(p.id, {
        status,
        ...(status !== 'pending' ? { setup_url: null } : {}),
        ...(card
          ? {
              card_brand: card.brand,
              card_last4: card.last4,
              card_exp_month: card.expMonth,
              card_exp_year: card.expYear,
            }
          : {}),
        updated: Date.now(),
      });
    }
    return { checked, changed };
  }
}
