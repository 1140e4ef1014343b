// File benchmark: upload and download throughput of a 100 MB file through the console API.
import { json } from './lib.mjs';

const SIZE = 100 * 1024 * 1024;

export async function run({ server, authKey, appId }) {
  const data = Buffer.alloc(SIZE, 7);
  const rows = [];
  for (let i = 0; i < 3; i++) {
    const form = new FormData();
    form.append('file', new Blob([data]), 'big.bin');
    const t0 = performance.now();
    const up = await fetch(`${server.url}/${appId}/console/files/upload/bench/big${i}.bin/?overwrite=true`, {
      method: 'POST',
      headers: { 'auth-key': authKey },
      body: form,
    });
    if (!up.ok) throw new Error(`upload: ${up.status} ${await up.text()}`);
    const upMs = performance.now() - t0;
    const t1 = performance.now();
    const down = await fetch(`${server.url}/${appId}/console/files/download/bench/big${i}.bin`, {
      headers: { 'auth-key': authKey },
    });
    const got = Buffer.from(await down.arrayBuffer());
    const downMs = performance.now() - t1;
    if (got.length !== SIZE) throw new Error(`download returned ${got.length} bytes`);
    rows.push({ upMs, downMs });
  }
  const mbps = (ms) => SIZE / 1024 / 1024 / (ms / 1000);
  const med = (xs) => xs.sort((a, b) => a - b)[1];
  const up = med(rows.map((r) => r.upMs));
  const down = med(rows.map((r) => r.downMs));
  void json;
  return [
    {
      name: `upload 100 MB (MB/s as ops/s, median of 3)`,
      count: 3,
      opsPerSec: mbps(up),
      p50: up,
      p99: Math.max(...rows.map((r) => r.upMs)),
    },
    {
      name: `download 100 MB (MB/s as ops/s, median of 3)`,
      count: 3,
      opsPerSec: mbps(down),
      p50: down,
      p99: Math.max(...rows.map((r) => r.downMs)),
    },
  ];
}
