import ivm from 'isolated-vm';
import type { WireError } from './protocol.js';
import type { LogLine } from './types.js';

/** Per invocation: host calls and log lines beyond these are refused (research note §4.2). */
export const MAX_CALLS = 1000;
export const MAX_LOG_LINES = 1000;
/** A log line is cut to this many characters. */
export const MAX_LOG_CHARS = 10_000;
/** The JSON of a result may be at most this long. */
export const MAX_RESULT_CHARS = 5 * 1024 * 1024;

export interface RunHooks {
  /** A bridge call the code made: the host answers through `deliver`. */
  call(callId: number, op: string, argsJson: string): void;
  log(line: LogLine): void;
  /**
   * The run timed out while a step of it still runs or waits in the isolate (issued with the time
   * that was left then, it would hold the app's isolate up to that long after the answer).
   */
  overrun?(): void;
  /**
   * The run ended cleanly (a result, or an error of the code's own) and nothing of it is left in
   * the isolate: its loaded context may serve the deployment's next call. Without this hook the
   * context is released.
   */
  recycle?(warm: WarmContext): void;
}

type Control = ivm.Reference<(...args: (string | number | boolean)[]) => unknown>;

/**
 * A context with the prelude and a deployment's bundle loaded in it. Loading costs far more than a
 * call (a new context, the prelude, the bundle's top level), so a context that ended a call
 * cleanly serves the same deployment's next one: the prelude starts each call clean (context,
 * pending bridge calls and timers), and every host call carries the generation of the call that
 * made it, so a late callback of a finished call never reaches the next (decision 0056).
 */
export interface WarmContext {
  context: ivm.Context;
  control: Control;
  /** The run the context's host calls go to, and the generation that run answers to. */
  slot: { run?: Run; generation: number };
  /** The last generation given out in this context. */
  generations: number;
}

/** Isolates disposed on purpose because a timed-out call held them: runs caught in them were not at fault. */
export const resetIsolates = new WeakSet<ivm.Isolate>();

export interface Outcome {
  json: string;
  cpuMs: number;
}

/** The failure of a run: the wire form, plus whether the isolate died of its memory limit. */
export class RunFailure extends Error {
  constructor(readonly wire: WireError) {
    super(wire.message);
  }
}

export const TIMEOUT_MESSAGE = 'Task execution is aborted due to timeout';

/**
 * One context of an app's isolate, living for one invocation (or one analysis): the prelude, the
 * bundle, then the dispatcher. Every entry into the isolate carries the time that is left, and a
 * host timer ends the run at the deadline whatever the code waits for (a promise that never
 * settles included).
 */
export class Run {
  private context?: ivm.Context;
  /** The prelude's dispatcher; its arguments are plain values (strings, numbers, booleans). */
  private control?: Control;
  private warm?: WarmContext;
  private settled = false;
  /** Settled by the code itself (a result or its own error): the context is fit for another call. */
  private reusable = false;
  private calls = 0;
  /** Steps of this run issued to the isolate and not finished yet. */
  private inIsolate = 0;
  private logs = 0;
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly guard: NodeJS.Timeout;
  private readonly cpuStart: bigint;
  private resolveDone!: (o: Outcome) => void;
  private rejectDone!: (e: RunFailure) => void;
  /** Settles once: the result, or a RunFailure. */
  readonly done: Promise<Outcome>;

  constructor(
    private readonly isolate: ivm.Isolate,
    private readonly deadline: number,
    private readonly hooks: RunHooks,
    private readonly memoryMb: number,
  ) {
    this.done = new Promise<Outcome>((resolve, reject) => {
      this.resolveDone = resolve;
      this.rejectDone = reject;
    });
    this.done.catch(() => undefined);
    this.cpuStart = isolate.cpuTime;
    this.guard = setTimeout(() => this.fail({ kind: 'timeout', message: TIMEOUT_MESSAGE }), this.remaining());
  }

  remaining(): number {
    return Math.max(1, this.deadline - Date.now());
  }

  /** A new context with the prelude and the bundle run in it (registration happens here). */
  async load(prelude: ivm.Script, bundle: ivm.Script, contextJson = '{}'): Promise<void> {
    // Each step waits its turn in the isolate's queue: one the run no longer needs is not issued.
    const context = await this.isolate.createContext();
    this.context = context;
    if (this.settled) return this.dispose();
    const slot: WarmContext['slot'] = { run: this, generation: 0 };
    const receive = (generation: unknown, ...a: unknown[]) => {
      if (generation === slot.generation) slot.run?.onHost(a);
    };
    await context.global.set('$host', new ivm.Callback(receive, { ignored: true }));
    await context.global.set('$context', contextJson);
    if (this.settled) return this.dispose();
    this.control = (await this.step(() =>
      prelude.run(context, { reference: true, timeout: this.remaining() }),
    )) as Control;
    this.warm = { context, control: this.control, slot, generations: 0 };
    if (this.settled) return this.dispose();
    await this.step(() => bundle.run(context, { timeout: this.remaining() }));
  }

  /** Takes over a warm context of the same deployment instead of loading one. */
  adopt(warm: WarmContext): void {
    this.warm = warm;
    this.context = warm.context;
    this.control = warm.control;
    warm.slot.run = this;
  }

  /** True while a step of this run runs or waits in the isolate. */
  busy(): boolean {
    return this.inIsolate > 0;
  }

  private async step<T>(fn: () => Promise<T>): Promise<T> {
    this.inIsolate++;
    try {
      return await fn();
    } finally {
      this.inIsolate--;
    }
  }

  /** Starts the target (`specJson` an object's JSON); the outcome arrives on `done`. */
  async start(specJson: string): Promise<void> {
    const warm = this.warm;
    if (warm) {
      warm.generations++;
      warm.slot.generation = warm.generations;
      specJson = `{"generation":${warm.generations},${specJson.slice(1)}`;
    }
    await this.enter(['invoke', specJson]);
  }

  /** What the bundle registered, as JSON (analyse). */
  async registration(): Promise<string> {
    return (await this.step(() =>
      this.control!.apply(undefined, ['registration'], { timeout: this.remaining() }),
    )) as string;
  }

  /** The answer of bridge call `callId`: resumes the code waiting for it, within the time left. */
  deliver(callId: number, ok: boolean, json: string): void {
    if (this.settled) return;
    void this.enter(['deliver', callId, ok, json]).catch((e: unknown) => this.fail(this.classify(e)));
  }

  /** Ends the run from outside (the server gave up on it). */
  abort(): void {
    this.fail({ kind: 'timeout', message: TIMEOUT_MESSAGE });
  }

  fail(error: WireError): void {
    if (this.settled) return;
    this.settled = true;
    this.rejectDone(new RunFailure(error));
    this.dispose();
    if (error.kind === 'timeout' && this.inIsolate > 0) this.hooks.overrun?.();
  }

  /** Turns what isolated-vm threw into the wire error: a timeout, the memory limit, or the code's own error. */
  classify(e: unknown): WireError {
    if (e instanceof RunFailure) return e.wire;
    const message = e instanceof Error ? e.message : String(e);
    if (resetIsolates.has(this.isolate))
      return {
        kind: 'reset',
        message: "The app's sandbox was reset because another of its calls ran past its time limit; try again",
      };
    if (this.isolate.isDisposed || /memory limit/i.test(message))
      return {
        kind: 'memory',
        message: `Task execution is aborted: the code went past its memory limit of ${this.memoryMb} MB`,
      };
    if (/Script execution timed out/i.test(message)) return { kind: 'timeout', message: TIMEOUT_MESSAGE };
    const name = e instanceof Error && e.name && e.name !== 'Error' ? `${e.name}: ` : '';
    return { kind: 'error', message: name + message };
  }

  private async enter(args: (string | number | boolean)[]): Promise<void> {
    if (this.settled || !this.control) return;
    const control = this.control;
    await this.step(() => control.apply(undefined, args, { timeout: this.remaining() }));
  }

  private onHost(a: unknown[]): void {
    if (this.settled) return;
    const kind = a[0];
    if (kind === 'call') {
      const [, callId, op, json] = a as [string, number, string, string];
      if (++this.calls > MAX_CALLS) {
        const error = {
          code: 'CLOUD_CODE_ERROR',
          status: 400,
          message: `More than ${MAX_CALLS} calls in one invocation`,
        };
        this.deliver(callId, false, JSON.stringify(error));
        return;
      }
      this.hooks.call(callId, String(op), String(json));
      return;
    }
    if (kind === 'log') {
      const [, level, logger, message] = a as [string, string, string, string];
      this.logs++;
      if (this.logs > MAX_LOG_LINES) {
        if (this.logs === MAX_LOG_LINES + 1)
          this.hooks.log({
            level: 'WARN',
            logger: 'SERVER_CODE',
            message: `More than ${MAX_LOG_LINES} log lines in one invocation: the rest are dropped`,
            ts: Date.now(),
          });
        return;
      }
      const text = String(message);
      this.hooks.log({
        level: level === 'DEBUG' || level === 'WARN' || level === 'ERROR' ? level : 'INFO',
        logger: String(logger),
        message: text.length > MAX_LOG_CHARS ? text.slice(0, MAX_LOG_CHARS) + '…' : text,
        ts: Date.now(),
      });
      return;
    }
    if (kind === 'timer') {
      const [, id, ms] = a as [string, number, number];
      // A timer that would fire after the deadline never fires: the run ends first.
      if (Date.now() + ms >= this.deadline) return;
      const t = setTimeout(() => {
        this.timers.delete(t);
        if (this.settled) return;
        void this.enter(['fire', id]).catch((e: unknown) => this.fail(this.classify(e)));
      }, ms);
      this.timers.add(t);
      return;
    }
    if (kind === 'done') {
      const json = String(a[1]);
      if (json.length > MAX_RESULT_CHARS) {
        this.fail({ kind: 'error', message: `The result is larger than ${MAX_RESULT_CHARS} characters of JSON` });
        return;
      }
      this.settled = true;
      this.reusable = true;
      this.resolveDone({ json, cpuMs: this.cpuMs() });
      this.dispose();
      return;
    }
    if (kind === 'fail') {
      let error: WireError;
      try {
        error = JSON.parse(String(a[1])) as WireError;
      } catch {
        error = { kind: 'error', message: 'Unknown error' };
      }
      // The code's own error (thrown or rejected) leaves the context as sound as a result does.
      if (!this.settled) this.reusable = true;
      this.fail(error);
    }
  }

  private cpuMs(): number {
    if (this.isolate.isDisposed) return 0;
    return Number(this.isolate.cpuTime - this.cpuStart) / 1e6;
  }

  /**
   * Ends the run's hold on its context: hands it back for the next call when the code ended the
   * run itself, drops it otherwise (after a timeout too: the isolate itself stays usable). A step
   * of this run may still be finishing in the isolate (the microtasks after the answer): the next
   * call's steps queue behind it on the isolate's one thread, and its host calls carry this run's
   * generation, which the context no longer answers to.
   */
  private dispose(): void {
    clearTimeout(this.guard);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    if (this.reusable && this.warm && this.hooks.recycle && !this.isolate.isDisposed) return this.recycle();
    this.release();
  }

  private recycle(): void {
    const warm = this.warm;
    this.warm = undefined;
    if (!warm || warm.slot.run !== this) return;
    warm.slot.run = undefined;
    if (this.isolate.isDisposed) return;
    this.hooks.recycle!(warm);
  }

  private release(): void {
    try {
      this.control?.release();
    } catch {
      /* the isolate is gone */
    }
    try {
      if (!this.isolate.isDisposed) this.context?.release();
    } catch {
      /* the isolate is gone */
    }
  }
}
