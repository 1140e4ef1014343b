/**
 * Shared pieces of the security suites: a seeded random source (so every generated case can be
 * replayed from its seed), the seed choice (`BASALT_FUZZ_SEED`), and a small client for a test
 * server listening on a real port.
 */
import type { TestServer } from '../test-helpers.js';

/** xorshift32 over a scrambled seed: small, fast and the same on every platform. */
export function prng(seed: number): () => number {
  let s = mixSeed(seed, 0x9e3779b9) || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

/** A 32-bit hash of a seed and an index: case `i` of a run gets its own source, replayable alone. */
export function mixSeed(seed: number, index: number): number {
  let h = (Math.imul(seed >>> 0, 0x85ebca6b) ^ Math.imul(index >>> 0, 0xc2b2ae35)) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d) >>> 0;
  h ^= h >>> 15;
  h = Math.imul(h, 0x846ca68b) >>> 0;
  h ^= h >>> 16;
  return h >>> 0;
}

export class Rand {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = prng(seed);
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next();
  }

  /** A whole number from lo to hi, both included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Picks by weight: `[[weight, value], ...]`. */
  weighted<T>(items: ReadonlyArray<readonly [number, T]>): T {
    const total = items.reduce((sum, [w]) => sum + w, 0);
    let at = this.next() * total;
    for (const [w, v] of items) {
      at -= w;
      if (at < 0) return v;
    }
    return items[items.length - 1][1];
  }

  /** Some distinct items, in random order. */
  some<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy.slice(0, Math.min(count, copy.length));
  }
}

/**
 * The seed of a generated run: `BASALT_FUZZ_SEED` as a number, `random` for a new one, else the
 * suite's fixed seed (so CI runs the same cases every time).
 */
export function fuzzSeed(fixed: number, env: string | undefined = process.env.BASALT_FUZZ_SEED): number {
  if (env === undefined || env.trim() === '') return fixed;
  if (env.trim().toLowerCase() === 'random') return Math.floor(Math.random() * 2 ** 31);
  const n = Number(env);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`BASALT_FUZZ_SEED must be a whole number or 'random', not '${env}'`);
  return n;
}

/** An answer read from the wire. `status` 0: no answer (network error or the client's time limit). */
export interface HttpAnswer {
  status: number;
  text: string;
  ms: number;
  /** epoch milliseconds (performance.timeOrigin based) when the request started and ended */
  started: number;
  ended: number;
  error?: string;
}

export interface HttpOptions {
  /** sent as JSON */
  body?: unknown;
  /** sent as is, with `content-type: application/json` unless headers say otherwise */
  raw?: string | Buffer;
  token?: string;
  authKey?: string;
  headers?: Record<string, string>;
  /** the client gives up after this long (the answer then has status 0) */
  timeoutMs?: number;
}

export const now = (): number => performance.timeOrigin + performance.now();

/** Starts the test server listening on a free local port; answers its base URL. */
export async function listen(server: TestServer): Promise<string> {
  const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace('localhost', '127.0.0.1');
}

/** A request over real HTTP. Never throws: a failed request answers status 0 with the reason. */
export async function httpCall(
  base: string,
  method: string,
  path: string,
  opts: HttpOptions = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = {};
  if (opts.token) headers['user-token'] = opts.token;
  if (opts.authKey) headers['auth-key'] = opts.authKey;
  let body: string | Uint8Array<ArrayBuffer> | undefined;
  if (opts.raw !== undefined) body = typeof opts.raw === 'string' ? opts.raw : new Uint8Array(opts.raw);
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, opts.headers ?? {});
  const started = now();
  try {
    const res = await fetch(base + path, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(opts.timeoutMs ?? 30_000),
    });
    const text = await res.text();
    const ended = now();
    return { status: res.status, text, ms: ended - started, started, ended };
  } catch (err) {
    const ended = now();
    const e = err as Error & { cause?: { code?: string; message?: string } };
    const reason =
      e.name === 'TimeoutError'
        ? `no answer within ${opts.timeoutMs ?? 30_000} ms`
        : `${e.message}${e.cause ? ` (${e.cause.code ?? e.cause.message})` : ''}`;
    return { status: 0, text: '', ms: ended - started, started, ended, error: reason };
  }
}

/** JSON of an answer, or undefined when it is not JSON. */
export function jsonOf(a: HttpAnswer): any {
  try {
    return JSON.parse(a.text);
  } catch {
    return undefined;
  }
}

/** A short, single-line excerpt of a long text for failure messages. */
export function excerpt(text: string, max = 160): string {
  let flat = '';
  for (const ch of text) flat += ch.charCodeAt(0) < 0x20 ? `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}` : ch;
  return flat.length > max ? `${flat.slice(0, max - 30)}…(${flat.length} chars)…${flat.slice(-20)}` : flat;
}
