// `node bench/ui-render.mjs [--quick]`: issue 20's Speed entry for the UI Builder (decision 0080).
// A published page holding a DataTable of 100 rows (a data source of pageSize 100 over a table of
// 100 records, sorted) is fetched from the UI origin by a keep-alive client with 8 requests in
// flight: every request reads the publication pointer, the rows as the anonymous visitor (through
// the app API's permission checks) and renders the HTML. Target: at least 300 pages/s.
// `npm run bench -- --ui-render-only` runs it from run.mjs and appends the table to RESULTS.md.
import http from 'node:http';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { freePort, json, measure, request, startServer, table } from './lib.mjs';

const TARGET = 300;
const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** GET of an HTML page on a keep-alive socket: answers status and length (the body is read whole). */
function getPage(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        let length = 0;
        res.on('data', (c) => (length += c.length));
        res.on('end', () =>
          res.statusCode === 200 ? resolve(length) : reject(new Error(`GET ${url}: ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

export async function run({ quick = false } = {}) {
  const uiPort = await freePort();
  const server = await startServer({ BASALT_UI_PORT: String(uiPort) });
  const loadBefore = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' / ');
  try {
    const email = `ui${Date.now()}@example.com`;
    await json(`${server.url}/console/devreg`, {
      method: 'POST',
      body: { email, password: 'bench password 1', name: 'UI' },
    });
    const login = await json(`${server.url}/console/home/login`, {
      method: 'POST',
      body: { login: email, password: 'bench password 1' },
    });
    const authKey = login.res.headers.get('auth-key');
    const appId = (
      await json(`${server.url}/console/applications`, { method: 'POST', authKey, body: { appName: 'UiBench' } })
    ).body.id;
    const consoleUrl = `${server.url}/${appId}/console`;
    await json(`${consoleUrl}/data/tables`, { method: 'POST', authKey, body: { name: 'Orders' } });
    for (const column of [
      { name: 'name', dataType: 'STRING' },
      { name: 'amount', dataType: 'INT' },
      { name: 'note', dataType: 'STRING' },
    ])
      await json(`${consoleUrl}/data/tables/Orders/columns`, { method: 'POST', authKey, body: column });
    const info = (await json(`${consoleUrl}/app-info`, { authKey })).body;
    const api = `${server.url}/${appId}/${info.apiKeys.find((k) => k.deviceType === 'REST').apiKey}`;
    await request('POST', `${api}/data/bulk/Orders`, {
      body: Array.from({ length: 100 }, (_, i) => ({
        name: `Customer <${i}> & "co"`,
        amount: i * 7,
        note: `order ${i}`,
      })),
    });
    const ui = `${consoleUrl}/ui-builder`;
    await json(`${ui}/init`, { method: 'POST', authKey });
    await json(`${ui}/containers`, { method: 'POST', authKey, body: { name: 'bench' } });
    await json(`${ui}/containers/bench/pages/landing/ui`, {
      method: 'PUT',
      authKey,
      body: {
        dataSources: [{ id: 'orders', kind: 'table', table: 'Orders', sortBy: 'amount desc', pageSize: 100 }],
        children: [
          { uid: 'title', type: 'Heading', props: { text: 'Orders' } },
          {
            uid: 'table',
            type: 'DataTable',
            props: {
              data: { $data: 'orders' },
              columns: [
                { field: 'name', label: 'Name' },
                { field: 'amount', label: 'Amount' },
                { field: 'note', label: 'Note' },
              ],
            },
          },
        ],
      },
    });
    const url = (await json(`${ui}/containers/bench/publish`, { method: 'POST', authKey, body: {} })).body.url;
    const rows = await new Promise((resolve, reject) =>
      http
        .get(url, (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve((text.match(/<tr>/g) ?? []).length - 1));
        })
        .on('error', reject),
    );
    if (rows !== 100) throw new Error(`the published page shows ${rows} rows, not 100`);
    await measure('warm-up', () => getPage(url), { count: quick ? 100 : 300, concurrency: 8 });
    const result = await measure('UI page with a 100-row DataTable (GET, SSR)', () => getPage(url), {
      count: quick ? 500 : 3000,
      concurrency: 8,
    });
    const ok = result.opsPerSec >= TARGET;
    const report = [
      table([result]),
      '',
      `Target: at least ${TARGET} pages/s: ${ok ? 'met' : 'NOT met'} (${result.opsPerSec.toFixed(0)} pages/s). ` +
        `Load before: ${loadBefore}; after: ${os
          .loadavg()
          .map((x) => x.toFixed(2))
          .join(' / ')}.`,
    ].join('\n');
    return { report, ok, result };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { report, ok } = await run({ quick: process.argv.includes('--quick') });
  console.log(report);
  process.exit(ok ? 0 : 1);
}
