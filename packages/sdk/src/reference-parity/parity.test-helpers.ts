/**
 * Reference parity: each case makes the same call on the published `backendless-console-sdk`
 * client and on ours, both wired to a recording fake that answers from the same queue of
 * replies, and requires the same requests (order, verb, URL with query, headers, body), the same
 * answer (or an error that spreads to the same fields) and the same console warnings.
 *
 * The reference client sends through `backendless-request`'s static `Request.send`, which is
 * swapped for the fake while a case runs; ours gets the fake as its `fetch`. The cases are written
 * from the request shapes and answers the reference's own specs describe (calls and mocked server
 * answers); the reference client itself is the oracle, so a fact mis-typed in a case cannot make
 * both sides agree by accident.
 *
 * A case that differs on purpose names why in `deviates`: it must keep differing (a case that
 * starts to match fails, so the note is removed), and it counts as not passed in the group's rate.
 */
import { createRequire } from 'node:module';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../client.js';
import { ResponseCache } from '../transport/cache.js';
import type { FetchLike } from '../transport/context.js';

const require = createRequire(import.meta.url);
// The transport the published client itself loads (resolved from its package, not declared here).
const fromReference = createRequire(require.resolve('backendless-console-sdk'));
const ReferenceRequest = fromReference('backendless-request') as { send: unknown };
const referenceCache = (fromReference('backendless-request/lib/cache') as { cache: { deleteAll(): void } }).cache;
type CreateClient = (url: string, key?: string, options?: object) => any;
const createReferenceClient = (require('backendless-console-sdk') as { createClient: CreateClient }).createClient;
/**
 * The 2.57.2 line of the same client: its specs (the facts these cases come from) cover a few
 * methods 3.0.0 dropped (`user.registerAndJoinWorkspace`); only those cases run against it.
 */
const createEarlierReferenceClient = (require('backendless-console-sdk-2.57.2') as { createClient: CreateClient })
  .createClient;

/** Host both clients are created with (no auth key, as in the reference's specs). */
export const HOST = 'http://test-host:3000';

/** One answer of the fake server. */
export interface Reply {
  status?: number;
  /** Text of the body as sent; `undefined` is an empty body. */
  text?: string;
  headers?: Record<string, string>;
}

/** A 2xx answer whose body is `value` as JSON (nothing for `undefined`). */
export const ok = (value?: unknown, status = 200): Reply => ({
  status,
  text: value === undefined ? undefined : JSON.stringify(value),
});
/** An error answer `{message}` (default 400 'test error message', as the reference's specs mock it). */
export const fail = (message = 'test error message', status = 400): Reply => ({
  status,
  text: JSON.stringify({ message }),
});
/** An error answer with any JSON body. */
export const failWith = (body: unknown, status: number): Reply => ({ status, text: JSON.stringify(body) });
/** An answer as raw text (not JSON-encoded), with optional headers. */
export const raw = (text: string | undefined, status = 200, headers?: Record<string, string>): Reply => ({
  status,
  text,
  headers,
});

/** The client a case calls: the reference client or ours, the same methods on both. */
export type Api = any;

/** A case that runs against the 2.57.2 client, for a method 3.0.0 does not have. */
export const ON_2_57 = { reference: '2.57.2' } as const;

/**
 * One case: what it checks (one line), the call, the fake server's answers in request order
 * (extra requests get 200 with an empty body) and, for a case Basalt answers differently on
 * purpose, why (the case must keep differing) — or ON_2_57.
 */
export type ParityCase = [name: string, call: (api: Api) => unknown, replies?: Reply[], note?: string | typeof ON_2_57];

/** A recorded request, in a form both clients can be compared in. */
interface Sent {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

interface Outcome {
  requests: Sent[];
  resolved?: unknown;
  rejected?: { isError: boolean; spread: Record<string, unknown>; message: unknown };
  warnings: unknown[][];
}

function lowerKeys(headers: Record<string, unknown> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers ?? {})) if (v !== undefined) out[k.toLowerCase()] = String(v);
  return out;
}

/** The fields of a multipart text (the reference's Node form-data body), as `describeBody` lists a FormData's. */
function nodeFormFields(text: string, boundary: string): Array<[string, unknown]> {
  const fields: Array<[string, unknown]> = [];
  for (const part of text.split(`--${boundary}`)) {
    const [head, ...rest] = part.split('\r\n\r\n');
    const name = /name="([^"]*)"/.exec(head)?.[1];
    if (name === undefined) continue;
    const value = rest.join('\r\n\r\n').replace(/\r\n$/, '');
    fields.push([name, /filename="/.test(head) ? { file: value } : value]);
  }
  return fields;
}

/** Bodies as comparable values: text stays text, binary and form bodies are described. */
async function describeBody(body: unknown): Promise<unknown> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (typeof FormData !== 'undefined' && body instanceof FormData) {
    const fields: Array<[string, unknown]> = [];
    for (const [k, v] of body.entries()) fields.push([k, typeof v === 'string' ? v : { file: await v.text() }]);
    return { formData: fields };
  }
  if (typeof Blob !== 'undefined' && body instanceof Blob) return { bytes: await body.text() };
  const nodeForm = body as { getBuffer?: () => Buffer; getBoundary?: () => string };
  if (typeof nodeForm.getBuffer === 'function' && typeof nodeForm.getBoundary === 'function')
    return { formData: nodeFormFields(nodeForm.getBuffer().toString('utf8'), nodeForm.getBoundary()) };
  if (ArrayBuffer.isView(body))
    return { bytes: Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8') };
  if (body instanceof ArrayBuffer) return { bytes: Buffer.from(body).toString('utf8') };
  return { object: body };
}

function responseOf(reply: Reply | undefined): {
  status: number;
  text: string | undefined;
  headers: Record<string, string> | undefined;
} {
  return { status: reply?.status ?? 200, text: reply?.text, headers: reply?.headers };
}

/** The error as a caller sees it: own enumerable fields, undefined ones left out. */
function rejection(err: unknown): Outcome['rejected'] {
  const spread: Record<string, unknown> = {};
  if (err && typeof err === 'object') for (const [k, v] of Object.entries(err)) if (v !== undefined) spread[k] = v;
  return { isError: err instanceof Error, spread, message: (err as { message?: unknown })?.message };
}

async function settle(run: () => unknown, outcome: Outcome): Promise<void> {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  try {
    outcome.resolved = await run();
  } catch (err) {
    outcome.rejected = rejection(err);
  } finally {
    outcome.warnings = warn.mock.calls.map((args) => [...args]);
    warn.mockRestore();
  }
}

/** Runs a case on the reference client. */
async function onReference(c: ParityCase): Promise<Outcome> {
  const outcome: Outcome = { requests: [], warnings: [] };
  const queue = [...(c[2] ?? [])];
  const pending: Array<Promise<void>> = [];
  const original = ReferenceRequest.send;
  ReferenceRequest.send = (url: string, method: string, headers: Record<string, unknown>, body: unknown) => {
    const sent: Sent = { method, url, headers: lowerKeys(headers), body: undefined };
    outcome.requests.push(sent);
    pending.push(describeBody(body).then((b) => void (sent.body = b)));
    const res = responseOf(queue.shift());
    return Promise.resolve({ status: res.status, body: res.text, headers: res.headers });
  };
  referenceCache.deleteAll();
  try {
    const create = c[3] === ON_2_57 ? createEarlierReferenceClient : createReferenceClient;
    await settle(() => c[1](create(HOST)), outcome);
  } finally {
    ReferenceRequest.send = original;
    referenceCache.deleteAll();
  }
  await Promise.all(pending);
  return outcome;
}

/** Runs a case on our client. */
async function onOurs(c: ParityCase): Promise<Outcome> {
  const outcome: Outcome = { requests: [], warnings: [] };
  const queue = [...(c[2] ?? [])];
  const fetch: FetchLike = async (url, init) => {
    const sent: Sent = {
      method: init.method,
      url,
      headers: lowerKeys(init.headers),
      body: await describeBody(init.body),
    };
    outcome.requests.push(sent);
    const res = responseOf(queue.shift());
    const empty = res.text === undefined || res.status === 204 || res.status === 304;
    return new Response(empty ? null : res.text, { status: res.status, headers: res.headers });
  };
  await settle(() => c[1](createClient(HOST, null, { fetch, cache: new ResponseCache() })), outcome);
  return outcome;
}

/** Our error must spread to exactly `{body, message, status}`, plus `code` only when there is one. */
function checkOurErrorShape(ours: Outcome): void {
  if (!ours.rejected?.isError) return;
  const keys = Object.keys(ours.rejected.spread).sort();
  const allowed = ['body', 'code', 'message', 'status'];
  expect(keys.filter((k) => !allowed.includes(k))).toEqual([]);
}

async function compare(c: ParityCase): Promise<void> {
  const reference = await onReference(c);
  const ours = await onOurs(c);
  // PARITY_DEBUG=1 prints both outcomes of every case (to read a mismatch at a glance).
  if (process.env.PARITY_DEBUG) console.log(JSON.stringify({ case: c[0], reference, ours }, null, 1));
  expect(ours.requests, 'requests').toEqual(reference.requests);
  expect(ours.warnings, 'console warnings').toEqual(reference.warnings);
  if (reference.rejected) {
    expect(ours.rejected, `rejects (resolved with ${JSON.stringify(ours.resolved)})`).toBeDefined();
    expect(ours.rejected!.isError, 'an Error').toBe(reference.rejected.isError);
    expect(ours.rejected!.message, 'error message').toEqual(reference.rejected.message);
    if (reference.rejected.isError && 'status' in reference.rejected.spread)
      expect(ours.rejected!.spread, 'error fields').toEqual(reference.rejected.spread);
    checkOurErrorShape(ours);
  } else {
    expect(ours.rejected?.message, 'resolves').toBeUndefined();
    expect(ours.resolved, 'answer').toEqual(reference.resolved);
  }
}

/** Results of every group run in this process, printed at the end of each file. */
const tally = new Map<string, { total: number; passed: number; failed: string[] }>();

/** Minimum share of a group's reference cases our client must match. */
export const REQUIRED_RATE = 0.95;

/**
 * Registers the cases of one group: one test per case, then one that prints the group's pass
 * rate and requires at least REQUIRED_RATE.
 */
export function describeParity(group: string, cases: ParityCase[]): void {
  describe(`reference parity: ${group}`, () => {
    const entry = { total: cases.length, passed: 0, failed: [] as string[] };
    tally.set(group, entry);
    beforeEach(() => {
      referenceCache.deleteAll();
    });

    for (const c of cases) {
      const name = c[0];
      const deviates = typeof c[3] === 'string' ? c[3] : undefined;
      it(name, async () => {
        if (!deviates) {
          try {
            await compare(c);
          } catch (err) {
            entry.failed.push(name);
            throw err;
          }
          entry.passed++;
          return;
        }
        entry.failed.push(`${name} (deviates: ${deviates})`);
        await expect(compare(c), `'${name}' now matches the reference: drop its deviates note`).rejects.toThrow();
      });
    }

    it(`matches the reference client in at least ${REQUIRED_RATE * 100}% of its cases`, () => {
      const rate = entry.total ? entry.passed / entry.total : 1;
      const lines = [
        `reference parity ${group}: ${entry.passed}/${entry.total} cases (${(rate * 100).toFixed(1)}%)`,
        ...entry.failed.map((f) => `  not matching: ${f}`),
      ];
      console.log(lines.join('\n'));
      expect(rate).toBeGreaterThanOrEqual(REQUIRED_RATE);
    });

    afterAll(() => {
      tally.delete(group);
    });
  });
}
