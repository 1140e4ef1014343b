import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../../../http/server-key.js';

/**
 * Short-lived signed tokens (decision 0093): a JSON claim with an expiry, base64url-encoded, and
 * its HMAC-SHA256 under a key derived for one purpose from the server key, so a preview token can
 * never pass as a download link or the other way round. Nothing is stored: a token is good until
 * it expires, and refused once expired or altered.
 */
export class Signer {
  private readonly key: Buffer;

  constructor(dataDir: string, purpose: string) {
    this.key = derivedKey(dataDir, purpose);
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }

  sign(claim: Record<string, unknown>, ttlMs: number, now = Date.now()): { token: string; expires: number } {
    const expires = now + ttlMs;
    const body = Buffer.from(JSON.stringify({ ...claim, exp: expires })).toString('base64url');
    return { token: `${body}.${this.mac(body)}`, expires };
  }

  /** The claim of a good token; `expired` or `invalid` otherwise. */
  verify<T extends Record<string, unknown>>(
    token: string,
    now = Date.now(),
  ): { claim: T } | { refused: 'expired' | 'invalid' } {
    if (token.length > 2000) return { refused: 'invalid' };
    const dot = token.indexOf('.');
    if (dot < 1) return { refused: 'invalid' };
    const body = token.slice(0, dot);
    const given = Buffer.from(token.slice(dot + 1), 'base64url');
    const want = Buffer.from(this.mac(body), 'base64url');
    if (given.length !== want.length || !timingSafeEqual(given, want)) return { refused: 'invalid' };
    let claim: T & { exp?: unknown };
    try {
      claim = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T & { exp?: unknown };
    } catch {
      return { refused: 'invalid' };
    }
    if (typeof claim.exp !== 'number' || claim.exp <= now) return { refused: 'expired' };
    return { claim };
  }
}
