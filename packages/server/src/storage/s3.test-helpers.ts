/** A real S3-speaking server (s3rver, files in a temp folder) for the S3 driver's tests. */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../config.js';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The configuration a server needs to keep its files in this bucket. */
  config: Pick<Config, 'storage' | 's3'>;
  /** The same as BASALT_* environment variables, for servers started as processes. */
  env: Record<string, string>;
  close(): Promise<void>;
}

// s3rver signs listing continuation tokens with DES, which OpenSSL 3 keeps in its legacy provider
// only: it runs in a process of its own started with that provider (the server under test never is).
const SCRIPT = `
const S3rver = require(process.env.S3RVER_MODULE);
const server = new S3rver({ address: '127.0.0.1', port: 0, directory: process.env.S3RVER_DIR, silent: true, configureBuckets: [{ name: process.env.S3RVER_BUCKET }] });
server.run().then((a) => process.stdout.write('PORT ' + a.port + '\\n'));
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
`;

export async function startLocalS3(bucket = 'basalt-files'): Promise<LocalS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-s3rver-'));
  const modulePath = createRequire(import.meta.url).resolve('s3rver');
  const child = spawn(process.execPath, ['--openssl-legacy-provider', '-e', SCRIPT], {
    env: { ...process.env, S3RVER_MODULE: modulePath, S3RVER_DIR: directory, S3RVER_BUCKET: bucket },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /PORT (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`s3rver exited with ${code}`)));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts the well-known test credentials only.
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  return {
    endpoint,
    bucket,
    config: {
      storage: 's3',
      s3: { endpoint, bucket, region: 'us-east-1', accessKeyId, secretAccessKey, forcePathStyle: true },
    },
    env: {
      BASALT_STORAGE: 's3',
      BASALT_S3_ENDPOINT: endpoint,
      BASALT_S3_BUCKET: bucket,
      BASALT_S3_REGION: 'us-east-1',
      BASALT_S3_ACCESS_KEY_ID: accessKeyId,
      BASALT_S3_SECRET_ACCESS_KEY: secretAccessKey,
      BASALT_S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
