import http from 'node:http';
import type { AirtableRecord, AirtableTable } from './airtable-client.js';

/** The base a stand-in serves: its tables, and the records of each table by table id. */
export interface StandInBase {
  id: string;
  name: string;
  tables: AirtableTable[];
  records: Record<string, AirtableRecord[]>;
}

export const STANDIN_TOKEN = 'patStandInToken.0123456789';

/** A base of two tables: People (250 records: three pages of 100) and Order Items (3 records linking to People). */
export function sampleBase(): StandInBase {
  const people: AirtableRecord[] = Array.from({ length: 250 }, (_, i) => ({
    id: `recP${String(i).padStart(5, '0')}`,
    createdTime: '2024-01-02T03:04:05.000Z',
    fields: {
      Name: `Person ${i}`,
      Age: 20 + (i % 50),
      ...(i % 2 === 0 ? { Active: true } : {}),
      Joined: '2023-06-15',
      Tags: i % 3 === 0 ? ['vip', 'early'] : ['regular'],
      'Notes / long': `Line one of ${i}\nLine two`,
    },
  }));
  const orders: AirtableRecord[] = [
    { id: 'recO1', fields: { 'Item name': 'Lamp', Price: 19.5, Person: ['recP00000'] } },
    { id: 'recO2', fields: { 'Item name': 'Desk', Price: 240, Person: ['recP00001', 'recP00002'] } },
    { id: 'recO3', fields: { 'Item name': 'Chair' } },
  ];
  return {
    id: 'appStandInBase1',
    name: 'Shop',
    tables: [
      {
        id: 'tblPeople',
        name: 'People',
        fields: [
          { name: 'Name', type: 'singleLineText' },
          { name: 'Age', type: 'number', options: { precision: 0 } },
          { name: 'Active', type: 'checkbox' },
          { name: 'Joined', type: 'date' },
          { name: 'Tags', type: 'multipleSelects' },
          { name: 'Notes / long', type: 'multilineText' },
        ],
      },
      {
        id: 'tblOrders',
        name: 'Order Items',
        fields: [
          { name: 'Item name', type: 'singleLineText' },
          { name: 'Price', type: 'currency', options: { precision: 2 } },
          { name: 'Person', type: 'multipleRecordLinks' },
        ],
      },
    ],
    records: { tblPeople: people, tblOrders: orders },
  };
}

/**
 * A local HTTP server answering as the Airtable REST API does for one base: the bases list, the
 * base's schema, and records in pages of `pageSize` (at most 100) with an `offset` to the next page.
 * A wrong bearer token gets 401. `requests` lists the paths asked, for the tests.
 */
export async function startAirtableStandIn(base: StandInBase = sampleBase()) {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    requests.push(url.pathname + url.search);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${STANDIN_TOKEN}`)
      return send(401, { error: { type: 'AUTHENTICATION_REQUIRED', message: 'Authentication required' } });
    if (url.pathname === '/v0/meta/bases') return send(200, { bases: [{ id: base.id, name: base.name }] });
    if (url.pathname === `/v0/meta/bases/${base.id}/tables`) return send(200, { tables: base.tables });
    const m = /^\/v0\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (m && m[1] === base.id) {
      const table = base.tables.find((t) => t.id === decodeURIComponent(m[2]) || t.name === decodeURIComponent(m[2]));
      if (!table) return send(404, { error: 'TABLE_NOT_FOUND' });
      const all = base.records[table.id] ?? [];
      const size = Math.min(100, Number(url.searchParams.get('pageSize') ?? 100));
      const from = Number(url.searchParams.get('offset') ?? 0);
      const next = from + size < all.length ? String(from + size) : undefined;
      return send(200, { records: all.slice(from, from + size), ...(next ? { offset: next } : {}) });
    }
    send(404, { error: 'NOT_FOUND' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
