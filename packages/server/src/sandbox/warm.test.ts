import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '../http/api-error.js';
import { createSandbox, type BridgeFn, type CodeRef, type InvokeRequest, type LogLine } from './index.js';

/**
 * Warm contexts (decision 0056): a context that ended a call cleanly serves the deployment's next
 * call. These check that reuse really happens (module state carries over between calls one after
 * the other) and that nothing of one call reaches the next: its context, its timers, its bridge
 * calls, its log lines; and that a context a call timed out in is never reused.
 */
const sandbox = createSandbox();
afterAll(() => sandbox.close());

let deployments = 0;
const bundle = (appId: string, code: string): CodeRef => ({ appId, deploymentId: `w${++deployments}`, code });

function call(code: CodeRef, method: string, payload: unknown[] = [], extra: Partial<InvokeRequest> = {}) {
  return sandbox.invoke({
    code,
    target: { kind: 'service', service: 'Warm', method },
    payload,
    context: { appId: code.appId, userId: null, userRoles: ['NotAuthenticatedUser'], ...(extra.context ?? {}) },
    limits: extra.limits ?? { timeoutMs: 2000, memoryMb: 64 },
    bridge: extra.bridge ?? ((op) => Promise.reject(new ApiError('NOT_FOUND', `no op ${op} here`))),
    ...(extra.onLog ? { onLog: extra.onLog } : {}),
  });
}

const WARM = `
let calls = 0;
class Warm {
  count() { return ++calls; }
  who() { return { user: basalt.context.userId, mark: (basalt.context.httpHeaders || {})['x-mark'] ?? null, extra: basalt.context.extra ?? null }; }
  leaveTimer() { setTimeout(() => console.log('late line of an earlier call'), 30); return 'left'; }
  async wait(ms) { await new Promise((r) => setTimeout(r, ms)); console.log('own line'); return 'waited'; }
  leaveCall() { basalt.cache.get('k').then(() => console.log('answer of an earlier call')); return 'left'; }
  fail() { throw new Error('own error'); }
  spin() { for (;;) {} }
}
Backendless.ServerCode.addService(Warm);
`;

describe('sandbox: warm contexts', () => {
  it('serves calls one after the other from one loaded context (module state carries over)', async () => {
    const code = bundle('warm-a', WARM);
    const seen: unknown[] = [];
    for (let i = 0; i < 4; i++) seen.push((await call(code, 'count')).value);
    expect(seen).toEqual([1, 2, 3, 4]);
  });

  it("never shows a call the previous call's context", async () => {
    const code = bundle('warm-b', WARM);
    const first = await call(code, 'who', [], {
      context: { userId: 'user-1', httpHeaders: { 'x-mark': 'A' }, extra: 'only-first' },
    });
    expect(first.value).toEqual({ user: 'user-1', mark: 'A', extra: 'only-first' });
    const second = await call(code, 'who');
    expect(second.value).toEqual({ user: null, mark: null, extra: null });
  });

  it("never fires an earlier call's timer nor resumes its bridge call in a later call", async () => {
    const code = bundle('warm-c', WARM);
    expect((await call(code, 'count')).value).toBe(1);
    const answered: string[] = [];
    const slow: BridgeFn = async (op) => {
      answered.push(op);
      await new Promise((r) => setTimeout(r, 20));
      return 'v';
    };
    expect((await call(code, 'leaveTimer')).value).toBe('left');
    expect((await call(code, 'leaveCall', [], { bridge: slow })).value).toBe('left');
    const lines: LogLine[] = [];
    const r = await call(code, 'wait', [120], { onLog: (l) => lines.push(l) });
    expect(r.value).toBe('waited');
    expect(lines.map((l) => l.message)).toEqual(['own line']);
    // The count shows the same context served every call.
    expect((await call(code, 'count')).value).toBe(2);
  });

  it("keeps a context after the code's own error, and drops the one a call timed out in", async () => {
    const code = bundle('warm-d', WARM);
    expect((await call(code, 'count')).value).toBe(1);
    await expect(call(code, 'fail')).rejects.toMatchObject({ message: expect.stringContaining('own error') });
    expect((await call(code, 'count')).value).toBe(2);
    await expect(call(code, 'spin', [], { limits: { timeoutMs: 300, memoryMb: 64 } })).rejects.toBeInstanceOf(ApiError);
    // The spinning context (and the isolate it held) is gone: the next call loads afresh.
    expect((await call(code, 'count')).value).toBe(1);
  });

  it('gives calls at the same time contexts of their own, and a new deployment its own', async () => {
    const code = bundle('warm-e', WARM);
    const together = await Promise.all([1, 2, 3].map(() => call(code, 'wait', [50])));
    expect(together.map((r) => r.value)).toEqual(['waited', 'waited', 'waited']);
    const next = bundle('warm-e', WARM.replace('++calls', 'calls += 100'));
    expect((await call(next, 'count')).value).toBe(100);
    expect((await call(next, 'count')).value).toBe(200);
  });
});

describe('sandbox: warm contexts switched off', () => {
  it('loads the code afresh for every call with BASALT_SANDBOX_WARM_CONTEXTS=0 (the setting reaches the sandbox process)', async () => {
    const before = process.env.BASALT_SANDBOX_WARM_CONTEXTS;
    process.env.BASALT_SANDBOX_WARM_CONTEXTS = '0';
    // The process is forked at the first call, with the environment of that moment.
    const cold = createSandbox();
    try {
      const code = bundle('cold-a', WARM);
      const run = () =>
        cold.invoke({
          code,
          target: { kind: 'service', service: 'Warm', method: 'count' },
          payload: [],
          context: { appId: code.appId, userId: null, userRoles: [] },
          limits: { timeoutMs: 2000, memoryMb: 64 },
          bridge: () => Promise.reject(new ApiError('NOT_FOUND', 'no ops here')),
        });
      expect([(await run()).value, (await run()).value, (await run()).value]).toEqual([1, 1, 1]);
    } finally {
      if (before === undefined) delete process.env.BASALT_SANDBOX_WARM_CONTEXTS;
      else process.env.BASALT_SANDBOX_WARM_CONTEXTS = before;
      await cold.close();
    }
  });
});
