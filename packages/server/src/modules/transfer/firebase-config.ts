import type { FirebaseHashConfig, FirebaseImportBody, FirebaseUser } from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import { fromBase64, type FirebaseScryptParams } from '../accounts/index.js';

const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/**
 * Reads the hash parameters block as the Firebase console shows it (`hash_config { algorithm:
 * SCRYPT, base64_signer_key: …, rounds: 8, mem_cost: 14, }`), one `name: value` per line.
 */
function parseText(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/([A-Za-z0-9_]+)\s*:\s*"?([^\s,"}]*)"?/g)) out[m[1]] = m[2];
  return out;
}

function base64Field(cfg: Record<string, unknown>, name: string, allowEmpty: boolean): string {
  const v = cfg[name];
  if (typeof v !== 'string' || (!allowEmpty && !v) || !BASE64.test(v))
    throw ApiError.field('BAD_REQUEST', `hashConfig.${name}`, `hashConfig.${name} must be base64 text`);
  return v;
}

function intField(cfg: Record<string, unknown>, name: string, min: number, max: number): number {
  const n = typeof cfg[name] === 'string' ? Number(cfg[name]) : cfg[name];
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max)
    throw ApiError.field(
      'BAD_REQUEST',
      `hashConfig.${name}`,
      `hashConfig.${name} must be a whole number ${min}–${max}`,
    );
  return n;
}

/** The checked hash parameters, with their base64 text kept for storing along each user. */
export interface HashConfig {
  text: { signerKey: string; saltSeparator: string };
  params: FirebaseScryptParams;
}

/** Checks the project's hash parameters; only Firebase's own SCRYPT is taken. */
export function readHashConfig(raw: FirebaseHashConfig | string): HashConfig {
  const cfg: Record<string, unknown> = typeof raw === 'string' ? parseText(raw) : raw;
  const algorithm = typeof cfg.algorithm === 'string' ? cfg.algorithm.toUpperCase() : '';
  if (algorithm !== 'SCRYPT')
    throw ApiError.field(
      'BAD_REQUEST',
      'hashConfig.algorithm',
      `hashConfig.algorithm must be SCRYPT (Firebase's password hash), not '${String(cfg.algorithm ?? '').slice(0, 40)}'`,
    );
  const signerKey = base64Field(cfg, 'base64_signer_key', false);
  const saltSeparator = base64Field(cfg, 'base64_salt_separator', true);
  // Firebase's projects use rounds 8 and mem_cost 14; the bounds keep a request from asking scrypt for gigabytes.
  const rounds = intField(cfg, 'rounds', 1, 8);
  const memCost = intField(cfg, 'mem_cost', 1, 14);
  return {
    text: { signerKey, saltSeparator },
    params: { signerKey: fromBase64(signerKey), saltSeparator: fromBase64(saltSeparator), rounds, memCost },
  };
}

/** The export's users: the file's JSON `{users: [...]}` or its array. */
export function usersOf(body: FirebaseImportBody): FirebaseUser[] {
  const users = Array.isArray(body.users) ? body.users : body.users.users;
  if (!users.length) throw ApiError.field('BAD_REQUEST', 'users', 'The export holds no users');
  return users;
}

/** Why a user's hash cannot be checked later with these parameters, or undefined when it can. */
export function hashProblem(user: FirebaseUser, cfg: HashConfig): string | undefined {
  if (!user.passwordHash) return undefined;
  if (!BASE64.test(user.passwordHash) || !user.salt || !BASE64.test(user.salt))
    return 'its passwordHash or salt is not base64';
  // The hash is the signer key encrypted with a stream cipher: it has the key's length.
  if (fromBase64(user.passwordHash).length !== cfg.params.signerKey.length)
    return 'its passwordHash does not fit the hash parameters (another project or algorithm)';
  return undefined;
}
