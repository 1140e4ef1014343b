import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeEachDb, startTestServer, testDbKinds } from '../test-helpers.js';
import { dropSchemas, startServerProcess, type ServerProcess } from '../realtime/server-process.test-helpers.js';

const REDIS_URL = process.env.BASALT_TEST_REDIS_URL ?? process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

describeEachDb('health and readiness for a load balancer', (server) => {
  it('answers liveness and readiness without authentication, and leaves /console/status as it was', async () => {
    const health = await server().call('GET', '/health');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['cache-control']).toBe('no-store');
    const ready = await server().call('GET', '/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'not configured', server: 'ok' },
    });
    const status = await server().call('GET', '/console/status');
    expect(status.statusCode).toBe(200);
    expect(status.json().areas).toBeTypeOf('object');
  });
});

describe('readiness with Redis, and while shutting down', () => {
  for (const kind of testDbKinds()) {
    it(`checks Redis when configured and answers 503 once the server is closing [${kind}]`, async () => {
      const s = await startTestServer(kind, { redisUrl: REDIS_URL });
      try {
        const ready = await s.call('GET', '/ready');
        expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', redis: 'ok', server: 'ok' } });
        // The shutdown itself (app.close), not the test server's cleanup.
        const closing = s.app.close();
        const during = await s.call('GET', '/ready');
        expect(during.statusCode).toBe(503);
        await closing;
      } finally {
        if (kind === 'postgres') await dropSchemas(s.config.pgSchemaPrefix);
        fs.rmSync(s.config.dataDir, { recursive: true, force: true });
      }
    });
  }
});

/** Sends a POST whose body arrives in pieces over `ms`, calling `midway` once the first piece is out. */
function slowPost(
  origin: string,
  url: string,
  body: string,
  ms: number,
  midway: () => void,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}${url}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => {
          text += c.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    const half = Math.floor(body.length / 2);
    req.write(body.slice(0, half));
    midway();
    setTimeout(() => req.end(body.slice(half)), ms);
  });
}

describe('graceful shutdown of a server process', () => {
  it('on SIGTERM stops taking connections, finishes the request in flight, then exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-shutdown-'));
    let proc: ServerProcess | undefined;
    try {
      proc = await startServerProcess({
        BASALT_DATA_DIR: dataDir,
        BASALT_CONSOLE_DIR: path.join(dataDir, 'no-console'),
        DATABASE_URL: '',
        REDIS_URL: '',
      });
      const p = proc;
      expect((await fetch(`${p.origin}/ready`)).status).toBe(200);
      const exited = new Promise<number | null>((r) => p.child.once('exit', (code) => r(code)));
      const body = JSON.stringify({
        email: `late${Date.now()}@example.com`,
        password: 'correct horse battery',
        name: 'Late',
      });
      const answer = await slowPost(p.origin, '/console/devreg', body, 800, () => {
        setTimeout(() => p.child.kill('SIGTERM'), 200);
      });
      // The request that was being received when SIGTERM came is answered in full.
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.text)).toMatchObject({ email: expect.stringContaining('late') });
      expect(await exited).toBe(0);
      await expect(fetch(`${p.origin}/health`)).rejects.toThrow();
    } finally {
      if (proc && proc.child.exitCode === null) proc.child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
