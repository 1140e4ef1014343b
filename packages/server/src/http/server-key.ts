import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The server's own secret (32 bytes): from `BASALT_SECRET_KEY` (any text, hashed) so that several
 * processes sharing one PostgreSQL database agree on it; without it, a random key created once in
 * `<dataDir>/secret.key` (mode 0600), which suits the single-machine SQLite setup. A database dump
 * alone then holds no usable key. Users of the key derive their own from it (`derivedKey`), so no
 * two purposes share key material.
 */
export function serverKey(dataDir: string, envKey = process.env.BASALT_SECRET_KEY): Buffer {
  if (envKey) return crypto.createHash('sha256').update(envKey).digest();
  const file = path.join(dataDir, 'secret.key');
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const fresh = crypto.randomBytes(32);
    try {
      // `wx`: when another process created it first, read theirs instead of overwriting it.
      fs.writeFileSync(file, fresh.toString('base64'), { mode: 0o600, flag: 'wx' });
      return fresh;
    } catch {
      return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    }
  }
}

/** A key for one purpose (`developer-signature` …), derived from the server key with HMAC-SHA256. */
export function derivedKey(dataDir: string, purpose: string, envKey?: string): Buffer {
  return crypto.createHmac('sha256', serverKey(dataDir, envKey)).update(`basalt:${purpose}`).digest();
}
