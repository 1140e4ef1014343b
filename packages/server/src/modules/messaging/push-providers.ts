import crypto from 'node:crypto';
import http2 from 'node:http2';
import { ApiError } from '../../http/api-error.js';
import { guardedLookup, refusedLiteral, requestRemote } from '../../http/remote-fetch.js';
import { GoogleAccessToken } from '../../http/google-service-account.js';

/**
 * How providers reach the network. Configurations may point a provider at another endpoint (a
 * proxy, a local stand-in); those are server-side requests chosen by a developer, so they obey the
 * rules of server downloads: no private addresses unless `BASALT_REMOTE_FETCH_PRIVATE` is set.
 */
export interface ProviderNetwork {
  allowPrivate: boolean;
}

/** One push notification to one device, as the outbox holds it. */
export interface PushDelivery {
  deviceToken: string;
  os: string;
  payload: { title?: string; body?: string; data?: Record<string, unknown>; options?: Record<string, unknown> };
}

export type DeliveryResult = { ok: true } | { ok: false; error: string };

/** A push service (FCM, APNs). Deliveries without a configured provider wait in the outbox. */
export interface PushProvider {
  readonly name: ProviderName;
  send(delivery: PushDelivery): Promise<DeliveryResult>;
}

export type ProviderName = 'FCM' | 'APNS';
export const PROVIDERS: ProviderName[] = ['FCM', 'APNS'];

/** Apple platforms go through APNs; Android, web and the rest through FCM. */
export function providerForOs(os: string): ProviderName {
  return os === 'IOS' || os === 'OSX' ? 'APNS' : 'FCM';
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

function str(cfg: Record<string, unknown>, key: string, required = true): string | undefined {
  const v = cfg[key];
  if (typeof v === 'string' && v.trim()) return v;
  if (required) throw ApiError.field('BAD_REQUEST', key, `Push configuration needs '${key}'`);
  return undefined;
}

/** Checks a provider configuration before it is stored; answers it normalised. */
export function validateProviderConfig(provider: string, cfg: unknown): Record<string, unknown> {
  if (!cfg || typeof cfg !== 'object' || Array.isArray(cfg))
    throw ApiError.badRequest('Push configuration must be an object');
  const c = cfg as Record<string, unknown>;
  if (provider === 'FCM') {
    // A Firebase service-account JSON file, as downloaded from the Firebase console.
    return {
      project_id: str(c, 'project_id'),
      client_email: str(c, 'client_email'),
      private_key: str(c, 'private_key'),
      token_uri: str(c, 'token_uri', false),
      endpoint: str(c, 'endpoint', false),
    };
  }
  if (provider === 'APNS') {
    return {
      keyId: str(c, 'keyId'),
      teamId: str(c, 'teamId'),
      privateKey: str(c, 'privateKey'),
      bundleId: str(c, 'bundleId'),
      production: c.production === true,
      endpoint: str(c, 'endpoint', false),
    };
  }
  throw ApiError.badRequest(`Unknown push provider '${provider}': use FCM or APNS`);
}

const errorText = (res: { status: number; text: string }) => `${res.status} ${res.text.slice(0, 500)}`.trim();
const ok = (status: number) => status >= 200 && status < 300;

/** Firebase Cloud Messaging, HTTP v1 API, authorised with a service account (OAuth JWT bearer). */
export class FcmProvider implements PushProvider {
  readonly name = 'FCM' as const;
  private readonly token: GoogleAccessToken;

  constructor(
    private readonly cfg: Record<string, unknown>,
    private readonly network: ProviderNetwork,
  ) {
    const account = {
      client_email: String(cfg.client_email),
      private_key: String(cfg.private_key),
      token_uri: cfg.token_uri ? String(cfg.token_uri) : undefined,
    };
    this.token = new GoogleAccessToken(
      account,
      'https://www.googleapis.com/auth/firebase.messaging',
      network.allowPrivate,
      'FCM',
    );
  }

  async send(d: PushDelivery): Promise<DeliveryResult> {
    const endpoint = String(this.cfg.endpoint ?? 'https://fcm.googleapis.com');
    // FCM data values must be strings.
    const data = Object.fromEntries(
      Object.entries(d.payload.data ?? {}).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    );
    const message = {
      token: d.deviceToken,
      notification: { title: d.payload.title, body: d.payload.body },
      ...(Object.keys(data).length ? { data } : {}),
      ...(d.payload.options ? { android: d.payload.options } : {}),
    };
    const res = await requestRemote(
      `${endpoint}/v1/projects/${encodeURIComponent(String(this.cfg.project_id))}/messages:send`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${await this.token.get()}`, 'content-type': 'application/json' },
        body: JSON.stringify({ message }),
        allowPrivate: this.network.allowPrivate,
      },
    );
    return ok(res.status) ? { ok: true } : { ok: false, error: errorText(res) };
  }
}

/** Apple Push Notification service over HTTP/2, authorised with a token key (.p8, ES256). */
export class ApnsProvider implements PushProvider {
  readonly name = 'APNS' as const;
  private jwt?: { value: string; issued: number };

  constructor(
    private readonly cfg: Record<string, unknown>,
    private readonly network: ProviderNetwork,
  ) {}

  private token(): string {
    // Apple refuses tokens older than an hour and throttles ones renewed too often: 50 minutes.
    if (this.jwt && Date.now() - this.jwt.issued < 50 * 60_000) return this.jwt.value;
    const unsigned = `${b64url(JSON.stringify({ alg: 'ES256', kid: this.cfg.keyId }))}.${b64url(JSON.stringify({ iss: this.cfg.teamId, iat: Math.floor(Date.now() / 1000) }))}`;
    const signature = crypto.sign('sha256', Buffer.from(unsigned), {
      key: String(this.cfg.privateKey),
      dsaEncoding: 'ieee-p1363',
    });
    this.jwt = { value: `${unsigned}.${b64url(signature)}`, issued: Date.now() };
    return this.jwt.value;
  }

  send(d: PushDelivery): Promise<DeliveryResult> {
    const origin = String(
      this.cfg.endpoint ?? (this.cfg.production ? 'https://api.push.apple.com' : 'https://api.sandbox.push.apple.com'),
    );
    const body = JSON.stringify({
      aps: { alert: { title: d.payload.title, body: d.payload.body }, ...(d.payload.options ?? {}) },
      ...(d.payload.data ?? {}),
    });
    let host: string;
    try {
      host = new URL(origin).hostname;
    } catch {
      return Promise.resolve({ ok: false, error: `APNs endpoint is not a valid URL: ${origin.slice(0, 100)}` });
    }
    const literal = refusedLiteral(host, this.network.allowPrivate);
    if (literal)
      return Promise.resolve({ ok: false, error: `${literal} (private addresses need BASALT_REMOTE_FETCH_PRIVATE)` });
    return new Promise((resolve) => {
      // The lookup refuses private addresses when connecting (a name cannot resolve its way in).
      const session = http2.connect(origin, { lookup: guardedLookup(this.network.allowPrivate) });
      const finish = (result: DeliveryResult) => {
        session.close();
        resolve(result);
      };
      session.on('error', (err) => finish({ ok: false, error: `APNs connection failed: ${err.message}` }));
      const req = session.request({
        ':method': 'POST',
        ':path': `/3/device/${encodeURIComponent(d.deviceToken)}`,
        authorization: `bearer ${this.token()}`,
        'apns-topic': String(this.cfg.bundleId),
        'apns-push-type': 'alert',
        'content-type': 'application/json',
      });
      let status = 0;
      let text = '';
      req.setEncoding('utf8');
      req.on('response', (headers) => {
        status = Number(headers[':status']);
      });
      req.on('data', (chunk: string) => {
        text += chunk;
      });
      req.on('end', () =>
        finish(status === 200 ? { ok: true } : { ok: false, error: `${status} ${text.slice(0, 500)}`.trim() }),
      );
      req.on('error', (err) => finish({ ok: false, error: err.message }));
      req.setTimeout(15_000, () => {
        req.close();
        finish({ ok: false, error: 'APNs did not answer within 15 s' });
      });
      req.end(body);
    });
  }
}

export function createProvider(
  name: string,
  cfg: Record<string, unknown>,
  network: ProviderNetwork,
): PushProvider | undefined {
  if (name === 'FCM') return new FcmProvider(cfg, network);
  if (name === 'APNS') return new ApnsProvider(cfg, network);
  return undefined;
}
