// Real-time benchmark: publish-to-delivery latency with 1,000 subscribers on loopback. Each
// subscriber speaks the backendless real-time protocol (SUB_ON PUB_SUB_MESSAGES); the console API
// publishes messages carrying their send time; every delivery's latency is recorded.
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { json, root } from './lib.mjs';

const require = createRequire(path.join(root, 'packages/server/package.json'));
const { io } = require('socket.io-client');

const SUBSCRIBERS = 1000;
const MESSAGES = 50;

function stats(name, times, wallMs) {
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
  return { name, count: times.length, opsPerSec: (times.length / wallMs) * 1000, p50: pct(50), p99: pct(99) };
}

export async function run({ server, authKey, appId }) {
  const info = (await json(`${server.url}/${appId}/console/app-info`, { authKey })).body;
  const apiKey = info.apiKeys.find((k) => k.deviceType === 'JS').apiKey;
  await json(`${server.url}/${appId}/console/messaging/channels`, { method: 'POST', authKey, body: { name: 'bench' } });

  const sockets = [];
  const latencies = [];
  let delivered = 0;
  try {
    for (let i = 0; i < SUBSCRIBERS; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, SUBSCRIBERS - i) }, async () => {
          const socket = io(`${server.url}/${appId}`, {
            path: `/${appId}`,
            forceNew: true,
            reconnection: false,
            transports: ['websocket'],
            query: { apiKey, clientId: crypto.randomUUID().toUpperCase(), userToken: 'null' },
          });
          sockets.push(socket);
          await new Promise((resolve, reject) => {
            socket.once('connect', resolve);
            socket.once('connect_error', reject);
          });
          const id = crypto.randomUUID();
          const ready = new Promise((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error('no SUB_READY')), 10_000);
            socket.on('SUB_READY', (p) => p.id === id && (clearTimeout(timer), resolve()));
          });
          socket.on('SUB_RES', (p) => {
            if (p.id !== id || !p.data) return;
            const sentAt = p.data.message?.sentAt ?? p.data.data?.sentAt;
            if (typeof sentAt === 'number') {
              latencies.push(performance.timeOrigin + performance.now() - sentAt);
              delivered++;
            }
          });
          socket.emit('SUB_ON', { id, name: 'PUB_SUB_MESSAGES', options: { channel: 'bench' } });
          await ready;
        }),
      );
    }
    const started = performance.now();
    for (let m = 0; m < MESSAGES; m++) {
      await json(`${server.url}/${appId}/console/messaging/bench`, {
        method: 'POST',
        authKey,
        body: { message: { sentAt: performance.timeOrigin + performance.now(), m } },
      });
      // wait until this message reached everyone (bounded) so latencies are not queueing effects
      const target = (m + 1) * SUBSCRIBERS;
      const deadline = Date.now() + 10_000;
      while (delivered < target && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    }
    const wall = performance.now() - started;
    if (delivered < MESSAGES * SUBSCRIBERS)
      console.warn(`messaging bench: ${delivered} of ${MESSAGES * SUBSCRIBERS} deliveries arrived`);
    return [stats(`publish → delivery, ${SUBSCRIBERS} subscribers (per delivery)`, latencies, wall)];
  } finally {
    for (const s of sockets) s.disconnect();
  }
}
