interface Window {
  start: number;
  count: number;
  dropped: number;
  timer?: NodeJS.Timeout;
}

/**
 * At most `perSecond` lines per app in each one-second window of this process. Lines over it are
 * counted, not kept; when their window ends `onDropped(appId, n)` is called once, so a flood costs
 * the log one "N lines dropped" line instead of thousands. A timer ends a window that saw drops even
 * if no line comes after it (unref'd: it never holds the process open).
 */
export class LineLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly perSecond: number,
    private readonly onDropped: (appId: string, dropped: number) => void,
    private readonly windowMs = 1_000,
  ) {}

  /** Whether a line of the app may be kept now. */
  take(appId: string, now = Date.now()): boolean {
    let w = this.windows.get(appId);
    if (w && now - w.start >= this.windowMs) {
      this.end(appId, w);
      w = undefined;
    }
    if (!w) {
      w = { start: now, count: 0, dropped: 0 };
      this.windows.set(appId, w);
    }
    if (w.count < this.perSecond) {
      w.count++;
      return true;
    }
    w.dropped++;
    if (!w.timer) {
      const window = w;
      window.timer = setTimeout(() => this.end(appId, window), Math.max(1, window.start + this.windowMs - now));
      window.timer.unref();
    }
    return false;
  }

  /** Closes a window: reports its drops and forgets it (idle apps keep no entry). */
  private end(appId: string, w: Window): void {
    if (w.timer) clearTimeout(w.timer);
    w.timer = undefined;
    if (this.windows.get(appId) === w) this.windows.delete(appId);
    const dropped = w.dropped;
    w.dropped = 0;
    if (dropped > 0) this.onDropped(appId, dropped);
  }

  /** Stops the timers (server shutdown); pending drop reports are lost with the process. */
  close(): void {
    for (const w of this.windows.values()) if (w.timer) clearTimeout(w.timer);
    this.windows.clear();
  }
}
