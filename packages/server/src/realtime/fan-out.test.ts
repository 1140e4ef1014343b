import crypto from 'node:crypto';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { FanOut, type RealtimeEvent } from './fan-out.js';

const REDIS_URL = process.env.BASALT_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = Fastify({ logger: { level: 'silent' } }).log;

const event = (channel: string): RealtimeEvent => ({ kind: 'command', appId: 'A', channel, command: { type: 't' } });

describe('fan-out', () => {
  it('delivers locally without Redis', async () => {
    const got: RealtimeEvent[] = [];
    const f = new FanOut({ namespace: 'x', log }, (e) => got.push(e));
    await f.start();
    expect(f.shared).toBe(false);
    f.publish(event('c'));
    expect(got).toEqual([event('c')]);
    await f.close();
  });

  it('shares events between instances through Redis, once each, within one namespace', async () => {
    const ns = `t${crypto.randomBytes(4).toString('hex')}`;
    const a: RealtimeEvent[] = [];
    const b: RealtimeEvent[] = [];
    const other: RealtimeEvent[] = [];
    const fa = new FanOut({ redisUrl: REDIS_URL, namespace: ns, log }, (e) => a.push(e));
    const fb = new FanOut({ redisUrl: REDIS_URL, namespace: ns, log }, (e) => b.push(e));
    const fo = new FanOut({ redisUrl: REDIS_URL, namespace: `${ns}other`, log }, (e) => other.push(e));
    await Promise.all([fa.start(), fb.start(), fo.start()]);
    fa.publish(event('from-a'));
    fb.publish(event('from-b'));
    const started = Date.now();
    while ((a.length < 2 || b.length < 2) && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 10));
    await new Promise((r) => setTimeout(r, 100));
    const names = (list: RealtimeEvent[]) => list.map((e) => (e as { channel: string }).channel).sort();
    expect(names(a)).toEqual(['from-a', 'from-b']);
    expect(names(b)).toEqual(['from-a', 'from-b']);
    expect(other).toEqual([]);
    await Promise.all([fa.close(), fb.close(), fo.close()]);
  });

  it('refuses to start when Redis cannot be reached, saying where it tried', async () => {
    const f = new FanOut({ redisUrl: 'redis://:secret@127.0.0.1:1', namespace: 'x', log }, () => undefined);
    await expect(f.start()).rejects.toThrow(/Real time cannot reach Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1/);
  });
});
