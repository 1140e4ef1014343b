import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got: its headers and the raw body exactly as sent. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A real local HTTP receiver for deliveries. `failNext(n)` makes the next n requests answer 500;
 * `url` is where it listens (loopback: the server under test must allow private addresses).
 */
export interface Receiver {
  url: string;
  got: Received[];
  failNext(n: number): void;
  /** Waits until `count` requests have arrived (or fails after `ms`). */
  waitFor(count: number, ms?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const got: Received[] = [];
  let failing = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() });
      if (failing > 0) {
        failing--;
        res.writeHead(500, { 'content-type': 'text/plain' }).end('receiver is failing on purpose');
      } else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    got,
    failNext(n) {
      failing = n;
    },
    async waitFor(count, ms = 15_000) {
      const until = Date.now() + ms;
      while (got.length < count) {
        if (Date.now() > until) throw new Error(`the receiver got ${got.length} of ${count} deliveries in ${ms} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return got;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `check` until it answers something truthy (or fails after `ms`). */
export async function eventually<T>(check: () => Promise<T | undefined | false>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > until) throw new Error('the condition did not come true in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
