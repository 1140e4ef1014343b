import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the local stand-in for Stripe's API received (method, path, form fields). */
export interface StripeCall {
  method: string;
  path: string;
  form: Record<string, string>;
  auth: string | undefined;
}

/**
 * A local HTTP stand-in for the few calls of Stripe's API Basalt makes (customers, Checkout
 * sessions, payment methods). Tests point BASALT_STRIPE_API_URL at it; nothing reaches the network.
 */
export async function startStripeStandIn(): Promise<{
  url: string;
  calls: StripeCall[];
  customers: Map<string, { deleted: boolean; card: Record<string, unknown> | null }>;
  close(): Promise<void>;
}> {
  const calls: StripeCall[] = [];
  const customers = new Map<string, { deleted: boolean; card: Record<string, unknown> | null }>();
  let seq = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const form = Object.fromEntries(new URLSearchParams(body));
      calls.push({ method: req.method ?? '', path: url.pathname, form, auth: req.headers.authorization });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      const customer = /^\/v1\/customers\/([^/]+)$/.exec(url.pathname)?.[1];
      if (req.method === 'POST' && url.pathname === '/v1/customers') {
        const id = `cus_test${++seq}`;
        customers.set(id, { deleted: false, card: null });
        return send(200, { id, object: 'customer', email: form.email });
      }
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions')
        return send(200, { id: `cs_test${++seq}`, url: `https://checkout.stripe.test/c/pay/cs_test${seq}` });
      if (customer && req.method === 'POST') return send(200, { id: customer, object: 'customer' });
      if (customer && req.method === 'DELETE') {
        const c = customers.get(customer);
        if (c) c.deleted = true;
        return send(200, { id: customer, deleted: true });
      }
      if (customer && req.method === 'GET') {
        const c = customers.get(customer);
        if (!c) return send(404, { error: { message: 'No such customer' } });
        return send(200, c.deleted ? { id: customer, deleted: true } : { id: customer, object: 'customer' });
      }
      if (req.method === 'GET' && url.pathname === '/v1/payment_methods') {
        const c = customers.get(url.searchParams.get('customer') ?? '');
        return send(200, { data: c?.card ? [{ id: 'pm_1', card: c.card }] : [] });
      }
      send(404, { error: { message: `No stand-in for ${req.method} ${url.pathname}` } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    customers,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
