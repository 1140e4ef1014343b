import crypto from 'node:crypto';
import { ApiError } from '../../http/api-error.js';

/** How far a signed webhook's time may be from now (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_S = 300;

/**
 * Checks a `Stripe-Signature` header (`t=<unix s>,v1=<hex>[,v1=…]`) over the raw body: one `v1`
 * must equal HMAC-SHA256(secret, `<t>.<body>`) and `t` must be within the tolerance. Answers
 * nothing; throws a 400 naming what is wrong.
 */
export function verifyStripeSignature(
  header: string | undefined,
  rawBody: Buffer,
  secret: string,
  nowS = Math.floor(Date.now() / 1000),
): void {
  if (!header) throw ApiError.badRequest('The Stripe-Signature header is missing');
  let t: number | undefined;
  const v1: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const k = part.slice(0, eq).trim();
    const v = part.slice(eq + 1).trim();
    if (k === 't' && /^\d{1,12}$/.test(v)) t = Number(v);
    else if (k === 'v1' && /^[0-9a-f]{64}$/i.test(v)) v1.push(v.toLowerCase());
  }
  if (t === undefined || v1.length === 0)
    throw ApiError.badRequest('The Stripe-Signature header has no timestamp or no v1 signature');
  if (Math.abs(nowS - t) > SIGNATURE_TOLERANCE_S)
    throw ApiError.badRequest('The Stripe-Signature timestamp is outside the tolerance of 5 minutes');
  const expected = crypto.createHmac('sha256', secret).update(`${t}.`).update(rawBody).digest();
  const ok = v1.some((sig) => {
    const given = Buffer.from(sig, 'hex');
    return given.length === expected.length && crypto.timingSafeEqual(given, expected);
  });
  if (!ok) throw ApiError.badRequest('The Stripe-Signature does not match the body');
}

/** Signs a body as Stripe does (for tests and local tools). */
export function stripeSignature(body: string | Buffer, secret: string, t = Math.floor(Date.now() / 1000)): string {
  const sig = crypto.createHmac('sha256', secret).update(`${t}.`).update(body).digest('hex');
  return `t=${t},v1=${sig}`;
}

/** Form encoding of Stripe's API (`a[b]=c`). */
function form(params: Record<string, string | Record<string, string>>): string {
  const out = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (typeof v === 'string') out.append(k, v);
    else for (const [k2, v2] of Object.entries(v)) out.append(`${k}[${k2}]`, v2);
  }
  return out.toString();
}

export interface StripeCard {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * The few calls of Stripe's API that Basalt makes, against the configured base URL (a local
 * stand-in in tests). Card data never passes through: the card is entered on Stripe's Checkout page.
 */
export class StripeClient {
  constructor(
    private readonly apiUrl: string,
    private readonly secretKey: string,
  ) {}

  private async call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: string): Promise<any> {
    let res: Response;
    try {
      res = await fetch(`${this.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.secretKey}`,
          ...(body !== undefined ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        ...(body !== undefined ? { body } : {}),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      throw new ApiError('BAD_GATEWAY', `Stripe could not be reached: ${(err as Error).message}`);
    }
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // A non-JSON answer is reported below.
    }
    if (res.status === 404 && method !== 'POST') return null;
    if (!res.ok || !json)
      throw new ApiError(
        'BAD_GATEWAY',
        `Stripe answered ${res.status}: ${String(json?.error?.message ?? text).slice(0, 300)}`,
      );
    return json;
  }

  async createCustomer(input: { name: string; email: string; profileId: string }): Promise<string> {
    const c = await this.call(
      'POST',
      '/v1/customers',
      form({ name: input.name, email: input.email, metadata: { basaltProfileId: input.profileId } }),
    );
    return String(c.id);
  }

  async updateCustomer(id: string, input: { name: string; email: string }): Promise<void> {
    await this.call('POST', `/v1/customers/${encodeURIComponent(id)}`, form({ name: input.name, email: input.email }));
  }

  async deleteCustomer(id: string): Promise<void> {
    await this.call('DELETE', `/v1/customers/${encodeURIComponent(id)}`);
  }

  /** A Checkout session in setup mode: the page where the customer enters a card. */
  async setupSession(customer: string, returnUrl: string): Promise<string> {
    const s = await this.call(
      'POST',
      '/v1/checkout/sessions',
      form({
        mode: 'setup',
        customer,
        currency: 'usd',
        'payment_method_types[0]': 'card',
        success_url: `${returnUrl}?setup=done`,
        cancel_url: `${returnUrl}?setup=cancelled`,
      }),
    );
    return String(s.url);
  }

  /** Whether the customer still exists, and its first card (for the daily reconciliation). */
  async customerState(id: string): Promise<{ deleted: boolean; card: StripeCard | null }> {
    const c = await this.call('GET', `/v1/customers/${encodeURIComponent(id)}`);
    if (!c || c.deleted) return { deleted: true, card: null };
    const pms = await this.call('GET', `/v1/payment_methods?customer=${encodeURIComponent(id)}&type=card&limit=1`);
    const card = pms?.data?.[0]?.card;
    return { deleted: false, card: card ? cardOf(card) : null };
  }
}

/** Stripe's card object as Basalt keeps it (brand, last digits, expiry). */
export function cardOf(card: any): StripeCard {
  return {
    brand: String(card.brand ?? 'card').slice(0, 32),
    last4: String(card.last4 ?? '').slice(0, 4),
    expMonth: Number(card.exp_month) || 0,
    expYear: Number(card.exp_year) || 0,
  };
}
