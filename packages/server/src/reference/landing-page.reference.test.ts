import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { startTestServer, testDbKinds, type TestServer, listenForClients } from '../test-helpers.js';

// The published reference client on the landing page rows of `settings`: templates, save,
// image upload, publish; the published page read back from the app's web files URL.
const require = createRequire(import.meta.url);
const ConsoleSDK = require('backendless-console-sdk');
const createClient: (serverUrl: string, authKey?: string, options?: object) => any = ConsoleSDK.createClient;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

for (const kind of testDbKinds()) {
  describe(`published backendless-console-sdk@3.0.0: landing page [${kind}]`, () => {
    let server: TestServer;
    let url: string;
    let client: any;
    let appId: string;
    let authKey: string;
    let jsKey: string;
    let tmp: string;

    /** A file of the app's web folder as a browser gets it, with the app's JS key. */
    const web = (file: string) => fetch(`${url}/${appId}/${jsKey}/files/web/${file}`);

    beforeAll(async () => {
      server = await startTestServer(kind);
      url = await listenForClients(server);
      client = createClient(url);
      const email = `reflanding${Date.now()}@example.com`;
      await client.user.register({ email, password: 'reference password 1' });
      authKey = (await client.user.login(email, 'reference password 1')).authKey;
      appId = (await client.apps.createApp({ appName: 'RefLanding' })).id;
      jsKey = (await client.settings.getAppSettings(appId)).apiKeysMap.JS;
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'landing-'));
      fs.writeFileSync(path.join(tmp, 'photo.png'), PNG);
    });
    afterAll(async () => {
      await server?.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    });

    it('offers at least two templates and answers the first one’s content before anything is saved', async () => {
      const templates = await client.settings.getLandingPageTemplates(appId);
      expect(templates.length).toBeGreaterThanOrEqual(2);
      expect(templates.map((t: { id: string }) => t.id)).toEqual(expect.arrayContaining(['classic', 'split']));
      const page = await client.settings.getLandingPageData(appId);
      expect(page).toMatchObject({ updated: null, published: null, path: 'web/index.html' });
      expect(page.content).toEqual(templates[0].defaults);
    });

    it('saves, uploads an image, publishes, and the app serves the page and the image from its web files', async () => {
      const saved = await client.settings.saveLandingPageData(appId, {
        template: 'split',
        title: 'Fresh <bread> daily',
        subtitle: 'Order before 9',
        primaryColor: '#aa3300',
      });
      expect(saved.content).toMatchObject({ template: 'split', title: 'Fresh <bread> daily', primaryColor: '#aa3300' });
      expect(saved.published).toBeNull();
      // Saved only: nothing is published yet.
      expect((await web('index.html')).status).toBe(404);

      const image = await client.settings.uploadLandingPageFile(
        appId,
        fs.createReadStream(path.join(tmp, 'photo.png')),
        'hero',
        'photo.png',
      );
      expect(image).toEqual({ path: 'web/landing/hero/photo.png', url: 'landing/hero/photo.png' });

      const published = await client.settings.publishLandingPageData(appId, { image: image.url });
      expect(published.published).toEqual(expect.any(Number));
      expect(published.content).toMatchObject({ title: 'Fresh <bread> daily', image: 'landing/hero/photo.png' });

      const res = await web('index.html');
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain('<h1>Fresh &lt;bread&gt; daily</h1>');
      expect(html).toContain('<img class="image" src="landing/hero/photo.png"');
      expect(html).toContain('--primary:#aa3300');
      expect(html).not.toMatch(/<script/i);
      const img = await web('landing/hero/photo.png');
      expect(img.status).toBe(200);
      expect(Buffer.from(await img.arrayBuffer())).toEqual(PNG);
    });

    it('refuses bad content and bad uploads with a 400 naming the problem, and changes nothing', async () => {
      const before = await client.settings.getLandingPageData(appId);
      const refused = async (data: object, message: RegExp) =>
        expect(client.settings.publishLandingPageData(appId, data)).rejects.toMatchObject({
          status: 400,
          message: expect.stringMatching(message),
        });
      await refused({ primaryColor: 'red' }, /'primaryColor' is a colour like #3b5bdb/);
      await refused({ buttonUrl: 'javascript:alert(1)' }, /'buttonUrl' is an http\(s\) URL or a path relative/);
      await refused({ image: '../../secret.png' }, /'image' stays inside the web folder/);
      await refused({ template: 'nope' }, /'nope' is not a template/);
      await refused({ title: '  ' }, /'title' is needed/);
      expect(await client.settings.getLandingPageData(appId)).toEqual(before);

      // Our SDK, with bytes: a name that leaves the folder, a section with a slash, a non-image.
      const basalt = createBasaltClient(url, authKey).settings;
      await expect(basalt.uploadLandingPageFile(appId, PNG, 'hero', '../../index.html')).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/is one file name, without \/ or \.\./),
      });
      await expect(basalt.uploadLandingPageFile(appId, PNG, 'a/b', 'x.png')).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/'a\/b' is a section name/),
      });
      await expect(basalt.uploadLandingPageFile(appId, PNG, 'hero', 'run.js')).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/'run.js' is not an image/),
      });
      expect((await web('index.html')).status).toBe(200);
      const ok = await basalt.uploadLandingPageFile(appId, PNG, 'logo', 'mark.png');
      expect(ok.url).toBe('landing/logo/mark.png');
      expect((await web('landing/logo/mark.png')).status).toBe(200);
    });
  });
}
