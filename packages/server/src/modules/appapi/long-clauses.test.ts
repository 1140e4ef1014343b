import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../test-helpers.js';
import { appFixture, type AppFixture } from './appapi.test-helpers.js';
import type { ReaderPool } from '../../db/reader.js';
import { BIG_STATEMENT_VALUES } from '../../db/query-limits.js';

type U = { objectId: string; token: string; email: string };

/** `column IN ('p0', …)`: `n` made-up values, then `extra`. */
const inList = (column: string, n: number, extra: string[] = []) =>
  `${column} IN (${[...Array.from({ length: n }, (_, i) => `'p${i}'`), ...extra.map((v) => `'${v}'`)].join(',')})`;
/** `title != 'c0' AND …`: `n` comparisons, true for every note. */
const chain = (n: number) => Array.from({ length: n }, (_, i) => `title != 'c${i}'`).join(' AND ');
const CHAIN = chain(1_000);

/**
 * Long where clauses at the limits (10,000 IN values, 1,000 comparisons) take the paths made for
 * them (decision 0044): their tree is parsed once and remembered (frozen), the event loop gets a
 * turn between reading and compiling them, and on SQLite their statement goes to a reader thread
 * without being prepared on the main thread. Answers stay those of the same question asked
 * shortly, and the permission scope still holds: the caller's tree is shared between requests, the
 * scope never is.
 */
describeEachDb('app API: long where clauses', (server) => {
  let f: AppFixture;
  let noteTable: string;
  let vaultTable: string;
  let alice: U;
  let bob: U;
  const notes: Record<string, string> = {};

  const setRole = async (tableId: string, role: string, operation: string, access: string | null) => {
    const res = await f.console('PUT', `/security/data/${tableId}/roles/${await f.roleId(role)}`, {
      permissions: [{ operation, access }],
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const ids = (res: { json(): unknown }) => (res.json() as Array<{ objectId: string }>).map((r) => r.objectId).sort();
  const find = (who: U, where: string) => f.api('POST', '/data/Note/find', { body: { where }, token: who.token });
  const count = async (who: U, table: string, where: string) => {
    const res = await f.api('POST', `/data/${table}/count`, { body: { where }, token: who.token });
    return [res.statusCode, res.json()];
  };

  beforeAll(async () => {
    f = await appFixture(server());
    noteTable = (await f.table('Note', [{ name: 'title', dataType: 'STRING' }])).tableId;
    vaultTable = (await f.table('Vault', [{ name: 'label', dataType: 'STRING' }])).tableId;
    await f.table('Post', [{ name: 'title', dataType: 'STRING' }]);
    const rel = await f.console('POST', '/data/tables/Post/columns/relation', {
      name: 'vault',
      toTableName: 'Vault',
      relationshipType: 'ONE_TO_ONE',
    });
    expect(rel.statusCode, rel.body).toBe(200);
    alice = await f.user('alice@example.com');
    bob = await f.user('bob@example.com');
    for (const who of [alice, bob]) {
      const res = await f.api('PUT', '/data/Note', { body: { title: `note of ${who.email}` }, token: who.token });
      notes[who.email] = res.json().objectId;
    }
    const vault = (await f.api('PUT', '/data/Vault', { body: { label: 'public label' } })).json().objectId;
    const post = (await f.api('PUT', '/data/Post', { body: { title: 'hello' } })).json().objectId;
    expect((await f.api('POST', `/data/Post/${post}/vault`, { body: [vault] })).statusCode).toBe(200);
    // Owner-only notes: no role may Find, the owner may.
    for (const role of ['AuthenticatedUser', 'RestUser', 'NotAuthenticatedUser'])
      await setRole(noteTable, role, 'Find', 'DENY');
    expect(
      (await f.console('PUT', `/security/data/ownerpolicy/${noteTable}`, { operation: 'Find', access: 'GRANT' }))
        .statusCode,
    ).toBe(200);
  });

  it('a 10,000-value IN list and a 1,000-comparison chain answer what their short forms answer, within the scope', async () => {
    const both = ['note of alice@example.com', 'note of bob@example.com'];
    const long = inList('title', 9_998, both);
    const byId = inList('objectId', 9_998, Object.values(notes));
    for (const who of [alice, bob]) {
      const own = [notes[who.email]];
      // Twice: the second time the tree comes from memory, shared with the other caller's request.
      for (let round = 0; round < 2; round++) {
        // The last: 1,000 comparisons and 9,999 values, both limits nearly reached in one clause.
        for (const where of [long, byId, CHAIN, `(${chain(999)}) AND ${inList('title', 8_998, both)}`]) {
          const res = await find(who, where);
          expect(res.statusCode, res.body).toBe(200);
          expect(ids(res)).toEqual(own);
        }
        expect(await count(who, 'Note', long)).toEqual([200, 1]);
        expect(await count(who, 'Note', CHAIN)).toEqual([200, 1]);
      }
      expect(ids(await find(who, `title IN ('${both[0]}', '${both[1]}')`))).toEqual(own);
    }
    // The console sees every row of the same clause, without the scope (its record routes take
    // where texts of up to 20,000 characters).
    const all = await f.console('POST', '/data/Note/find', { where: inList('title', 1_500, both) });
    expect(all.statusCode, all.body).toBe(200);
    expect(ids(all)).toEqual(Object.values(notes).sort());
  });

  it('a long IN list over a relation follows the related table’s permissions', async () => {
    const where = inList('vault.label', 9_999, ['public label']);
    expect(await count(bob, 'Post', where)).toEqual([200, 1]);
    await setRole(vaultTable, 'AuthenticatedUser', 'Find', 'DENY');
    try {
      expect(await count(bob, 'Post', where)).toEqual([200, 0]);
      expect(await count(bob, 'Post', inList('vault.label', 9_999, ['no such label']))).toEqual([200, 0]);
    } finally {
      await setRole(vaultTable, 'AuthenticatedUser', 'Find', null);
    }
    expect(await count(bob, 'Post', where)).toEqual([200, 1]);
  });

  it('a long clause past a limit is still a 400 naming it, again when repeated', async () => {
    for (let round = 0; round < 2; round++) {
      const res = await find(alice, inList('title', 10_001));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain('IN list too long');
      const chain = await find(alice, `${CHAIN} AND title != 'one more'`);
      expect(chain.statusCode, chain.body).toBe(400);
      expect(chain.json().message).toContain('Too many comparisons');
    }
  });

  it('on SQLite a statement with many values goes to a reader thread; a small one stays on the main thread', async () => {
    const small = `objectId IN ('${notes['alice@example.com']}', 'x1', 'x2')`;
    const big = inList('objectId', BIG_STATEMENT_VALUES, [notes['alice@example.com']]);
    // The console's find: no permission scope, so the plan of the small one is a plain id search.
    const consoleFind = async (where: string) => {
      const res = await f.console('POST', '/data/Note/find', { where });
      expect(res.statusCode, res.body).toBe(200);
      return ids(res);
    };
    if (server().kind !== 'sqlite') {
      // PostgreSQL has no reader threads: the same answers from its own connections.
      expect(await consoleFind(small)).toEqual([notes['alice@example.com']]);
      expect(await consoleFind(big)).toEqual([notes['alice@example.com']]);
      return;
    }
    const pool = (server().app.basalt.dbs as unknown as { readers: ReaderPool }).readers;
    const read = pool.read.bind(pool);
    const sent: string[] = [];
    pool.read = (file, sqlText, ...rest) => {
      sent.push(sqlText);
      return read(file, sqlText, ...rest);
    };
    try {
      // A search by id list: cheap by its plan, so small ones stay on the main thread.
      for (let round = 0; round < 2; round++) expect(await consoleFind(small)).toEqual([notes['alice@example.com']]);
      expect(sent).toEqual([]);
      expect(await consoleFind(big)).toEqual([notes['alice@example.com']]);
      expect(sent.length).toBe(1);
      expect(sent[0]).toMatch(/"objectId" in \(/i);
    } finally {
      pool.read = read;
    }
  });
});
