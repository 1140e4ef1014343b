import crypto from 'node:crypto';
import type { ServerContext } from '../../context.js';
import { derivedKey } from '../../http/server-key.js';
import { safeEqual } from '../../http/secrets.js';

/** A signature opens an embedded widget; an hour is ample for that and a leaked one soon means nothing. */
export const SIGNATURE_TTL_S = 60 * 60;

/** What a developer signature asserts. */
export interface DeveloperClaims {
  /** The developer id. */
  sub: string;
  email: string;
  name: string;
  /** Issued at and expiry, in seconds since the epoch (JWT style). */
  iat: number;
  exp: number;
  iss: 'basalt';
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
const keyFor = (ctx: ServerContext) => derivedKey(ctx.config.dataDir, 'developer-signature');
const mac = (ctx: ServerContext, text: string) =>
  crypto.createHmac('sha256', keyFor(ctx)).update(text).digest('base64url');

/**
 * `devTeam.generateDeveloperSignature`: who the signed-in developer is, signed by this server (a
 * JWT, HS256, with a key derived from the server key), for widgets and services that trust this
 * server to tell them which developer opened them. It carries no access: it is not an auth key.
 */
export function signDeveloper(
  ctx: ServerContext,
  developer: { id: string; email: string; name: string },
  nowMs = Date.now(),
): string {
  const iat = Math.floor(nowMs / 1000);
  const claims: DeveloperClaims = {
    sub: developer.id,
    email: developer.email,
    name: developer.name,
    iat,
    exp: iat + SIGNATURE_TTL_S,
    iss: 'basalt',
  };
  const body = `${HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  return `${body}.${mac(ctx, body)}`;
}

/** The claims of a signature this server made and that has not expired; undefined otherwise. */
export function verifyDeveloperSignature(
  ctx: ServerContext,
  token: string,
  nowMs = Date.now(),
): DeveloperClaims | undefined {
  if (typeof token !== 'string' || token.length > 4096) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return undefined;
  if (!safeEqual(parts[2], mac(ctx, `${parts[0]}.${parts[1]}`))) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as DeveloperClaims;
    return typeof claims.exp === 'number' && claims.exp * 1000 > nowMs && claims.iss === 'basalt' ? claims : undefined;
  } catch {
    return undefined;
  }
}
