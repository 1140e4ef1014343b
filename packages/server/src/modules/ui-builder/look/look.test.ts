import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb, listenForClients } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

/** The first bytes of a PNG of `size`×`size` (the server reads the type and size from them), padded. */
function png(size: number, bytes = 200): Buffer {
  const b = Buffer.alloc(Math.max(bytes, 33));
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(b, 0);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(size, 16);
  b.writeUInt32BE(size, 20);
  return b;
}

function multipart(field: string, filename: string, type: string, data: Buffer) {
  const boundary = '----basalt' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload };
}

const page = (children: unknown[]) => ({ dataSources: [], children });

describeEachDb('UI Builder: themes, styles, i18n, settings and PWA (decision 0086)', (server) => {
  let f: AppFixture;
  let ui: any;
  let themeId: string;
  const C = (rest = '') => `/${f.appId}/console/ui-builder/containers/look${rest}`;
  const put = (path: string, body: unknown) => server().call('PUT', path, { authKey: f.dev.authKey, body });

  beforeAll(async () => {
    const consoleUrl = await listenForClients(server());
    f = await appFixture(server());
    ui = createReferenceClient(consoleUrl, f.dev.authKey).uiBuilder;
    await ui.init(f.appId);
    await ui.createContainer(f.appId, { name: 'look' });
  });

  it('keeps a theme library through the reference client: create, style, publish, apply; the remote catalogue is empty', async () => {
    expect(await ui.searchThemes(f.appId)).toEqual([]);
    const theme = await ui.createTheme(f.appId, { name: 'Brand', variables: { primary: '#c0ffee' } });
    themeId = theme.id;
    expect(theme).toMatchObject({ name: 'Brand', version: 0, variables: { primary: '#c0ffee' } });
    expect(await ui.updateThemeStyle(f.appId, themeId, '@c: #123456;\n.brand { color: @c; }')).toEqual({
      content: '@c: #123456;\n.brand { color: @c; }',
    });
    expect((await ui.loadThemeStyle(f.appId, themeId)).content).toContain('.brand');
    expect((await ui.publishTheme(f.appId, themeId, {})).version).toBe(1);
    expect((await ui.loadThemes(f.appId)).map((t: any) => t.name)).toEqual(['Brand']);
    const settings = await ui.applyContainerTheme(f.appId, 'look', { id: themeId });
    expect(settings.theme).toEqual({ id: themeId, name: 'Brand' });

    // Bad input: a value that would leave its declaration, an unknown variable, a taken name, a bad sheet.
    const base = `/${f.appId}/console/ui-builder/library/themes`;
    const bad = await server().call('PUT', `${base}/${themeId}`, {
      authKey: f.dev.authKey,
      body: { variables: { primary: 'red;}body{display:none' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('primary');
    const odd = await server().call('POST', base, {
      authKey: f.dev.authKey,
      body: { name: 'X', variables: { glow: '1' } },
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toContain('glow');
    expect((await server().call('POST', base, { authKey: f.dev.authKey, body: { name: 'Brand' } })).statusCode).toBe(
      409,
    );
    const broken = await put(`${base}/${themeId}/style`, { content: '.a {\n  color: @missing;\n}' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/line 2, column \d+/);
    expect((await server().call('DELETE', `${base}/nope`, { authKey: f.dev.authKey })).statusCode).toBe(404);
  });

  it('compiles container styles with imports off: remote and file imports, errors and huge sheets are 400s', async () => {
    const saved = await ui.updateContainerStyle(f.appId, 'look', 'main', {
      content: '@pad: 3px;\n.box { padding: @pad; }',
    });
    expect(saved).toMatchObject({ name: 'main', type: 'less' });
    await ui.updateContainerStyle(f.appId, 'look', 'plain', { content: '.plain{margin:0}', type: 'css' });
    expect((await ui.loadContainerStyles(f.appId, 'look')).map((s: any) => s.name)).toEqual(['main', 'plain']);
    expect((await ui.loadContainerStyle(f.appId, 'look', 'main')).content).toContain('@pad');

    const remote = await put(C('/styles/evil'), {
      content: '.a{b:c}\n@import (css) url("https://evil.example/x.css");',
    });
    expect(remote.statusCode).toBe(400);
    expect(remote.json().message).toContain('remote imports are off');
    expect(remote.json().message).toContain('https://evil.example/x.css');
    expect(remote.json().message).toContain('line 2');
    const remoteLess = await put(C('/styles/evil'), { content: '@import "//cdn.example/a.less";' });
    expect(remoteLess.statusCode).toBe(400);
    expect(remoteLess.json().message).toContain('//cdn.example/a.less');
    const file = await put(C('/styles/evil'), { content: '@import "../../../../etc/passwd";' });
    expect(file.statusCode).toBe(400);
    expect(file.json().message).toContain('imports are off');
    const plugin = await put(C('/styles/evil'), { content: '@plugin "plugin"; .a{b:c}' });
    expect(plugin.statusCode).toBe(400);
    const error = await put(C('/styles/evil'), { content: '.a {\n  color: red;\n  .b { width: ~"x" + ; }\n' });
    expect(error.statusCode).toBe(400);
    expect(error.json().message).toMatch(/line \d+, column \d+/);
    expect(error.json().details.location.line).toBeGreaterThan(0);
    const huge = await put(C('/styles/huge'), { content: `.a{b:c}${' '.repeat(300 * 1024)}` });
    expect(huge.statusCode).toBe(400);
    const badName = await put(C('/styles/..%2Fx'), { content: '.a{}' });
    expect(badName.statusCode).toBe(400);
    expect((await ui.loadContainerStyles(f.appId, 'look')).map((s: any) => s.name)).toEqual(['main', 'plain']);
  });

  it('keeps dictionaries and keys: unknown $t keys are 400 on save, renames reach the documents, used keys stay', async () => {
    let i18n = await ui.saveContainerI18n(f.appId, 'look', 'en', { hello: 'Hello', bye: 'Goodbye', unused: 'x' });
    expect(i18n.defaultI18n).toBe('en');
    i18n = await ui.saveContainerI18n(f.appId, 'look', 'fr', { hello: 'Bonjour {name}' });
    expect(Object.keys(i18n.dictionaries)).toEqual(['en', 'fr']);

    const unknown = await put(
      C('/pages/landing/ui'),
      page([{ uid: 't1', type: 'Text', props: { text: { $t: 'nowhere' } } }]),
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('nowhere');

    await ui.updatePageUI(
      f.appId,
      'look',
      'landing',
      page([
        { uid: 't1', type: 'Text', props: { text: { $t: 'hello', args: { name: 'Ada' } } }, classList: ['box'] },
        { uid: 't2', type: 'Text', props: { text: { $t: 'bye' } } },
      ]),
    );
    i18n = await ui.renameContainerI18nKey(f.appId, 'look', 'bye', 'farewell');
    expect(i18n.dictionaries.en).toEqual({ hello: 'Hello', farewell: 'Goodbye', unused: 'x' });
    expect(JSON.stringify(await ui.getPageUI(f.appId, 'look', 'landing'))).toContain('"$t":"farewell"');
    expect((await put(C('/i18n/key/hello/rename?newKeyName=farewell'), {})).statusCode).toBe(409);
    expect((await put(C('/i18n/key/missing/rename?newKeyName=x'), {})).statusCode).toBe(404);

    const used = await server().call('DELETE', C('/i18n/key'), {
      authKey: f.dev.authKey,
      body: ['unused', 'farewell'],
    });
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toContain('farewell');
    i18n = await ui.deleteContainerI18nKeys(f.appId, 'look', ['unused']);
    expect(i18n.dictionaries.en).toEqual({ hello: 'Hello', farewell: 'Goodbye' });

    i18n = await ui.updateContainerI18nKey(f.appId, 'look', 'hello', { en: 'Hello {name}' });
    expect(i18n.dictionaries.en.hello).toBe('Hello {name}');
    expect((await put(C('/i18n'), { defaultI18n: 'de' })).statusCode).toBe(400);
    expect((await put(C('/i18n/dictionary/not a lang'), { a: 'b' })).statusCode).toBe(400);
    expect((await put(C('/i18n/dictionary/de'), { 'bad key!': 'b' })).statusCode).toBe(400);
    expect((await server().call('DELETE', C('/i18n/dictionary/en'), { authKey: f.dev.authKey })).statusCode).toBe(409);
    expect((await ui.updateContainerDefaultI18n(f.appId, 'look', 'en')).defaultI18n).toBe('en');
  });

  it('checks settings: head content keeps only allowed tags, libraries are https, meta tags have no http-equiv', async () => {
    const script = await put(C('/custom-head-content'), {
      data: '<meta name="a" content="b"><script>alert(1)</script>',
    });
    expect(script.statusCode).toBe(400);
    expect(script.json().message).toContain('<script>');
    const style = await put(C('/custom-head-content'), { data: '<style>body{}</style>' });
    expect(style.statusCode).toBe(400);
    expect(style.json().message).toContain('<style>');
    const handler = await put(C('/custom-head-content'), { data: '<meta name="a" content="b" onload="x()">' });
    expect(handler.statusCode).toBe(400);
    const http = await put(C('/custom-head-content'), { data: '<link rel="canonical" href="javascript:alert(1)">' });
    expect(http.statusCode).toBe(400);
    const saved = await ui.updateContainerCustomHeadContent(
      f.appId,
      'look',
      '<!-- seo -->\n<meta name="description" content="A &quot;shop&quot;">\n<link rel="canonical" href="https://shop.example/">\n<script type="application/ld+json">{"@type": "Store", "name": "<b>Shop</b>"}</script>',
    );
    expect(saved.customHeadContent).toContain('<meta name="description" content="A &quot;shop&quot;">');
    expect(saved.customHeadContent).toContain('"name":"\\u003cb\\u003eShop\\u003c/b\\u003e"');

    expect((await put(C('/meta-tags'), [{ httpEquiv: 'refresh', content: '0;url=https://x' }])).statusCode).toBe(400);
    expect(
      (await ui.updateContainerMetaTags(f.appId, 'look', [{ property: 'og:title', content: 'Shop' }])).metaTags,
    ).toEqual([{ property: 'og:title', content: 'Shop' }]);
    expect((await put(C('/external-libraries'), [{ url: 'http://cdn.example/a.js', type: 'script' }])).statusCode).toBe(
      400,
    );
    expect(
      (await put(C('/external-libraries'), [{ url: 'https://cdn.example/a.js; script-src *', type: 'script' }]))
        .statusCode,
    ).toBe(400);
    const libs = await ui.updateContainerExternalLibraries(f.appId, 'look', [
      { url: 'https://cdn.example/lib.js', type: 'script' },
      { url: 'https://cdn.example/lib.css' },
    ]);
    expect(libs.externalLibraries.map((l: any) => l.type)).toEqual(['script', 'style']);
    expect((await put(C('/viewport'), { width: 'javascript' })).statusCode).toBe(400);
    expect((await ui.updateContainerViewport(f.appId, 'look', { initialScale: 1, maximumScale: 2 })).viewport).toEqual({
      initialScale: 1,
      maximumScale: 2,
    });
    expect((await put(C('/custom-configs'), { big: 'x'.repeat(20000) })).statusCode).toBe(400);
    expect((await ui.updateContainerCustomConfigs(f.appId, 'look', { apiBase: '/x' })).customConfigs).toEqual({
      apiBase: '/x',
    });
  });

  it('takes a favicon and a PWA icon by type and size; refuses SVG, other files and big ones', async () => {
    const svg = multipart('favicon', 'x.svg', 'image/svg+xml', Buffer.from('<svg onload="alert(1)"/>'));
    const refused = await server().call('PUT', C('/favicon'), { authKey: f.dev.authKey, ...svg });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('SVG');
    const big = multipart('favicon', 'x.png', 'image/png', png(16, 70 * 1024));
    expect((await server().call('PUT', C('/favicon'), { authKey: f.dev.authKey, ...big })).statusCode).toBe(413);
    const ok = multipart('favicon', 'x.png', 'image/png', png(32));
    const set = await server().call('PUT', C('/favicon'), { authKey: f.dev.authKey, ...ok });
    expect(set.statusCode).toBe(200);
    expect(set.json().favicon).toMatchObject({ type: 'image/png', width: 32 });

    const small = multipart('file', 'i.png', 'image/png', png(64));
    const tooSmall = await server().call('PUT', C('/pwa/icon'), { authKey: f.dev.authKey, ...small });
    expect(tooSmall.statusCode).toBe(400);
    const icon = multipart('file', 'i.png', 'image/png', png(192));
    expect(
      (await server().call('PUT', C('/pwa/icon'), { authKey: f.dev.authKey, ...icon })).json().pwaIcon,
    ).toMatchObject({
      width: 192,
    });
    expect((await put(C('/pwa/settings'), { display: 'weird' })).statusCode).toBe(400);
    const pwa = await ui.updateContainerPWASettings(f.appId, 'look', {
      enabled: true,
      name: 'Look Shop',
      themeColor: '#c0ffee',
    });
    expect(pwa.pwa).toMatchObject({ enabled: true, name: 'Look Shop' });
  });

  it('publishes the look: ?lang picks the language, the compiled sheet and icons come from the UI origin, the CSP lists libraries', async () => {
    const { url } = await ui.publishContainer(f.appId, 'look', {});
    const fr = await fetch(`${url}?lang=fr`);
    const html = await fr.text();
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Bonjour Ada');
    // A key missing in French falls back to the default language.
    expect(html).toContain('Goodbye');
    const csp = fr.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://cdn.example/lib.js");
    expect(csp).toMatch(/style-src 'self' 'nonce-[^']+' https:\/\/cdn.example\/lib.css/);
    expect(csp).toContain("manifest-src 'self'");
    expect(html).toContain('<meta property="og:title" content="Shop">');
    expect(html).toContain('<link rel="canonical" href="https://shop.example/">');
    expect(html).not.toContain('alert(1)');

    const en = await (await fetch(`${url}?lang=de`)).text();
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('Hello Ada');

    const sheet = /<link rel="stylesheet" href="([^"]+style\.css[^"]*)"/.exec(html)![1];
    const origin = new URL(url).origin;
    const css = await fetch(origin + sheet);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    const text = await css.text();
    expect(text).toContain('--bsl-primary:#c0ffee');
    expect(text).toContain('.brand {\n  color: #123456;\n}');
    expect(text).toContain('.box {\n  padding: 3px;\n}');
    expect(text).toContain('.plain{margin:0}');

    const favicon = /<link rel="icon" type="image\/png" href="([^"]+)"/.exec(html)![1];
    const icon = await fetch(origin + favicon.replace(/&amp;/g, '&'));
    expect(icon.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await icon.arrayBuffer()).readUInt32BE(16)).toBe(32);

    const manifestPath = /<link rel="manifest" href="([^"]+)"/.exec(html)![1];
    const manifest = await (await fetch(origin + manifestPath)).json();
    expect(manifest).toMatchObject({ name: 'Look Shop', theme_color: '#c0ffee', start_url: `/${f.appId}/look/` });
    expect(manifest.icons[0]).toMatchObject({ sizes: '192x192', type: 'image/png' });
    const sw = await fetch(`${origin}/${f.appId}/look/_look/sw.js`);
    expect(sw.status).toBe(200);
    expect(sw.headers.get('service-worker-allowed')).toBe(`/${f.appId}/look/`);
    expect(await sw.text()).toContain("addEventListener('fetch'");

    // Edits after publishing change nothing public until the next publish.
    await ui.updateContainerI18nKey(f.appId, 'look', 'hello', { fr: 'Salut {name}' });
    expect(await (await fetch(`${url}?lang=fr`)).text()).toContain('Bonjour Ada');
    await ui.publishContainer(f.appId, 'look', {});
    expect(await (await fetch(`${url}?lang=fr`)).text()).toContain('Salut Ada');
    // Removing the favicon and the theme: the next publication has neither.
    await ui.removeContainerFavicon(f.appId, 'look');
    await ui.deleteTheme(f.appId, themeId);
    expect((await ui.loadContainerSettings?.(f.appId, 'look')) ?? null).toBeNull();
    const settings = await server().call('GET', C('/settings'), { authKey: f.dev.authKey });
    expect(settings.json()).toMatchObject({ theme: null, favicon: null });
  });
});
