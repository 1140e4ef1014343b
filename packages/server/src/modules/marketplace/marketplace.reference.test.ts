import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, listenForClients, registerDeveloper, type TestDeveloper } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';

const require = createRequire(import.meta.url);
const createClient: (serverUrl: string, authKey?: string) => any = require('backendless-console-sdk').createClient;
const OPERATOR = 'market-operator@example.com';

describeEachDb(
  'Marketplace through the published console client',
  (server) => {
    let url: string;
    let op: TestDeveloper;
    let author: TestDeveloper;
    let f: AppFixture;

    beforeAll(async () => {
      url = await listenForClients(server());
      op = await registerDeveloper(server(), OPERATOR);
      author = await registerDeveloper(server());
      f = await appFixture(server());
    });

    it('publish, reject with a bare reason, approve, allocate and install a UI component with the reference names', async () => {
      const mine = createClient(url, author.authKey).marketplace;
      const operator = createClient(url, op.authKey).marketplace;
      const buyer = createClient(url, f.dev.authKey);
      const product = await mine.publishProduct({
        name: 'Clock',
        kind: 'ui-component',
        version: '1.0.0',
        files: [{ path: 'index.js', content: 'export default () => new Date().toISOString();' }],
      });
      expect(product).toMatchObject({ status: 'pending', name: 'Clock' });
      await expect(buyer.marketplace.getProduct(product.id)).rejects.toMatchObject({ status: 404 });
      expect(await operator.rejectProduct(product.id, 'Show the time zone')).toMatchObject({
        status: 'rejected',
        reason: 'Show the time zone',
      });
      await mine.publishProduct({
        productId: product.id,
        name: 'Clock',
        kind: 'ui-component',
        version: '1.1.0',
        files: [{ path: 'index.js', content: 'export default () => new Date().toString();' }],
      });
      expect((await operator.getSubmissions()).length).toBe(0);
      expect(await operator.approveProduct(product.id)).toMatchObject({ status: 'approved', version: '1.1.0' });
      expect((await buyer.marketplace.getProducts({ search: 'clo' })).map((p: any) => p.id)).toEqual([product.id]);
      expect((await buyer.marketplace.getCategories()).find((c: any) => c.id === 'ui-component').products).toBe(1);
      expect(await buyer.marketplace.isAppProductPurchased(f.appId, product.id)).toBe(false);
      expect(await buyer.marketplace.allocateAppProduct(f.appId, product.id, {})).toMatchObject({ price: 0 });
      expect(await buyer.marketplace.isAppProductPurchased(f.appId, product.id)).toBe(true);
      await buyer.uiBuilder.init(f.appId);
      expect(await buyer.uiBuilder.installComponentFromMarketplace(f.appId, 'default', product.id, {})).toMatchObject({
        target: 'ui-builder:default',
        version: '1.1.0',
      });
      expect((await buyer.marketplace.getAppInstalls(f.appId)).map((i: any) => i.productId)).toEqual([product.id]);
      expect((await mine.getDeveloperProductSales()).map((s: any) => [s.productId, s.sales])).toEqual([
        [product.id, 1],
      ]);
      expect(await mine.removeProduct(product.id, 'Retired')).toEqual({ success: true });
      await expect(buyer.marketplace.getProduct(product.id)).rejects.toMatchObject({ status: 404 });
    });
  },
  { admins: [OPERATOR] },
);
