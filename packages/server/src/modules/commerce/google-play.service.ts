import type { GooglePlaySettings } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';

import {
  GoogleAccessToken,
  maskSecret,
  optionalUrl,
  serviceAccountCredentials,
  serviceAccountInput,
} from '../../http/google-service-account.js';
import { RemoteRequestError, requestRemote } from '../../http/remote-fetch.js';
import { SecretBox } from '../../http/secret-box.js';
import { CommerceRepo } from './commerce.repo.js';

/** What is stored per app (sealed); the names follow Google's service-account file. */
interface GooglePlayConfig {
  client_email: string;
  private_key: string;
  token_uri?: string;
  endpoint?: string;
}

const GOOGLE_PLAY_API = 'https://androidpublisher.googleapis.com';
const SCOPE = 'https://www.googleapis.com/auth/androidpublisher';

/** Android application ids (`com.example.app`), Play product and subscription ids, purchase tokens. */
const PACKAGE = /^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$/;
const PRODUCT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,149}$/;
const TOKEN = /^[A-Za-z0-9._:-]{1,4096}$/;

export type PlayCall =
  | { kind: 'product'; packageName: string; productId: string; token: string }
  | { kind: 'subscription' | 'cancel'; packageName: string; subscriptionId: string; token: string };

function checked(value: string, pattern: RegExp, what: string): string {
  if (value.length > 4096 || !pattern.test(value))
    throw new ApiError('BAD_REQUEST', `${what} is not valid: '${value.slice(0, 80)}'`);
  return value;
}

/**
 * Google Play purchase checks for the app API's Commerce group: the app's service account (stored
 * encrypted, set in the console's mobile settings) authorises calls to the Google Play Developer
 * API, and Google's answer is passed through as the SDK expects. Nothing is cached but the access
 * token, keyed by the configuration's save time, so a replaced account is used at once.
 */
export class GooglePlayService {
  private readonly repo: CommerceRepo;
  private readonly secrets: SecretBox;
  private readonly tokens = new Map<string, { updated: number; token: GoogleAccessToken }>();

  constructor(private readonly ctx: ServerContext) {
    this.repo = new CommerceRepo(ctx.dbs);
    this.secrets = new SecretBox(ctx.config.dataDir);
  }

  private async stored(appId: string): Promise<{ cfg: GooglePlayConfig; updated: number } | undefined> {
    const row = await this.repo.googlePlay(appId);
    return row
      ? { cfg: JSON.parse(this.secrets.open(row.config)) as GooglePlayConfig, updated: row.updated }
      : undefined;
  }

  async settings(appId: string): Promise<GooglePlaySettings | null> {
    const s = await this.stored(appId);
    if (!s) return null;
    return {
      clientEmail: s.cfg.client_email,
      privateKey: maskSecret(s.cfg.private_key),
      endpoint: s.cfg.endpoint ?? null,
      tokenUri: s.cfg.token_uri ?? null,
      updated: s.updated,
    };
  }

  /** Saves the service account; a form that leaves the key out (or sends the mask back) keeps the stored one. */
  async save(appId: string, body: Record<string, unknown>): Promise<GooglePlaySettings> {
    const current = await this.stored(appId);
    const input = serviceAccountInput(body ?? {}, 'Google Cloud service-account JSON file');
    const cfg: GooglePlayConfig = {
      ...serviceAccountCredentials(input, current?.cfg),
      token_uri: optionalUrl(input, 'tokenUri'),
      endpoint: optionalUrl(input, 'endpoint'),
    };
    await this.repo.saveGooglePlay(appId, this.secrets.seal(JSON.stringify(cfg)), Date.now());
    return (await this.settings(appId))!;
  }

  async remove(appId: string): Promise<{ deleted: boolean }> {
    if (!(await this.repo.deleteGooglePlay(appId)))
      throw ApiError.notFound('No Google Play service account is stored for this app');
    this.tokens.delete(appId);
    return { deleted: true };
  }

  private accessToken(appId: string, stored: { cfg: GooglePlayConfig; updated: number }): GoogleAccessToken {
    const kept = this.tokens.get(appId);
    if (kept && kept.updated === stored.updated) return kept.token;
    const token = new GoogleAccessToken(stored.cfg, SCOPE, this.ctx.config.remoteFetchPrivate, 'Google Play');
    this.tokens.set(appId, { updated: stored.updated, token });
    return token;
  }

  /** One call of the Google Play Developer API for the app; Google's answer is the result. */
  async call(appId: string, c: PlayCall): Promise<unknown> {
    const pkg = encodeURIComponent(checked(c.packageName, PACKAGE, 'The package name'));
    const token = encodeURIComponent(checked(c.token, TOKEN, 'The purchase token'));
    const stored = await this.stored(appId);
    if (!stored)
      throw new ApiError(
        'BAD_REQUEST',
        'Google Play is not configured for this app: add its service account in the console (Settings › Mobile › Google Play)',
      );
    const base = `${stored.cfg.endpoint ?? GOOGLE_PLAY_API}/androidpublisher/v3/applications/${pkg}/purchases`;
    const url =
      c.kind === 'product'
        ? `${base}/products/${encodeURIComponent(checked(c.productId, PRODUCT, 'The product id'))}/tokens/${token}`
        : `${base}/subscriptions/${encodeURIComponent(checked(c.subscriptionId, PRODUCT, 'The subscription id'))}/tokens/${token}${c.kind === 'cancel' ? ':cancel' : ''}`;
    let res: { status: number; text: string };
    try {
      const bearer = await this.accessToken(appId, stored).get();
      res = await requestRemote(url, {
        method: c.kind === 'cancel' ? 'POST' : 'GET',
        headers: { authorization: `Bearer ${bearer}` },
        allowPrivate: this.ctx.config.remoteFetchPrivate,
      });
    } catch (err) {
      // The account was refused or Google could not be reached: the app's request was fine. 503, not
      // 502: the backendless SDK reads any 502 as "No connection with server" and drops the message.
      const message = err instanceof RemoteRequestError || err instanceof Error ? err.message : String(err);
      throw new ApiError('STORE_UNAVAILABLE', `Google Play could not be asked: ${message.slice(0, 300)}`);
    }
    const answer = parsed(res.text);
    if (res.status >= 200 && res.status < 300) return answer ?? {};
    const said = googleMessage(answer) ?? res.text.slice(0, 300);
    // Google's 4xx is about the purchase or the account's access; its 5xx is Google's own trouble.
    if (res.status >= 500) throw new ApiError('STORE_UNAVAILABLE', `Google Play answered ${res.status}: ${said}`);
    throw new ApiError('BAD_REQUEST', `Google Play answered ${res.status}: ${said}`);
  }
}

function parsed(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Google APIs answer errors as `{error: {code, message}}`. */
function googleMessage(answer: unknown): string | undefined {
  const e = (answer as { error?: { message?: unknown } } | undefined)?.error;
  return typeof e?.message === 'string' ? e.message.slice(0, 300) : undefined;
}
