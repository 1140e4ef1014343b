/** Helpers for the files tests: multipart bodies, raw HTTP requests, the app's root on disk. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { TestServer } from '../../test-helpers.js';
import { appKey } from '../../storage/index.js';

/** A multipart/form-data body with one file part (in the given field) and optional text fields first. */
export function multipart(
  field: string,
  fileName: string,
  content: string | Buffer,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----basalt${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
  );
  chunks.push(Buffer.isBuffer(content) ? content : Buffer.from(content));
  chunks.push(Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Where an app's files live on disk for a test server. */
export function filesRoot(server: TestServer, appId: string): string {
  return path.join(server.config.dataDir, 'apps', appKey(appId), 'files');
}

export interface RawResponse {
  status: number;
  body: string;
}

/**
 * Sends a request with the path exactly as written: `inject()` and most clients normalise `../`
 * away, while an attacker's client does not.
 */
export async function rawRequest(
  server: TestServer,
  method: string,
  rawPath: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<RawResponse> {
  const app = server.app;
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: rawPath,
        agent: false,
        headers: {
          connection: 'close',
          ...headers,
          ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}
