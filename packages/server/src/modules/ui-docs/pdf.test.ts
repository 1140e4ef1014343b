import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDb, listenForClients } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';
import { pdfText } from './pdf-text.test-helpers.js';
import { fillTemplate } from './pdf.service.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

/** The text of a PDF without the breaks and spaces Chromium puts between its text runs. */
const flat = (pdf: Buffer) => pdfText(pdf).replace(/\s+/g, '');

it('fills placeholders with escaped values; unknown paths and anything that is not a plain path print nothing', () => {
  const html = fillTemplate('<p>{{ name }}|{{a.b}}|{{missing}}|{{constructor}}|{{ 1+1 }}|{{{name}}}</p>', {
    name: '<b>&',
    a: { b: 7 },
  });
  expect(html).toBe('<p>&lt;b&gt;&amp;|7|||{{ 1+1 }}|{&lt;b&gt;&amp;}</p>');
});

describeEachDb('PDF: templates and documents printed with headless Chromium', (server) => {
  let f: AppFixture;
  let pdf: any;
  let objectId: string;
  let receiver: http.Server;
  let receiverUrl: string;
  const heard: string[] = [];
  const gen = (body: unknown) =>
    server().call('POST', `/api/node-server/manage/app/${f.appId}/pdf/generate`, { authKey: f.dev.authKey, body });

  beforeAll(async () => {
    const url = await listenForClients(server());
    f = await appFixture(server());
    pdf = createReferenceClient(url, f.dev.authKey).pdf;
    await f.table('Invoices', [
      { name: 'customer', dataType: 'STRING' },
      { name: 'total', dataType: 'DOUBLE' },
    ]);
    const made = await f.api('POST', '/data/Invoices', { body: { customer: 'Ada <Lovelace>', total: 42.5 } });
    objectId = made.json().objectId;
    receiver = http.createServer((req, res) => {
      heard.push(req.url ?? '');
      res.end('x');
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => receiver.close(() => done())));

  let templateId: string;

  it('keeps templates through the reference client: create, list, load, update, delete', async () => {
    const created = await pdf.createTemplate(f.appId, {
      name: 'Invoice',
      content: '<h1>Invoice for {{customer}}</h1><p>Total: {{total}}</p>',
    });
    templateId = created.id;
    expect(created).toMatchObject({ name: 'Invoice' });
    expect((await pdf.listTemplates(f.appId)).map((t: { id: string }) => t.id)).toEqual([templateId]);
    expect((await pdf.loadTemplate(f.appId, templateId)).content).toContain('{{customer}}');
    const changed = await pdf.updateTemplate(f.appId, {
      id: templateId,
      name: 'Invoice',
      content: `<h1>Invoice for {{customer}}</h1><p>Total: {{total}}</p><img src="${receiverUrl}/pixel.png"><link rel="stylesheet" href="${receiverUrl}/style.css"><iframe src="${receiverUrl}/frame"></iframe>`,
    });
    expect(changed.content).toContain('pixel.png');
    const extra = await pdf.createTemplate(f.appId, { name: 'Spare', content: '<p>x</p>' });
    expect(await pdf.deleteTemplate(f.appId, extra.id)).toEqual({ success: true });
    expect((await pdf.listTemplates(f.appId)).map((t: { name: string }) => t.name)).toEqual(['Invoice']);
  });

  it("prints a template with a stored record: the PDF holds the record's values, and the page reached no network", async () => {
    const res = await gen({ templateId, table: 'Invoices', objectId });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Invoice.pdf"');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const text = flat(bytes);
    expect(text).toContain('InvoiceforAda<Lovelace>');
    expect(text).toContain('Total:42.5');
    expect(heard).toEqual([]);

    // A record given inline, and HTML given inline.
    const inline = await gen({ content: '<p>Hello {{who}}</p>', record: { who: 'Grace' }, fileName: 'hello' });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-disposition']).toBe('attachment; filename="hello.pdf"');
    expect(flat(inline.rawPayload)).toContain('HelloGrace');
  });

  it('refuses bad input with a clear 4xx', async () => {
    const field = async (body: unknown, name: string) => {
      const res = await gen(body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details.fields[0].field).toBe(name);
    };
    await field({}, 'templateId');
    await field({ templateId, table: 'Nope', objectId }, 'table');
    await field({ templateId, table: 'Invoices', objectId: 'no-such-record' }, 'objectId');
    await field({ templateId, table: 'Invoices' }, 'objectId');
    expect((await gen({ templateId: 'no-such-template' })).statusCode).toBe(404);
    expect((await gen({ content: 'x'.repeat(200_001) })).statusCode).toBe(400);
    const tpl = (body: unknown) => server().call('POST', `/${f.appId}/console/pdf`, { authKey: f.dev.authKey, body });
    expect((await tpl({ name: 'Invoice', content: '' })).statusCode).toBe(409);
    expect((await tpl({ name: '   ', content: '' })).statusCode).toBe(400);
    expect((await tpl({ name: 'Big', content: 'x'.repeat(200_001) })).statusCode).toBe(400);
    expect((await tpl({ content: 'x' })).statusCode).toBe(400);
    expect((await server().call('GET', `/${f.appId}/console/pdf/nope`, { authKey: f.dev.authKey })).statusCode).toBe(
      404,
    );
    expect((await server().call('GET', `/${f.appId}/console/pdf`)).statusCode).toBe(401);
  });

  it('prints one document at a time with one browser: several at once all arrive whole', async () => {
    const started = Date.now();
    const all = await Promise.all(
      ['One', 'Two', 'Three'].map((who) => gen({ content: '<p>Hi {{who}}</p>', record: { who } })),
    );
    expect(all.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(all.map((r) => flat(r.rawPayload))).toEqual(['HiOne', 'HiTwo', 'HiThree']);
    expect(Date.now() - started).toBeLessThan(60_000);
  });
});
