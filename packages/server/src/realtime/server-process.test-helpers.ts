import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { TEST_PG_URL } from '../test-helpers.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** One real server process of a multi-process test, with what it printed. */
export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  log: string[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

/** Starts the server's `main.ts` (as `npm run dev` does) and resolves once it answers HTTP. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const log: string[] = [];
  const child = spawn(process.execPath, ['--no-node-snapshot', '--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout, child.stderr]) stream?.on('data', (d: Buffer) => log.push(d.toString()));
  const origin = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ; await new Promise((r) => setTimeout(r, 200))) {
    if (child.exitCode !== null) throw new Error(`server exited: ${log.join('')}`);
    if (Date.now() - started > 45_000) throw new Error(`server did not start: ${log.join('')}`);
    if (
      await fetch(`${origin}/console/status`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, origin, log };
  }
}

/** Stops a server process: SIGTERM, then SIGKILL after 10 s. */
export async function stopServerProcess(proc: ServerProcess | undefined): Promise<void> {
  if (!proc || proc.child.exitCode !== null) return;
  const exited = new Promise((r) => proc.child.once('exit', r));
  proc.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
}

/** Drops the PostgreSQL schemas a test's processes created under their schema prefix. */
export async function dropSchemas(prefix: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_PG_URL });
  await client.connect();
  try {
    const schemas = await client.query<{ nspname: string }>('select nspname from pg_namespace where nspname like $1', [
      `${prefix}%`,
    ]);
    for (const { nspname } of schemas.rows)
      await client.query(`drop schema if exists "${nspname.replace(/"/g, '')}" cascade`);
  } finally {
    await client.end();
  }
}
