import crypto from 'node:crypto';
import type { ServerContext } from '../../context.js';
import { requestRemote, RemoteRequestError } from '../../http/remote-fetch.js';
import { SecretBox } from '../../http/secret-box.js';
import type { JobRow } from '../../jobs/index.js';
import { dispatchJobIdOf, type DeliveryRow, type WebhooksRepo, type WebhookRow } from './webhooks.repo.js';

/** The job kind of one webhook's dispatch loop (at least once; one process holds it at a time). */
export const DISPATCH_JOB = 'webhooks.dispatch';
/** The job kind that carried one delivery before decision 0085: such a job now hands its webhook to the loop. */
export const DELIVERY_JOB = 'webhooks.deliver';
/** The longest wait between two attempts. */
const MAX_BACKOFF_MS = 6 * 60 * 60 * 1000;
/** Bytes of the receiver's answer kept for the log's error text. */
const ANSWER_BYTES = 2048;
/** Deliveries attempted per round of a loop (one per lane), and how many at once. */
const ROUND = 50;
const PARALLEL = 8;
/** How long one run of a loop goes on sending before it lets the scheduler take it up again. */
const RUN_BUDGET_MS = 10_000;

/** `sha256=<hex>`: HMAC-SHA256 of the raw body with the webhook's secret (the `X-Basalt-Signature` header). */
export function signatureOf(secret: string, body: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

/** Wait before attempt `n + 1` after `n` failed ones: the base, then four times longer each time. */
export function backoffMs(baseMs: number, failed: number): number {
  return Math.min(MAX_BACKOFF_MS, baseMs * 4 ** Math.max(0, failed - 1));
}

/** What one attempt gave. */
export interface AttemptResult {
  status: number | null;
  durationMs: number;
  error: string | null;
}

/** The circuit breaker of a webhook as the console shows it. */
export interface Breaker {
  state: 'closed' | 'open' | 'probing';
  failures: number;
  until: number | null;
}

export function breakerOf(hook: WebhookRow, now = Date.now()): Breaker {
  const until = hook.breaker_until === null || hook.breaker_until === undefined ? null : Number(hook.breaker_until);
  const failures = Number(hook.breaker_failures ?? 0);
  if (until === null) return { state: 'closed', failures, until: null };
  return { state: until > now ? 'open' : 'probing', failures, until };
}

/**
 * Sends a webhook's deliveries (decision 0085). Each webhook has one dispatch job; the scheduler
 * leases it to one process at a time, so one loop per webhook runs in the whole cluster. A run
 * takes the due deliveries that head their lane (ordered per record), attempts them through the
 * server-side request guard (private addresses only when the operator allows them), signed, with
 * the delivery's id as its idempotency key, records the round's attempts in one transaction, and
 * answers when it is due again. After `webhookBreakerFailures` failed attempts in a row the
 * webhook's breaker opens: its deliveries wait untried (kept, their attempts not spent) for the
 * cool-down, then one delivery probes; a delivered probe closes the breaker, a failed one opens it
 * again.
 */
export class Deliverer {
  private readonly box: SecretBox;

  constructor(
    private readonly ctx: ServerContext,
    private readonly repo: WebhooksRepo,
  ) {
    this.box = new SecretBox(ctx.config.dataDir);
  }

  /** The dispatch job of a webhook, due at `at`. */
  jobOf(appId: string, webhookId: string, at: number): JobRow {
    return this.ctx.jobs.rowOf({
      id: dispatchJobIdOf(webhookId),
      kind: DISPATCH_JOB,
      appId,
      payload: { webhookId },
      runAt: at,
    });
  }

  /** One run of a webhook's loop; answers when it is due again, or nothing when no delivery is pending. */
  async dispatch(webhookId: string): Promise<void | { rerunAt: number }> {
    const started = Date.now();
    let hook = await this.repo.byId(webhookId);
    if (!hook) return;
    for (;;) {
      const now = Date.now();
      const breaker = breakerOf(hook, now);
      if (breaker.state === 'open') return { rerunAt: breaker.until! };
      // Half open: one delivery probes the receiver before the others go.
      const round = await this.repo.due(webhookId, now, breaker.state === 'probing' ? 1 : ROUND);
      if (!round.length) break;
      const results = await this.sendAll(hook, round);
      hook = await this.settle(hook, round, results);
      if (Date.now() - started > RUN_BUDGET_MS) return { rerunAt: Date.now() };
    }
    const next = await this.repo.nextDue(webhookId);
    if (next === null) return;
    const breaker = breakerOf(hook);
    return { rerunAt: Math.max(next, breaker.state === 'open' ? breaker.until! : 0, Date.now() + 50) };
  }

  /** A delivery job of before decision 0085: its webhook's loop takes the delivery over. */
  async legacy(deliveryId: string): Promise<void> {
    const d = await this.repo.delivery(deliveryId);
    if (!d || d.state !== 'pending') return;
    await this.repo.arm(this.jobOf(d.app_id, d.webhook_id, Date.now()));
  }

  private async sendAll(hook: WebhookRow, round: DeliveryRow[]): Promise<AttemptResult[]> {
    const results: AttemptResult[] = new Array(round.length);
    let next = 0;
    const worker = async () => {
      while (next < round.length) {
        const i = next++;
        results[i] = await this.send(hook, round[i]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL, round.length) }, worker));
    return results;
  }

  /** Records a round's attempts and the breaker's new state; answers the webhook as it now is. */
  private async settle(hook: WebhookRow, round: DeliveryRow[], results: AttemptResult[]): Promise<WebhookRow> {
    const now = Date.now();
    let failures = Number(hook.breaker_failures ?? 0);
    let anyOk = false;
    const done = round.map((d, i) => {
      const { attempt, change, ok } = this.outcome(d, results[i], now);
      if (ok) anyOk = true;
      else failures++;
      return { attempt, change };
    });
    await this.repo.attemptsRecorded(done);
    const wasOpen = hook.breaker_until !== null && hook.breaker_until !== undefined;
    let until: number | null = null;
    if (anyOk) failures = 0;
    else if (wasOpen || failures >= this.ctx.config.webhookBreakerFailures)
      until = now + this.ctx.config.webhookBreakerMs;
    if (failures !== Number(hook.breaker_failures ?? 0) || until !== (hook.breaker_until ?? null))
      await this.repo.setBreaker(hook.id, failures, until);
    return { ...hook, breaker_failures: failures, breaker_until: until };
  }

  private outcome(d: DeliveryRow, result: AttemptResult, now: number) {
    const attempt = Number(d.attempts) + 1;
    const ok = result.status !== null && result.status >= 200 && result.status < 300;
    const last = attempt >= this.ctx.config.webhookAttempts;
    const nextAt = ok || last ? null : now + backoffMs(this.ctx.config.webhookRetryMs, attempt);
    return {
      ok,
      nextAt,
      attempt: {
        delivery_id: d.id,
        attempt,
        at: now - result.durationMs,
        status: result.status,
        duration_ms: result.durationMs,
        error: result.error,
      },
      change: {
        state: ok ? ('delivered' as const) : last ? ('failed' as const) : ('pending' as const),
        attempts: attempt,
        next_at: nextAt,
      },
    };
  }

  /**
   * One attempt of `d` made now, outside the loop ("Send test"), recorded; a delivered one closes
   * the breaker. Answers when the next attempt is due, or null when there is none; the loop makes it.
   */
  async attempt(hook: WebhookRow, d: DeliveryRow): Promise<number | null> {
    const result = await this.send(hook, d);
    const { attempt, change, ok, nextAt } = this.outcome(d, result, Date.now());
    await this.repo.attemptsRecorded([{ attempt, change }]);
    if (ok && (Number(hook.breaker_failures ?? 0) > 0 || hook.breaker_until))
      await this.repo.setBreaker(hook.id, 0, null);
    return nextAt;
  }

  /** Hands a delivery whose first attempt was made in a request ("Send test") and failed to its webhook's loop. */
  async retryLater(d: DeliveryRow, at: number): Promise<void> {
    await this.repo.arm(this.jobOf(d.app_id, d.webhook_id, at));
  }

  private async send(hook: WebhookRow, d: DeliveryRow): Promise<AttemptResult> {
    const started = Date.now();
    try {
      const secret = hook.secret ? this.box.open(hook.secret) : '';
      const extra = JSON.parse(this.box.open(hook.headers)) as Record<string, string>;
      const res = await requestRemote(hook.url, {
        method: 'POST',
        headers: {
          ...extra,
          'content-type': 'application/json',
          'x-basalt-event': d.event,
          'x-basalt-delivery': d.id,
          ...(secret ? { 'x-basalt-signature': signatureOf(secret, d.body) } : {}),
        },
        body: d.body,
        allowPrivate: this.ctx.config.remoteFetchPrivate,
        timeoutMs: this.ctx.config.webhookTimeoutMs,
        // A whole-call deadline: a receiver that trickles its answer is cut off too.
        signal: AbortSignal.timeout(this.ctx.config.webhookTimeoutMs),
        maxAnswerBytes: ANSWER_BYTES,
        overCap: 'cut',
      });
      const ok = res.status >= 200 && res.status < 300;
      return {
        status: res.status,
        durationMs: Date.now() - started,
        error: ok ? null : `answered ${res.status}${res.text ? `: ${res.text.slice(0, 300)}` : ''}`,
      };
    } catch (err) {
      const message =
        err instanceof RemoteRequestError ? `${err.code}: ${err.message}` : (err as Error).message || String(err);
      return { status: null, durationMs: Date.now() - started, error: message.slice(0, 1000) };
    }
  }
}
