import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs a purge of expired entries, every `intervalMs`, for each application that used the store
 * in this process. Reads already hide expired entries; the purge only gives the space back, so an
 * app untouched since the server started waits for its next use. The timer is unref'd (it never
 * keeps the process alive) and `stop()` clears it when the server closes.
 */
export class PurgeScheduler {
  private readonly apps = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;

  constructor(
    private readonly intervalMs: number,
    private readonly purge: (appId: string) => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Marks an app as having entries worth purging; starts the timer on first use. */
  track(appId: string): void {
    this.apps.add(appId);
    if (!this.timer) {
      this.timer = setInterval(() => void this.runOnce(), this.intervalMs);
      this.timer.unref();
    }
  }

  forget(appId: string): void {
    this.apps.delete(appId);
  }

  /** One pass over the tracked apps; a pass still running makes the next tick skip. */
  async runOnce(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (const appId of [...this.apps]) {
        try {
          await this.purge(appId);
        } catch (err) {
          // An app deleted meanwhile (or a database closing) must not stop the other apps' purge.
          this.log.warn({ err, appId }, 'Purging expired entries failed');
        }
      }
    } finally {
      this.running = false;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.apps.clear();
  }
}
