import crypto from 'node:crypto';
import { ApiError } from './api-error.js';
import { requestRemote } from './remote-fetch.js';

/**
 * A Google service account (the JSON file Google Cloud hands out) as Basalt uses it: push through
 * Firebase Cloud Messaging and Google Play purchase checks both sign a JWT with the account's RSA key
 * and trade it for an OAuth access token (the JWT bearer grant). The fields keep Google's names.
 */
export interface ServiceAccount {
  project_id?: string;
  client_email: string;
  private_key: string;
  /** Where tokens are traded; another address only for proxies and local stand-ins. */
  token_uri?: string;
}

type Input = Record<string, unknown>;

const EMAIL = /^[^\s@]+@[^\s@]+$/;
export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

/** Shows that a secret is stored without revealing any of it. */
export function maskSecret(secret: unknown): string {
  return typeof secret === 'string' && secret ? `•••••••• (${secret.length} characters)` : '';
}

/**
 * The fields of a service-account file pasted as text or sent as an object (`serviceAccount`), or
 * given one by one; `what` names the file in errors ("Firebase service-account JSON file").
 */
export function serviceAccountInput(input: Input, what: string): Input {
  if (input.serviceAccount === undefined) return input;
  let sa: unknown = input.serviceAccount;
  if (typeof sa === 'string') {
    try {
      sa = JSON.parse(sa);
    } catch {
      throw ApiError.field('BAD_REQUEST', 'serviceAccount', 'serviceAccount is not valid JSON: paste the whole file');
    }
  }
  if (!sa || typeof sa !== 'object' || Array.isArray(sa))
    throw ApiError.field('BAD_REQUEST', 'serviceAccount', `serviceAccount must be the ${what}`);
  const f = sa as Input;
  if (f.type !== undefined && f.type !== 'service_account')
    throw ApiError.field(
      'BAD_REQUEST',
      'serviceAccount',
      `serviceAccount is a '${String(f.type)}' file, not a service account`,
    );
  return {
    ...input,
    projectId: f.project_id,
    clientEmail: f.client_email,
    privateKey: f.private_key,
    tokenUri: input.tokenUri ?? f.token_uri,
  };
}

/** A required text field, trimmed, optionally matching a pattern; else a 400 naming the field. */
export function requiredText(input: Input, field: string, label: string, pattern?: RegExp): string {
  const v = input[field];
  if (typeof v !== 'string' || !v.trim()) throw ApiError.field('BAD_REQUEST', field, `${label} is required`);
  if (pattern && !pattern.test(v.trim()))
    throw ApiError.field('BAD_REQUEST', field, `${label} is not valid: '${v.trim().slice(0, 80)}'`);
  return v.trim();
}

/** An optional http(s) address without its trailing slashes. */
export function optionalUrl(input: Input, field: string): string | undefined {
  const v = input[field];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v !== 'string' || !/^https?:\/\/[^\s]+$/.test(v))
    throw ApiError.field('BAD_REQUEST', field, `${field} must be an http(s) URL`);
  return v.replace(/\/+$/, '');
}

/** A PEM private key that Node can load, of the kind the provider signs with. */
export function pemPrivateKey(value: unknown, kind: 'rsa' | 'ec', label: string): string {
  if (typeof value !== 'string' || !value.trim())
    throw ApiError.field('BAD_REQUEST', 'privateKey', `${label} is required`);
  // Service-account files keep newlines escaped as \n; pasted keys sometimes do too.
  const pem = value.includes('\\n') ? value.replace(/\\n/g, '\n') : value;
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey(pem);
  } catch {
    throw ApiError.field(
      'BAD_REQUEST',
      'privateKey',
      `${label} is not a PEM private key (-----BEGIN PRIVATE KEY----- …)`,
    );
  }
  if (key.asymmetricKeyType !== kind)
    throw ApiError.field(
      'BAD_REQUEST',
      'privateKey',
      `${label} must be an ${kind.toUpperCase()} key; this one is ${key.asymmetricKeyType}`,
    );
  return pem.trim();
}

/** The client email and key of a service account, checked; `current` keeps a stored key the form left out or sent back masked. */
export function serviceAccountCredentials(
  input: Input,
  current?: { private_key?: unknown },
): { client_email: string; private_key: string } {
  const keepKey =
    current &&
    (input.privateKey === undefined || input.privateKey === '' || input.privateKey === maskSecret(current.private_key));
  return {
    client_email: requiredText(input, 'clientEmail', 'Client email', EMAIL),
    private_key: keepKey
      ? String(current.private_key)
      : pemPrivateKey(input.privateKey, 'rsa', 'The service account private key'),
  };
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/**
 * Access tokens of one service account for one scope, kept until a minute before they expire so a
 * burst of pushes or purchase checks trades the key once.
 */
export class GoogleAccessToken {
  private token?: { value: string; expires: number };

  constructor(
    private readonly account: ServiceAccount,
    private readonly scope: string,
    private readonly allowPrivate: boolean,
    /** Names the service in errors ("FCM", "Google Play"). */
    private readonly service: string,
  ) {}

  async get(): Promise<string> {
    if (this.token && this.token.expires > Date.now() + 60_000) return this.token.value;
    const tokenUri = this.account.token_uri ?? GOOGLE_TOKEN_URI;
    const iat = Math.floor(Date.now() / 1000);
    const unsigned = `${b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }))}.${b64url(
      JSON.stringify({
        iss: this.account.client_email,
        scope: this.scope,
        aud: tokenUri,
        iat,
        exp: iat + 3600,
      }),
    )}`;
    const signature = crypto.sign('RSA-SHA256', Buffer.from(unsigned), this.account.private_key);
    const res = await requestRemote(tokenUri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        assertion: `${unsigned}.${b64url(signature)}`,
      }).toString(),
      allowPrivate: this.allowPrivate,
    });
    if (res.status < 200 || res.status >= 300)
      throw new Error(`${this.service} authorisation refused: ${`${res.status} ${res.text.slice(0, 500)}`.trim()}`);
    let body: { access_token?: unknown; expires_in?: unknown };
    try {
      body = JSON.parse(res.text) as typeof body;
    } catch {
      throw new Error(`${this.service} authorisation answered something other than JSON`);
    }
    if (typeof body.access_token !== 'string')
      throw new Error(`${this.service} authorisation answered no access token`);
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : 3600;
    this.token = { value: body.access_token, expires: Date.now() + seconds * 1000 };
    return this.token.value;
  }
}
