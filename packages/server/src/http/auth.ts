import type { FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.js';
import { ApiError } from './api-error.js';
import { sha256 } from './secrets.js';
import { accessGeneration, accessMemory } from './access-cache.js';
import { ConsoleAccessRepo } from './console-access.repo.js';

export interface AuthedDeveloper {
  id: string;
  email: string;
  name: string;
  /** The auth key this request came with (the console SDK reads it back from myaccount). */
  authKey: string;
}

/** Header and cookie that carry a developer's auth key. */
export const AUTH_HEADER = 'auth-key';
export const AUTH_COOKIE = 'dev-auth-key';

/**
 * The key of a request: the `auth-key` header, or the `dev-auth-key` cookie on reads only. A page
 * reloaded in the browser recovers its key with a GET of myaccount through the cookie; changes
 * always need the header, which another site cannot make a browser send (no cookie-borne CSRF).
 */
export function readAuthKey(req: FastifyRequest): string | undefined {
  const header = req.headers[AUTH_HEADER];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  if (fromHeader) return fromHeader;
  if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
  // Parsed here, on the few requests that may use it, not by a hook on every request.
  const cookies = req.headers.cookie;
  return cookies ? req.server.parseCookie(cookies)[AUTH_COOKIE] || undefined : undefined;
}

/** Sessions checked in the last moments, by key hash (see access-cache.ts for why this is safe). */
const sessions = accessMemory<Omit<AuthedDeveloper, 'authKey'>>();

/** Resolves the developer of a request from its auth key; 401 when missing, unknown or revoked. */
export function authenticateDeveloper(ctx: ServerContext, req: FastifyRequest): Promise<AuthedDeveloper> {
  return authenticateKey(ctx, readAuthKey(req));
}

/**
 * Resolves the developer of an auth key from wherever it came (a request's header, a socket's
 * handshake); 401 when missing, unknown or revoked.
 */
export async function authenticateKey(ctx: ServerContext, key: string | undefined): Promise<AuthedDeveloper> {
  if (!key || key.length > 200) throw ApiError.unauthorized('Sign in first: the auth-key is missing or invalid');
  const keyHash = sha256(key);
  const remembered = sessions.get(keyHash);
  if (remembered) return { ...remembered, authKey: key };
  const since = accessGeneration();
  const repo = new ConsoleAccessRepo(ctx.dbs);
  const row = await repo.session(keyHash);
  if (!row) throw ApiError.unauthorized('Your session has ended: sign in again');
  const now = Date.now();
  if (now - row.last_used > ctx.config.sessionIdleMs) {
    await repo.endSession(row.key_hash);
    throw ApiError.unauthorized('Your session has ended after a long time without use: sign in again');
  }
  // Touch at most once a minute: a write per request would serialise SQLite for nothing.
  if (now - row.last_used > 60_000) {
    await repo.touchSession(row.key_hash, now);
  }
  sessions.set(keyHash, { id: row.id, email: row.email, name: row.name }, since, now);
  return { id: row.id, email: row.email, name: row.name, authKey: key };
}
