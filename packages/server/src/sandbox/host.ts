import ivm from 'isolated-vm';
import type { FromHost, ToHost, WireError } from './protocol.js';
import { IsolatePool, type AppIsolate } from './pool.js';
import { preludeSource } from './prelude.js';
import { Run, RunFailure, resetIsolates } from './run.js';

/**
 * The sandbox process: forked by the server (supervisor.ts), it holds the isolates and runs
 * developer code in them. It talks only over the IPC channel; it never opens files or sockets for
 * the code. If an isolate takes it down (V8 cannot always unwind from out-of-memory), the server
 * restarts it and only the calls running here fail.
 */

const pool = new IsolatePool(Number(process.env.BASALT_SANDBOX_MAX_ISOLATES) || 32);
/** Bundle sources by app and deployment, so the server sends each once per process. */
const sources = new Map<string, string>();
const MAX_SOURCES = 64;
const runs = new Map<number, Run>();
/** How long a timed-out call's step may still hold the isolate before the isolate is killed. */
const OVERRUN_GRACE_MS = 250;

function send(msg: FromHost): void {
  process.send?.(msg);
}

function remember(key: string, code: string): void {
  sources.delete(key);
  sources.set(key, code);
  while (sources.size > MAX_SOURCES) sources.delete(sources.keys().next().value as string);
}

async function invoke(msg: Extract<ToHost, { t: 'invoke' }>): Promise<void> {
  const started = Date.now();
  const deadline = started + msg.limits.timeoutMs;
  const key = `${msg.code.appId}\u0000${msg.code.deploymentId}`;
  if (msg.code.code !== undefined) remember(key, msg.code.code);
  let entry: AppIsolate;
  try {
    entry = await pool.acquire(msg.code.appId, msg.limits.memoryMb);
  } catch (e) {
    send({ t: 'failed', id: msg.id, error: { kind: 'error', message: `The sandbox could not start: ${String(e)}` } });
    return;
  }
  const source = sources.get(key);
  const warm = pool.takeWarm(entry, msg.code.deploymentId);
  if (!warm && !entry.scripts.has(msg.code.deploymentId) && source === undefined) {
    pool.release(entry);
    send({ t: 'need-code', id: msg.id });
    return;
  }
  const run = new Run(
    entry.isolate,
    deadline,
    {
      call: (callId, op, args) => send({ t: 'call', id: msg.id, callId, op, args }),
      log: (line) => send({ t: 'log', id: msg.id, line }),
      overrun: () => {
        pool.retire(entry);
        // Still there a moment later: the step spins or waits behind one that does. Killing the
        // isolate ends it and everything queued behind it (those calls answer "reset", 503).
        setTimeout(() => {
          if (!run.busy() || entry.isolate.isDisposed) return;
          resetIsolates.add(entry.isolate);
          pool.drop(entry);
        }, OVERRUN_GRACE_MS);
      },
      recycle: (w) => pool.putWarm(entry, msg.code.deploymentId, w),
    },
    msg.limits.memoryMb,
  );
  runs.set(msg.id, run);
  // The answer goes out as soon as the run settles, even while steps of it still wait in the
  // isolate's queue (behind another call of the same app that spins, say).
  const work = (async () => {
    if (warm) run.adopt(warm);
    else await run.load(entry.prelude, await pool.script(entry, msg.code.deploymentId, source ?? ''), msg.context);
    await run.start(`{"target":${JSON.stringify(msg.target)},"payload":${msg.payload},"context":${msg.context}}`);
  })();
  work.catch((e: unknown) => run.fail(run.classify(e)));
  void work
    .catch(() => undefined)
    .finally(() => {
      pool.release(entry);
      // After a memory kill the isolate is gone: the app gets a new one on its next call.
      if (entry.isolate.isDisposed) pool.drop(entry);
    });
  try {
    const outcome = await run.done;
    send({ t: 'result', id: msg.id, json: outcome.json, cpuMs: outcome.cpuMs });
  } catch (e) {
    send({ t: 'failed', id: msg.id, error: e instanceof RunFailure ? e.wire : run.classify(e) });
  } finally {
    runs.delete(msg.id);
  }
}

/** Runs the bundle once in a throw-away isolate and answers what it registered. */
async function analyse(msg: Extract<ToHost, { t: 'analyse' }>): Promise<void> {
  const isolate = new ivm.Isolate({ memoryLimit: msg.limits.memoryMb });
  const run = new Run(
    isolate,
    Date.now() + msg.limits.timeoutMs,
    { call: () => undefined, log: () => undefined },
    msg.limits.memoryMb,
  );
  runs.set(msg.id, run);
  try {
    const prelude = await isolate.compileScript(preludeSource, { filename: 'basalt:prelude.js' });
    let bundle: ivm.Script;
    try {
      bundle = await isolate.compileScript(msg.code, { filename: 'deployment.js' });
    } catch (e) {
      throw new RunFailure({ kind: 'deploy', message: describeDeployError(e) });
    }
    try {
      await run.load(prelude, bundle);
    } catch (e) {
      const error = run.classify(e);
      throw new RunFailure({
        kind: 'deploy',
        message:
          error.kind === 'error'
            ? describeDeployError(e)
            : error.kind === 'timeout'
              ? `The code did not finish loading within ${msg.limits.timeoutMs} ms`
              : error.message,
      });
    }
    const registration = JSON.parse(await run.registration()) as Extract<
      FromHost,
      { t: 'registration' }
    >['registration'];
    send({ t: 'registration', id: msg.id, registration });
  } catch (e) {
    const error: WireError = e instanceof RunFailure ? e.wire : { kind: 'deploy', message: describeDeployError(e) };
    send({ t: 'failed', id: msg.id, error });
  } finally {
    run.fail({ kind: 'error', message: 'finished' });
    runs.delete(msg.id);
    if (!isolate.isDisposed) isolate.dispose();
  }
}

/** "SyntaxError: Unexpected token ')' (deployment.js:3:14)": the error with where it happened, when V8 says. */
function describeDeployError(e: unknown): string {
  const err = e instanceof Error ? e : new Error(String(e));
  const where =
    /deployment\.js:(\d+)(?::(\d+))?/.exec(err.stack ?? '') ?? /deployment\.js:(\d+)(?::(\d+))?/.exec(err.message);
  const name = err.name && err.name !== 'Error' ? `${err.name}: ` : '';
  const at =
    where && !err.message.includes('deployment.js:')
      ? ` (line ${where[1]}${where[2] ? `, column ${where[2]}` : ''})`
      : '';
  return `${name}${err.message}${at}`;
}

process.on('message', (msg: ToHost) => {
  if (msg.t === 'invoke') void invoke(msg);
  else if (msg.t === 'analyse') void analyse(msg);
  else if (msg.t === 'bridge') runs.get(msg.id)?.deliver(msg.callId, msg.ok, msg.json);
  else if (msg.t === 'abort') runs.get(msg.id)?.abort();
  else if (msg.t === 'ping') send({ t: 'pong', seq: msg.seq });
});

// The server going away closes the channel: nothing is left to answer.
process.on('disconnect', () => process.exit(0));
send({ t: 'ready' });
