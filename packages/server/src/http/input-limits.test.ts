import { beforeAll, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { describeEachDb } from '../test-helpers.js';
import { appFixture, type AppFixture } from '../modules/appapi/appapi.test-helpers.js';
import { errorAnswer } from './error-handler.js';
import { MAX_JSON_DEPTH, MAX_JSON_ITEMS, MAX_JSON_KEYS, parseJsonBody } from './json-body.js';

/**
 * Input that used to end in a 500, through real requests on both databases: the NUL character in
 * stored text, JSON bodies nested thousands deep, multipart bodies that cannot be read. Each is a
 * 400 that says why, and nothing is stored. Last, the net under the limits: the refusals the
 * databases themselves raise for input (read from the real drivers) are answered 400, not 500.
 */
describeEachDb('input that is refused with a 400 and stores nothing', (server) => {
  let f: AppFixture;
  let recordId: string;

  beforeAll(async () => {
    f = await appFixture(server());
    await f.table('N', [
      { name: 'title', dataType: 'STRING' },
      { name: 'body', dataType: 'TEXT' },
      { name: 'photo', dataType: 'FILE_REF' },
    ]);
    const created = await f.api('POST', '/data/N', { body: { title: 'kept', body: 'as it was' } });
    expect(created.statusCode, created.body).toBe(200);
    recordId = created.json().objectId;
  });

  const raw = (method: 'POST' | 'PUT', url: string, payload: string, headers: Record<string, string> = {}) =>
    server().call(method, url, {
      payload,
      headers: { 'content-type': 'application/json', 'auth-key': f.dev.authKey, ...headers },
    });
  const app = (path: string) => `/${f.appId}/${f.keys.REST}${path}`;
  const consolePath = (path: string) => `/${f.appId}/console${path}`;
  const stored = async () =>
    (await f.api('POST', '/data/N/find', { body: { sortBy: 'created', pageSize: 100 } }))
      .json()
      .map((r: Record<string, unknown>) => [r.title, r.body]);

  function refused(res: LightMyRequestResponse, text: RegExp, appApi: boolean): void {
    expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
    const body = res.json();
    expect(body.code).toBe(appApi ? 8000 : 'BAD_REQUEST');
    expect(body.message).toMatch(text);
  }

  it('text with the NUL character is refused in records on both databases: create, update, bulk create, bulk upsert, bulk update', async () => {
    const before = await stored();
    const nul = { title: 'a\u0000b' };
    const cases: Array<[string, Promise<LightMyRequestResponse>, boolean]> = [
      ['app create', f.api('POST', '/data/N', { body: nul }), true],
      ['app save', f.api('PUT', '/data/N', { body: { body: 'x\u0000' } }), true],
      ['app update', f.api('PUT', `/data/N/${recordId}`, { body: nul }), true],
      ['app bulk create', f.api('POST', '/data/bulk/N', { body: [{ title: 'fine' }, nul] }), true],
      ['app bulk upsert', f.api('PUT', '/data/bulkupsert/N', { body: [{ objectId: recordId, ...nul }] }), true],
      [
        'app bulk update',
        f.api('PUT', `/data/bulk/N?where=${encodeURIComponent("title = 'kept'")}`, { body: nul }),
        true,
      ],
      ['console create', f.console('POST', '/data/N', { body: '\u0000' }), false],
      ['console update', f.console('PUT', `/data/N/${recordId}`, nul), false],
      ['console bulk create', f.console('POST', '/data/bulk/N', [{ title: 'fine' }, nul]), false],
      ['console bulk upsert', f.console('PUT', '/data/bulkupsert/N', [{ objectId: recordId, ...nul }]), false],
    ];
    for (const [label, pending, appApi] of cases) {
      const res = await pending;
      expect(res.statusCode, label).toBe(400);
      refused(res, /cannot hold the NUL character \(U\+0000\)/, appApi);
    }
    expect(await stored()).toEqual(before);
  });

  it(`a JSON body nested deeper than ${MAX_JSON_DEPTH} levels is refused on the console, the app API and the cache, and stores nothing`, async () => {
    const before = await stored();
    const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
    const depth = /nests arrays and objects more than 128 levels deep \(the JSON depth limit\)/;
    refused(await raw('POST', consolePath('/data/N'), `{"title":${deep}}`), depth, false);
    refused(await raw('POST', app('/data/N'), `{"title":${deep}}`), depth, true);
    refused(await raw('POST', app('/data/bulk/N'), `[{"title":"a"},{"body":${deep}}]`), depth, true);
    refused(await raw('POST', app('/data/N/find'), `{"where":${deep}}`), depth, true);
    refused(await raw('PUT', app('/cache/deep'), deep), depth, true);
    refused(await raw('PUT', app('/cache/deep'), `{"a":${'{"a":'.repeat(200)}1${'}'.repeat(200)}}`), depth, true);
    expect((await f.api('GET', '/cache/deep/check')).json()).toBe(false);
    expect(await stored()).toEqual(before);
    // brackets inside strings are text, and nesting up to the limit is kept as sent
    const atLimit = `${'['.repeat(MAX_JSON_DEPTH - 1)}"[[[{{{\\"]]]"${']'.repeat(MAX_JSON_DEPTH - 1)}`;
    expect((await raw('PUT', app('/cache/deep'), atLimit)).statusCode).toBe(200);
    expect((await f.api('GET', '/cache/deep')).body).toBe(atLimit);
    const title = JSON.stringify('['.repeat(400));
    expect((await raw('POST', app('/data/N'), `{"title":${title}}`)).statusCode).toBe(200);
  });

  it(`a JSON body with an array of more than ${MAX_JSON_ITEMS} items or an object of more than ${MAX_JSON_KEYS} keys is refused before it is parsed, and stores nothing`, async () => {
    const before = await stored();
    const items = /has an array of more than 100,000 items \(the JSON list limit\)/;
    const keys = /has an object of more than 10,000 keys \(the JSON keys limit\)/;
    const list = (n: number) => `[${Array(n).fill('1').join(',')}]`;
    const object = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":${i}`).join(',')}}`;
    refused(await raw('POST', app('/data/bulk/N'), list(MAX_JSON_ITEMS + 1)), items, true);
    refused(await raw('POST', consolePath('/data/bulk/N'), list(1_000_000)), items, false);
    refused(await raw('POST', app('/data/N'), object(MAX_JSON_KEYS + 1)), keys, true);
    refused(await raw('POST', consolePath('/data/N'), `{"title":"a","body":${object(20_000)}}`), keys, false);
    refused(await raw('PUT', app('/cache/big'), `{"a":[1,${list(MAX_JSON_ITEMS + 1)}]}`), items, true);
    expect((await f.api('GET', '/cache/big/check')).json()).toBe(false);
    expect(await stored()).toEqual(before);
    // up to the limits, commas inside strings and nested lists are read as sent
    const commas = JSON.stringify(','.repeat(MAX_JSON_ITEMS * 2));
    expect(parseJsonBody(`[${commas},${list(MAX_JSON_ITEMS)}]`)).toEqual([
      JSON.parse(commas),
      Array(MAX_JSON_ITEMS).fill(1),
    ]);
    expect(Object.keys(parseJsonBody(object(MAX_JSON_KEYS)) as object)).toHaveLength(MAX_JSON_KEYS);
    expect((parseJsonBody(list(MAX_JSON_ITEMS)) as unknown[]).length).toBe(MAX_JSON_ITEMS);
  });

  it('multipart bodies without a boundary, cut short or with a broken part are a 400 and store no file', async () => {
    const exists = async (path: string) => (await f.console('GET', `/files/exists/${path}/`)).json();
    const part = (name: string) =>
      `--XX\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\nhello`;
    const bodies: Array<[string, string, string]> = [
      ['no boundary', 'multipart/form-data', part('a.txt')],
      ['an empty boundary', 'multipart/form-data; boundary=', part('a.txt')],
      ['cut short in the part', 'multipart/form-data; boundary=XX', part('a.txt')],
      [
        'cut short in the headers',
        'multipart/form-data; boundary=XX',
        '--XX\r\nContent-Disposition: form-data; name="file"; filen',
      ],
    ];
    let n = 0;
    for (const [label, type, payload] of bodies) {
      n++;
      const appUpload = await raw('POST', app(`/files/mp/app${n}.txt`), payload, { 'content-type': type });
      expect([label, appUpload.statusCode, appUpload.json().code], appUpload.body).toEqual([label, 400, 8000]);
      expect(appUpload.json().message, label).toMatch(/multipart|abandoned|no file/i);
      const consoleUpload = await raw('POST', consolePath(`/files/upload/mp/console${n}.txt/`), payload, {
        'content-type': type,
      });
      expect([label, consoleUpload.statusCode], consoleUpload.body).toEqual([label, 400]);
      const cell = await raw('PUT', consolePath(`/data/N/file/photo/${recordId}`), payload, { 'content-type': type });
      expect([label, cell.statusCode], cell.body).toEqual([label, 400]);
      expect(await exists(`mp/app${n}.txt`)).toBe(false);
      expect(await exists(`mp/console${n}.txt`)).toBe(false);
    }
    const noBoundary = await raw('POST', app('/files/mp/x.txt'), part('x.txt'), {
      'content-type': 'multipart/form-data',
    });
    expect(noBoundary.json().message).toBe('The multipart/form-data body cannot be read: Boundary not found');
    expect((await f.api('GET', `/data/N/${recordId}`)).json().photo).toBeNull();
  });

  it('database refusals of input are answered 400 naming the database limit; other database errors stay 500', async () => {
    const db = server().app.basalt.dbs.app(f.appId) as Kysely<unknown>;
    const failure = async (query: ReturnType<typeof sql>) => {
      try {
        await query.execute(db);
      } catch (err) {
        return err as Error;
      }
      throw new Error('the statement ran');
    };
    const values = (n: number) => sql.join(Array.from({ length: n }, (_, i) => sql`${i}`));
    const answered = async (query: ReturnType<typeof sql>, message: RegExp) => {
      const answer = errorAnswer(await failure(query));
      expect([answer.status, answer.body.code, answer.body.message]).toEqual([
        400,
        'BAD_REQUEST',
        expect.stringMatching(message),
      ]);
      expect(answer.body.message).toContain('(a database limit)');
      expect(answer.body.message).not.toMatch(/select|sqlite|syntax/i);
    };
    const sqlite = server().kind === 'sqlite';
    await answered(
      sql`select 1 where 1 in (${values(sqlite ? 33_000 : 70_000)})`,
      /more values than the database takes/,
    );
    await answered(sql`select ${'a'} like ${'%a'.repeat(30_000)}`, sqlite ? /LIKE pattern is too long/ : /never/).catch(
      (e) => {
        // PostgreSQL has no pattern length limit: the statement runs
        if (sqlite || !String(e).includes('the statement ran')) throw e;
      },
    );
    if (sqlite) {
      await answered(
        sql.raw(`select 1 where ${Array.from({ length: 1100 }, () => '1 = 1').join(' and ')}`),
        /nested too deeply/,
      );
      await answered(
        sql.raw(`select 1 from ${Array.from({ length: 65 }, (_, i) => `sqlite_schema as s${i}`).join(', ')}`),
        /joins more tables/,
      );
    } else {
      await answered(sql.raw(`select ${'('.repeat(200_000)}1${')'.repeat(200_000)}`), /nested too deeply/);
      await answered(sql.raw(`select ${Array.from({ length: 100_000 }, () => '1').join(' + ')}`), /nested too deeply/);
      await answered(sql`select ${'a\u0000b'}::text`, /NUL character/);
      await answered(sql`select ${'abc'}::int`, /does not have the type/);
      await answered(sql`select ${2147483647}::int + 1`, /out of the range/);
      await answered(sql`select to_timestamp(${1e20})`, /date or time is out of the range/);
      await answered(sql.raw(`select 'a'::text > 1::int`), /different types/);
      await answered(sql.raw(`select coalesce(1, 'a'::text)`), /different types/);
      await answered(sql.raw(`select repeat('x', 1100000000)`), /larger than the database takes/);
    }
    const missing = errorAnswer(await failure(sql.raw('select * from no_such_table')));
    expect([missing.status, missing.body.message]).toEqual([500, 'Internal server error']);
  });
});
