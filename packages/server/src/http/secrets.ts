import crypto from 'node:crypto';

/** A random secret with `bytes` of entropy, url-safe (auth keys: 32 bytes = 256 bits). */
export function randomSecret(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

/** Secrets are stored only as this hash; a fast hash suffices because they carry 256 random bits. */
export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}

/** Upper-case UUID, the shape of Backendless ids (apps, records, developers). */
export function newId(): string {
  return crypto.randomUUID().toUpperCase();
}

/** Constant-time comparison of two strings. */
export function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && crypto.timingSafeEqual(ba, bb);
}
