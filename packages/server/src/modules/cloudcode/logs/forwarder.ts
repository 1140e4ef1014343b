import type { LogIntegration } from '@basalt/shared';
import { requestRemote } from '../../../http/remote-fetch.js';
import type { StoredIntegration } from './log-levels.repo.js';
import type { StoredLine } from './log-line.js';

export type Delivery = LogIntegration['delivery'];

export interface ForwarderOptions {
  /** Whether endpoints on private addresses may be called (BASALT_REMOTE_FETCH_PRIVATE). */
  allowPrivate: boolean;
  /** A batch leaves at this many lines, or `delayMs` after its first line. */
  batch?: number;
  delayMs?: number;
  /** Lines of an app waiting beyond this are dropped (an endpoint slower than the app's logging). */
  maxWaiting?: number;
}

interface Pending {
  integration: StoredIntegration;
  lines: StoredLine[];
  timer: NodeJS.Timeout;
}

/**
 * Sends an app's kept lines to its log integration's endpoint in batches (`POST {appId, lines}`),
 * from the process that wrote them, so each line leaves once. A failed batch is not retried: logs
 * are a stream, and a collector that is down must not make the server hold an app's lines; the
 * failure is shown as `delivery.lastError` (what this process saw) in `getAppLogging`.
 */
export class LogForwarder {
  private readonly pending = new Map<string, Pending>();
  private readonly status = new Map<string, Delivery>();
  private readonly batch: number;
  private readonly delayMs: number;
  private readonly maxWaiting: number;

  constructor(
    private readonly opts: ForwarderOptions,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    this.batch = opts.batch ?? 100;
    this.delayMs = opts.delayMs ?? 1_000;
    this.maxWaiting = opts.maxWaiting ?? 5_000;
  }

  add(appId: string, integration: StoredIntegration, line: StoredLine): void {
    let p = this.pending.get(appId);
    if (!p) {
      const timer = setTimeout(() => this.flush(appId), this.delayMs);
      timer.unref();
      this.pending.set(appId, (p = { integration, lines: [], timer }));
    }
    if (p.lines.length < this.maxWaiting) p.lines.push(line);
    if (p.lines.length >= this.batch) void this.flush(appId);
  }

  /** What this process saw of the app's deliveries. */
  delivery(appId: string): Delivery {
    return this.status.get(appId) ?? { delivered: 0, lastAttempt: null, lastError: null };
  }

  /** Sends what waits for the app now (answers when the endpoint answered). */
  flush(appId: string): Promise<void> {
    const p = this.pending.get(appId);
    if (!p) return Promise.resolve();
    this.pending.delete(appId);
    clearTimeout(p.timer);
    return this.post(appId, p).catch((err: unknown) => this.onError(err));
  }

  private async post(appId: string, p: Pending): Promise<void> {
    const before = this.delivery(appId);
    let lastError: string | null = null;
    try {
      const res = await requestRemote(p.integration.url, {
        method: 'POST',
        headers: { ...p.integration.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ appId, lines: p.lines }),
        allowPrivate: this.opts.allowPrivate,
        timeoutMs: 10_000,
      });
      if (res.status >= 300) lastError = `${res.status}: ${res.text.slice(0, 300) || 'no message'}`;
    } catch (err) {
      lastError = err instanceof Error ? err.message : String(err);
    }
    const delivered = before.delivered + (lastError ? 0 : p.lines.length);
    this.status.set(appId, { delivered, lastAttempt: Date.now(), lastError });
  }

  /** Forgets an app (deleted, or its integration changed). */
  forget(appId: string): void {
    const p = this.pending.get(appId);
    if (p) clearTimeout(p.timer);
    this.pending.delete(appId);
    this.status.delete(appId);
  }

  close(): void {
    for (const p of this.pending.values()) clearTimeout(p.timer);
    this.pending.clear();
  }
}
