import type { FullResponse } from '../transport/transport.js';
import { isRecord } from '../transport/errors.js';

/** Cookie the server sets next to the `auth-key` header on sign-in. */
export const AUTH_COOKIE = 'dev-auth-key';

/** Value of a cookie readable from script (browser only; an httpOnly cookie is not readable). */
export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined' || typeof document.cookie !== 'string') return undefined;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

/** Removes a script-visible cookie in the browser; nothing to do elsewhere. */
export function deleteCookie(name: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

/**
 * The key a sign-in answer carries: the `auth-key` header, else the readable `dev-auth-key`
 * cookie, else the body's `authKey` (cross-origin browsers cannot read an unexposed header).
 */
export function keyFromResponse(res: FullResponse<unknown>): string | undefined {
  const header = res.headers['auth-key'];
  if (header) return header;
  const cookie = readCookie(AUTH_COOKIE);
  if (cookie) return cookie;
  return isRecord(res.body) && typeof res.body.authKey === 'string' ? res.body.authKey : undefined;
}
