import type { LineLevel } from '@basalt/shared';
import type { LogForwarder } from './forwarder.js';
import { LineLimiter } from './line-limiter.js';
import type { LogLevels } from './log-levels.service.js';
import { lineLevel, storedLine, type LogLineInput, type StoredLine } from './log-line.js';
import { Ring } from './ring.js';

/** How a kept line reaches every server process (the real-time fan-out); each calls `receive`. */
export type LogTransport = (appId: string, line: StoredLine) => void;
export type LogListener = (line: StoredLine) => void;

export interface LogSinkOptions {
  /** Lines kept per app for late joiners. */
  ringSize?: number;
  /** Lines per app and second this process keeps before it drops and counts. */
  perSecond?: number;
}

/** What the sandbox hands `onLog` (its `LogLine`): the sink adds kind, name and invocation. */
export interface InvocationLogLine {
  level: string;
  logger: string;
  message: string;
  ts: number;
}

/**
 * Where every log line of an app goes: cloud code's `console.*` and `Logging`, the app API's
 * Logging group, deploys. `write` applies the app's logging levels and the rate limit, then hands
 * the line to the transport, which brings it to every server process (`receive`): there it joins
 * the app's ring of recent lines and reaches this process's listeners (the `/cloudcode` sockets).
 * Nothing here is awaited by a writer: logging never slows or fails what logs.
 */
export class LogSink {
  private readonly rings = new Map<string, Ring<StoredLine>>();
  private readonly listeners = new Set<LogListener>();
  private readonly limiter: LineLimiter;
  private readonly ringSize: number;
  /** Lines waiting for their app's levels to load, in order (per app). */
  private readonly waiting = new Map<string, LogLineInput[]>();
  private transport: LogTransport = (appId, line) => this.receive(appId, line);
  private seq = 0;

  constructor(
    /** The apps' logging configuration, which decides the levels kept. */
    readonly levels: LogLevels,
    /** Sends the kept lines of apps with an integration to its endpoint. */
    readonly forwarder: LogForwarder,
    opts: LogSinkOptions = {},
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    this.ringSize = opts.ringSize ?? 2_000;
    this.limiter = new LineLimiter(opts.perSecond ?? 200, (appId, n) => this.dropped(appId, n));
  }

  /** Writes a line of an app (never throws, never waits). */
  write(appId: string, input: LogLineInput): void {
    const queue = this.waiting.get(appId);
    if (queue) {
      queue.push(input);
      return;
    }
    const level: LineLevel = lineLevel(String(input.level));
    const keeps = this.levels.keepsNow(appId, String(input.logger), level);
    if (keeps === undefined) {
      // The app's levels are not in memory: lines wait for them, in the order written.
      this.waiting.set(appId, [input]);
      this.levels
        .load(appId)
        .catch((err: unknown) => this.onError(err))
        .finally(() => {
          const lines = this.waiting.get(appId) ?? [];
          this.waiting.delete(appId);
          for (const l of lines) this.writeKnown(appId, l);
        });
      return;
    }
    if (keeps) this.admit(appId, input);
  }

  /** `onLog` for one cloud-code invocation: each line the code logs, tagged with what ran. */
  forInvocation(
    appId: string,
    what: { kind: LogLineInput['kind']; name?: string; invocationId?: string },
  ): (line: InvocationLogLine) => void {
    return (line) => this.write(appId, { ...line, ...what });
  }

  /** After a failed load the levels are unknown: such lines are kept rather than lost. */
  private writeKnown(appId: string, input: LogLineInput): void {
    const keeps = this.levels.keepsNow(appId, String(input.logger), lineLevel(String(input.level)));
    if (keeps !== false) this.admit(appId, input);
  }

  private admit(appId: string, input: LogLineInput): void {
    if (!this.limiter.take(appId)) return;
    this.send(appId, storedLine(appId, 0, input));
  }

  private dropped(appId: string, n: number): void {
    this.send(
      appId,
      storedLine(appId, 0, {
        level: 'WARN',
        logger: 'basalt',
        kind: 'system',
        message: `${n} ${n === 1 ? 'line' : 'lines'} dropped: more than the app's limit of log lines per second`,
      }),
    );
  }

  /** A kept line, in the process that wrote it: to every process, and to the integration once. */
  private send(appId: string, line: StoredLine): void {
    const integration = this.levels.integrationNow(appId);
    if (integration?.enabled) this.forwarder.add(appId, integration, line);
    try {
      this.transport(appId, line);
    } catch (err) {
      this.onError(err);
    }
  }

  /** A line arriving from any process (this one included): into the ring, out to the listeners. */
  receive(appId: string, line: StoredLine): void {
    const stored = { ...line, appId, seq: ++this.seq };
    let ring = this.rings.get(appId);
    if (!ring) this.rings.set(appId, (ring = new Ring(this.ringSize)));
    ring.push(stored);
    for (const listener of this.listeners) {
      try {
        listener(stored);
      } catch (err) {
        this.onError(err);
      }
    }
  }

  /** The app's recent lines, oldest first (at most `limit`). */
  recent(appId: string, limit?: number): StoredLine[] {
    return this.rings.get(appId)?.list(limit) ?? [];
  }

  /** Listens to every line this process receives; answers the function that stops listening. */
  onLine(listener: LogListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sends kept lines through `transport` (to every process) instead of only to this one. */
  useTransport(transport: LogTransport): () => void {
    this.transport = transport;
    return () => {
      if (this.transport === transport) this.transport = (appId, line) => this.receive(appId, line);
    };
  }

  /** Forgets an app's lines (the app was deleted, or its lines were cleared). */
  forget(appId: string): void {
    this.rings.delete(appId);
  }

  close(): void {
    this.limiter.close();
    this.forwarder.close();
    this.listeners.clear();
  }
}
