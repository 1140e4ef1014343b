import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const consoleDist = path.resolve(here, '../dist/index.html');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string, isAlive: () => boolean, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`The Basalt server stopped while starting:\n${log()}`);
    try {
      const res = await fetch(`${url}/console/status`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The Basalt server did not answer /console/status within 60 s:\n${log()}`);
}

/**
 * Runs the real server — the same `main.ts` as `npm start` — on a free loopback port with a fresh
 * data directory, serving the console that `npm run build` produced. Nothing is built here.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!fs.existsSync(consoleDist)) {
    throw new Error('The console is not built: run `npm run build` before the journeys.');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, ['--no-node-snapshot', '--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      BASALT_DATA_DIR: dataDir,
      BASALT_PUBLIC_URL: url,
      DATABASE_URL: '',
      // Mails (team invitations, resets) land as files here for the journeys to read.
      BASALT_MAIL_DIR: path.join(dataDir, 'mail'),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let alive = true;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', () => {
      alive = false;
      resolve();
    }),
  );

  try {
    await waitForReady(url, () => alive, () => output);
  } catch (err) {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  process.env.BASALT_E2E_URL = url;
  // Journeys that seed large tables write straight into the app stores under this directory.
  process.env.BASALT_E2E_DATA_DIR = dataDir;
  process.env.BASALT_E2E_MAIL_DIR = path.join(dataDir, 'mail');

  return async () => {
    if (alive) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
