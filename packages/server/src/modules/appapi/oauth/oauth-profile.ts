import { ApiError } from '../../../http/api-error.js';

type Rec = Record<string, unknown>;

/** What a sign-in needs from a provider's profile, whatever the provider calls its fields. */
export interface Profile {
  /** The provider's stable id of the account (`sub`, `id`, `user_id`). */
  subject: string;
  email?: string;
  /** False only when the provider says the address is not verified (then it never matches a user). */
  emailVerified: boolean;
  raw: Rec;
}

/** A value at a dotted path (`data.attributes.email`): some providers nest their profile. */
export function pick(obj: Rec, path: string): unknown {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (!cur || typeof cur !== 'object' || Array.isArray(cur)) return undefined;
    cur = (cur as Rec)[part];
  }
  return cur;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}$/;

/** Reads the account id and email; `subjectClaim` names the id field when the developer chose one. */
export function readProfile(raw: Rec, subjectClaim?: string): Profile {
  const idValue = [subjectClaim, 'sub', 'id', 'user_id', 'id_str']
    .filter((k): k is string => !!k)
    .map((k) => pick(raw, k))
    .find((v) => typeof v === 'string' || typeof v === 'number');
  const subject = idValue === undefined ? '' : String(idValue);
  if (!subject || subject.length > 255)
    throw new ApiError(
      'OAUTH_PROFILE_INCOMPLETE',
      `The provider's profile has no usable account id${subjectClaim ? ` in '${subjectClaim}'` : ''}`,
    );
  const email =
    typeof raw.email === 'string' && EMAIL.test(raw.email.trim()) ? raw.email.trim().toLowerCase() : undefined;
  const verified = raw.email_verified ?? raw.verified_email;
  return { subject, email, emailVerified: verified !== false && verified !== 'false', raw };
}

/** Scopes as providers spell them: a space- or comma-separated string, or an array. */
export function scopeList(value: unknown): string[] {
  if (Array.isArray(value))
    return value.filter((s): s is string => typeof s === 'string' && s.length <= 200).slice(0, 100);
  if (typeof value === 'string')
    return value
      .split(/[\s,]+/)
      .filter((s) => s && s.length <= 200)
      .slice(0, 100);
  return [];
}

/**
 * The scopes carried inside a JWT access token (Auth0 puts them in `scope`, Azure in `scp`). The
 * payload is read only after the issuer accepted the token and only when its `sub` is the
 * profile's, so a token made up by the caller grants nothing.
 */
export function jwtScopes(token: string, subject: string): string[] {
  const parts = token.split('.');
  if (parts.length !== 3 || token.length > 16_384) return [];
  try {
    const payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Rec;
    if (payload.sub !== subject) return [];
    return [...scopeList(payload.scope), ...scopeList(payload.scp), ...scopeList(payload.permissions)];
  } catch {
    return [];
  }
}

/**
 * The Users values of a profile: provider field → Users column, from the stored mapping and the
 * request's (the request wins). Only existing, writable columns and plain values are kept.
 */
export function mapFields(raw: Rec, mapping: Record<string, string>, writable: Set<string>): Rec {
  const out: Rec = {};
  for (const [field, column] of Object.entries(mapping)) {
    if (!writable.has(column)) continue;
    const v = pick(raw, field);
    if (typeof v === 'string') out[column] = v.slice(0, 1000);
    else if (typeof v === 'number' || typeof v === 'boolean') out[column] = v;
  }
  if (typeof out.email === 'string') out.email = out.email.trim().toLowerCase();
  return out;
}

/** A request's `fieldsMapping`: an object of field → column strings (anything else is refused). */
export function requestMapping(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw new ApiError('BAD_REQUEST', "'fieldsMapping' must be an object of provider field → Users column");
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value as Rec).slice(0, 100)) {
    if (typeof v !== 'string' || k.length > 200 || !/^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(v))
      throw new ApiError('BAD_REQUEST', `'fieldsMapping.${k.slice(0, 50)}' must name a Users column`);
    out[k] = v;
  }
  return out;
}
