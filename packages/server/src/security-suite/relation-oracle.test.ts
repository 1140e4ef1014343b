import { beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { describeEachDb } from '../test-helpers.js';
import { appFixture, type AppFixture } from '../modules/appapi/appapi.test-helpers.js';

/**
 * Relation paths must not be an oracle over data the caller may not read. A Post links to an
 * Author (or a user) the caller may not Find, or whose `secret` column is hidden from the caller;
 * every query shape that can name `author.secret` (where, count, sortBy, props, groupBy, having,
 * loadRelations, relation loads, bulk update by where) must answer the same whether a guess about
 * the hidden value is right or wrong, and the same whether the hidden values are swapped, linked
 * or not. Refusing (400/403) is one way to answer the same; leaving the hidden rows out is the
 * other. No answer may contain a hidden value.
 */

type U = { objectId: string; token: string; email: string };
type Res = { status: number; text: string };

/** An answer as compared across guesses and worlds: status and body without timestamps. */
function normal(res: Res): string {
  let body: unknown;
  try {
    body = JSON.parse(res.text);
  } catch {
    return `${res.status} ${res.text}`;
  }
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (v && typeof v === 'object')
      return Object.fromEntries(
        Object.entries(v)
          .filter(([k]) => k !== 'created' && k !== 'updated')
          .map(([k, x]) => [k, strip(x)]),
      );
    return v;
  };
  // An error's message may name the clause as sent (and so the guess); its status and code decide.
  if (res.status >= 400 && body && typeof body === 'object' && 'code' in body)
    return `${res.status} code ${(body as { code: unknown }).code}`;
  return `${res.status} ${JSON.stringify(strip(body))}`;
}

const SECRETS = { a1: 'S3C-alpha-91', a2: 'S3C-beta-37', a3: 'QQQ-open-55' };

interface World {
  rel: string;
  col: string;
  posts: { p1: string; p2: string; p3: string; p4: string };
  post: string;
  /** values of the hidden column that no answer may contain */
  hidden: string[];
  right: { prefix: string; exact: string };
  wrong: { prefix: string; exact: string };
  /** turns world 1 into world 2 (the hidden values of P1's and P2's related rows swapped) and back */
  swap(): Promise<void>;
  /** removes P1's link and puts it back */
  unlink(): Promise<void>;
  relink(): Promise<void>;
  /** whether the related rows themselves are hidden (then whether P1 has one must not show) */
  rowsHidden: boolean;
}

describeEachDb('relation paths are no oracle', (server) => {
  let f: AppFixture;
  let caller: U;

  const ok = async (res: LightMyRequestResponse, what: string) => {
    if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const as = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<Res> => {
    const res = await f.api(method, path, { token: caller.token, ...(body !== undefined ? { body } : {}) });
    return { status: res.statusCode, text: res.body };
  };
  const enc = encodeURIComponent;

  beforeAll(async () => {
    f = await appFixture(server());
    caller = await f.user();
  });

  /** Author/Post tables of one variant: P1→A1, P2→A2, P3→A3, P4 without author. */
  async function authorWorld(
    key: string,
    ownerId: string | null,
  ): Promise<World & { authors: { a1: string; a2: string; a3: string }; authorTableId: string }> {
    const author = `Author${key}`;
    const post = `Post${key}`;
    const authorTable = await f.table(author, [
      { name: 'name', dataType: 'STRING' },
      { name: 'secret', dataType: 'STRING' },
    ]);
    await f.table(post, [
      { name: 'title', dataType: 'STRING' },
      { name: 'hits', dataType: 'INT' },
    ]);
    await ok(
      await f.console('POST', `/data/tables/${post}/columns/relation`, {
        name: 'author',
        toTableName: author,
        relationshipType: 'ONE_TO_ONE',
      }),
      'relation',
    );
    const mk = async (name: string, secret: string) =>
      (await ok(await f.console('POST', `/data/${author}`, { name, secret, ownerId }), 'author')).objectId as string;
    const authors = {
      a1: await mk('alpha', SECRETS.a1),
      a2: await mk('beta', SECRETS.a2),
      a3: await mk('gamma', SECRETS.a3),
    };
    const mkPost = async (title: string, a?: string) =>
      (await ok(await f.console('POST', `/data/${post}`, { title, hits: 0, ...(a ? { author: a } : {}) }), 'post'))
        .objectId as string;
    const posts = {
      p1: await mkPost('one', authors.a1),
      p2: await mkPost('two', authors.a2),
      p3: await mkPost('three', authors.a3),
      p4: await mkPost('four'),
    };
    let swapped = false;
    return {
      rel: 'author',
      col: 'secret',
      post,
      posts,
      authors,
      authorTableId: authorTable.tableId,
      hidden: [SECRETS.a1, SECRETS.a2, SECRETS.a3],
      right: { prefix: 'S3C%', exact: SECRETS.a1 },
      wrong: { prefix: 'ZZZ%', exact: 'ZZZ-alpha-91' },
      rowsHidden: true,
      async swap() {
        swapped = !swapped;
        await ok(
          await f.console('PUT', `/data/${author}/${authors.a1}`, { secret: swapped ? SECRETS.a2 : SECRETS.a1 }),
          'swap',
        );
        await ok(
          await f.console('PUT', `/data/${author}/${authors.a2}`, { secret: swapped ? SECRETS.a1 : SECRETS.a2 }),
          'swap',
        );
      },
      async unlink() {
        await ok(await f.console('DELETE', `/data/${post}/${posts.p1}/author/relations`, [authors.a1]), 'unlink');
      },
      async relink() {
        await ok(await f.console('PUT', `/data/${post}/${posts.p1}/author`, [authors.a1]), 'relink');
      },
    };
  }

  const roleRule = async (tableId: string, role: string, operation: string, access: string) =>
    ok(
      await f.console('PUT', `/security/data/${tableId}/roles/${await f.roleId(role)}`, {
        permissions: [{ operation, access }],
      }),
      'role rule',
    );

  /** The variants: what hides the related data from the caller. */
  const variants: Array<{ name: string; build(): Promise<World> }> = [
    {
      name: 'Find DENY on the related table',
      async build() {
        const w = await authorWorld('TableDeny', null);
        await roleRule(w.authorTableId, 'AuthenticatedUser', 'Find', 'DENY');
        return w;
      },
    },
    {
      name: 'column DENY on the related secret column',
      async build() {
        const w = await authorWorld('ColumnDeny', null);
        await ok(
          await f.console(
            'PUT',
            `/security/data/${w.authorTableId}/columns/permissions/Find/${await f.roleId('AuthenticatedUser')}`,
            { column: 'secret', access: 'DENY' },
          ),
          'column rule',
        );
        return { ...w, rowsHidden: false };
      },
    },
    {
      name: 'record ACL DENY on the related rows',
      async build() {
        const w = await authorWorld('AclDeny', null);
        await ok(
          await f.console(
            'PUT',
            `/security/data/${`AuthorAclDeny`}/objectAcl/${w.authors.a1}/users/${caller.objectId}`,
            { operation: 'Find', access: 'DENY' },
          ),
          'acl',
        );
        await ok(
          await f.console(
            'PUT',
            `/security/data/${`AuthorAclDeny`}/objectAcl/${w.authors.a2}/roles/${await f.roleId('AuthenticatedUser')}`,
            { operation: 'Find', access: 'DENY' },
          ),
          'acl',
        );
        // A3 stays readable: its secret may be seen, the others not.
        return { ...w, hidden: [SECRETS.a1, SECRETS.a2] };
      },
    },
    {
      name: 'owner-only related table, related rows of another user',
      async build() {
        const other = await f.user();
        const w = await authorWorld('OwnerOnly', other.objectId);
        await roleRule(w.authorTableId, 'AuthenticatedUser', 'Find', 'DENY');
        await ok(
          await f.console('PUT', `/security/data/ownerpolicy/${w.authorTableId}`, {
            operation: 'Find',
            access: 'GRANT',
          }),
          'owner rule',
        );
        return w;
      },
    },
    {
      name: 'relation to Users with the default rules (other users are not readable)',
      async build() {
        const v1 = await f.user(`aaa.victim${Date.now()}@example.com`);
        const v2 = await f.user(`zzz.victim${Date.now()}@example.com`);
        const post = 'PostUsers';
        await f.table(post, [
          { name: 'title', dataType: 'STRING' },
          { name: 'hits', dataType: 'INT' },
        ]);
        await ok(
          await f.console('POST', `/data/tables/${post}/columns/relation`, {
            name: 'writer',
            toTableName: 'Users',
            relationshipType: 'ONE_TO_ONE',
          }),
          'relation',
        );
        const mkPost = async (title: string, u?: string) =>
          (await ok(await f.console('POST', `/data/${post}`, { title, hits: 0, ...(u ? { writer: u } : {}) }), 'post'))
            .objectId as string;
        const posts = {
          p1: await mkPost('one', v1.objectId),
          p2: await mkPost('two', v2.objectId),
          p3: await mkPost('three'),
          p4: await mkPost('four'),
        };
        let swapped = false;
        const link = async (p: string, u: string, remove: string) => {
          await ok(await f.console('DELETE', `/data/${post}/${p}/writer/relations`, [remove]), 'unlink');
          await ok(await f.console('PUT', `/data/${post}/${p}/writer`, [u]), 'link');
        };
        return {
          rel: 'writer',
          col: 'email',
          post,
          posts,
          hidden: [v1.email, v2.email],
          right: { prefix: 'aaa.victim%', exact: v1.email },
          wrong: { prefix: 'qqq.nobody%', exact: v1.email.replace('aaa', 'qqq') },
          rowsHidden: true,
          async swap() {
            swapped = !swapped;
            await link(posts.p1, swapped ? v2.objectId : v1.objectId, swapped ? v1.objectId : v2.objectId);
            await link(posts.p2, swapped ? v1.objectId : v2.objectId, swapped ? v2.objectId : v1.objectId);
          },
          async unlink() {
            await ok(await f.console('DELETE', `/data/${post}/${posts.p1}/writer/relations`, [v1.objectId]), 'unlink');
          },
          async relink() {
            await ok(await f.console('PUT', `/data/${post}/${posts.p1}/writer`, [v1.objectId]), 'relink');
          },
        };
      },
    },
  ];

  /** Requests that take a guess about the hidden value (`like` a LIKE pattern, `exact` a value). */
  const guessProbes: Array<[string, (w: World, g: { prefix: string; exact: string }) => Promise<Res>]> = [
    [
      'POST count, where rel.col LIKE guess',
      (w, g) => as('POST', `/data/${w.post}/count`, { where: `${w.rel}.${w.col} LIKE '${g.prefix}'` }),
    ],
    [
      'GET count, where rel.col LIKE guess',
      (w, g) => as('GET', `/data/${w.post}/count?where=${enc(`${w.rel}.${w.col} LIKE '${g.prefix}'`)}`),
    ],
    [
      'POST find, where rel.col LIKE guess',
      (w, g) => as('POST', `/data/${w.post}/find`, { where: `${w.rel}.${w.col} LIKE '${g.prefix}'`, sortBy: 'title' }),
    ],
    [
      'GET find, where rel.col LIKE guess',
      (w, g) => as('GET', `/data/${w.post}?where=${enc(`${w.rel}.${w.col} LIKE '${g.prefix}'`)}&sortBy=title`),
    ],
    [
      'POST count, where rel.col = guess',
      (w, g) => as('POST', `/data/${w.post}/count`, { where: `${w.rel}.${w.col} = '${g.exact}'` }),
    ],
    [
      'POST count, where NOT (rel.col LIKE guess)',
      (w, g) => as('POST', `/data/${w.post}/count`, { where: `NOT (${w.rel}.${w.col} LIKE '${g.prefix}')` }),
    ],
    [
      'POST count, where rel.col NOT LIKE guess',
      (w, g) => as('POST', `/data/${w.post}/count`, { where: `${w.rel}.${w.col} NOT LIKE '${g.prefix}'` }),
    ],
    [
      'POST count, where rel.col IN (guess)',
      (w, g) => as('POST', `/data/${w.post}/count`, { where: `${w.rel}.${w.col} IN ('${g.exact}', 'nothing')` }),
    ],
    [
      'POST count, guess hidden in an OR',
      (w, g) =>
        as('POST', `/data/${w.post}/count`, {
          where: `title = 'nothing' OR (${w.rel}.${w.col} LIKE '${g.prefix}' AND 1 = 1)`,
        }),
    ],
    [
      'POST count, back-quoted path',
      (w, g) => as('POST', `/data/${w.post}/count`, { where: `\`${w.rel}\`.\`${w.col}\` LIKE '${g.prefix}'` }),
    ],
    [
      'POST find, having rel.col LIKE guess',
      (w, g) =>
        as('POST', `/data/${w.post}/find`, {
          props: ['title', 'Count(objectId) as c'],
          groupBy: 'title',
          having: `${w.rel}.${w.col} LIKE '${g.prefix}'`,
          sortBy: 'title',
        }),
    ],
    [
      'POST count, groupBy with having on rel.col',
      (w, g) =>
        as('POST', `/data/${w.post}/count`, { groupBy: 'title', having: `${w.rel}.${w.col} LIKE '${g.prefix}'` }),
    ],
    [
      'PUT bulk update, where rel.col LIKE guess',
      (w, g) => as('PUT', `/data/bulk/${w.post}?where=${enc(`${w.rel}.${w.col} LIKE '${g.prefix}'`)}`, { hits: 1 }),
    ],
    [
      'GET relation load of P1 with where col LIKE guess',
      (w, g) => as('GET', `/data/${w.post}/${w.posts.p1}/${w.rel}?where=${enc(`${w.col} LIKE '${g.prefix}'`)}`),
    ],
  ];

  /** Requests that name the hidden column without a guess: compared across world 1 and world 2. */
  const worldProbes: Array<[string, (w: World) => Promise<Res>]> = [
    [
      'POST find, sortBy rel.col',
      (w) => as('POST', `/data/${w.post}/find`, { sortBy: [`${w.rel}.${w.col}`, 'title'] }),
    ],
    [
      'POST find, sortBy rel.col desc',
      (w) => as('POST', `/data/${w.post}/find`, { sortBy: [`${w.rel}.${w.col} desc`, 'title'] }),
    ],
    ['GET find, sortBy rel.col', (w) => as('GET', `/data/${w.post}?sortBy=${enc(`${w.rel}.${w.col},title`)}`)],
    [
      'POST find, props with rel.col',
      (w) => as('POST', `/data/${w.post}/find`, { props: ['title', `${w.rel}.${w.col}`], sortBy: 'title' }),
    ],
    [
      'POST find, props with an aggregate of rel.col',
      (w) => as('POST', `/data/${w.post}/find`, { props: [`Max(${w.rel}.${w.col}) as m`] }),
    ],
    [
      'POST find, groupBy rel.col',
      (w) => as('POST', `/data/${w.post}/find`, { props: ['Count(objectId) as c'], groupBy: `${w.rel}.${w.col}` }),
    ],
    [
      'POST find, having comparing rel.col',
      (w) =>
        as('POST', `/data/${w.post}/find`, {
          props: ['title', 'Count(objectId) as c'],
          groupBy: 'title',
          having: `${w.rel}.${w.col} > 'S3C-b'`,
          sortBy: 'title',
        }),
    ],
    [
      'POST count, where rel.col compared with a midpoint',
      (w) => as('POST', `/data/${w.post}/count`, { where: `${w.rel}.${w.col} > 'S3C-b' AND title = 'one'` }),
    ],
    [
      'POST find, loadRelations rel',
      (w) => as('POST', `/data/${w.post}/find`, { loadRelations: w.rel, sortBy: 'title' }),
    ],
    [
      'GET find, loadRelations=* with sortBy rel.col',
      (w) => as('GET', `/data/${w.post}?loadRelations=*&sortBy=${enc(`${w.rel}.${w.col}`)}`),
    ],
    ['GET P1 by id with loadRelations', (w) => as('GET', `/data/${w.post}/${w.posts.p1}?loadRelations=${w.rel}`)],
    ['GET relation load of P1', (w) => as('GET', `/data/${w.post}/${w.posts.p1}/${w.rel}`)],
    [
      'GET relation load of P1 sorted by col',
      (w) => as('GET', `/data/${w.post}/${w.posts.p1}/${w.rel}?sortBy=${w.col}`),
    ],
  ];

  /** Whether P1 has a related row must not show when that row is hidden. */
  const existenceProbes: Array<[string, (w: World) => Promise<Res>]> = [
    ['POST count, where rel IS NULL', (w) => as('POST', `/data/${w.post}/count`, { where: `${w.rel} IS NULL` })],
    [
      'POST count, where rel IS NOT NULL',
      (w) => as('POST', `/data/${w.post}/count`, { where: `${w.rel} IS NOT NULL` }),
    ],
    [
      'POST find, where rel.objectId IS NOT NULL',
      (w) =>
        as('POST', `/data/${w.post}/find`, {
          where: `${w.rel}.objectId IS NOT NULL`,
          props: ['objectId'],
          sortBy: 'title',
        }),
    ],
    [
      'POST find, sortBy rel.objectId',
      (w) =>
        as('POST', `/data/${w.post}/find`, { sortBy: [`${w.rel}.objectId`, 'title'], props: ['objectId', 'title'] }),
    ],
    ['GET relation load of P1', (w) => as('GET', `/data/${w.post}/${w.posts.p1}/${w.rel}`)],
    [
      'POST find, loadRelations rel',
      (w) =>
        as('POST', `/data/${w.post}/find`, { loadRelations: w.rel, props: ['objectId', 'title'], sortBy: 'title' }),
    ],
  ];

  /** What is wrong with one answer on its own: a server error, an unexpected status, a hidden value. */
  function alone(w: World, res: Res): string[] {
    const out: string[] = [];
    if (![200, 400, 403].includes(res.status)) out.push(`answered ${res.status}: ${res.text.slice(0, 200)}`);
    for (const h of w.hidden)
      if (res.text.includes(h)) out.push(`the answer contains the hidden value '${h}': ${res.text.slice(0, 300)}`);
    return out;
  }

  for (const variant of variants) {
    describe(variant.name, () => {
      let w: World;
      beforeAll(async () => {
        w = await variant.build();
      });

      it.each(guessProbes)('%s: a right and a wrong guess answer the same', async (_name, probe) => {
        const right = await probe(w, w.right);
        const wrong = await probe(w, w.wrong);
        const problems = [
          ...alone(w, right).map((p) => `right guess: ${p}`),
          ...alone(w, wrong).map((p) => `wrong guess: ${p}`),
        ];
        expect(problems).toEqual([]);
        expect(
          normal(right),
          `right guess answered ${right.status} ${right.text.slice(0, 300)}\nwrong guess answered ${wrong.status} ${wrong.text.slice(0, 300)}`,
        ).toBe(normal(wrong));
      });

      it.each(worldProbes)('%s: the same answer when the hidden values are swapped', async (_name, probe) => {
        const first = await probe(w);
        await w.swap();
        let second: Res;
        try {
          second = await probe(w);
        } finally {
          await w.swap();
        }
        const problems = [
          ...alone(w, first).map((p) => `world 1: ${p}`),
          ...alone(w, second).map((p) => `world 2: ${p}`),
        ];
        expect(problems).toEqual([]);
        expect(
          normal(first),
          `world 1 answered ${first.status} ${first.text.slice(0, 300)}\nworld 2 answered ${second.status} ${second.text.slice(0, 300)}`,
        ).toBe(normal(second));
      });

      if (variant.name !== 'column DENY on the related secret column') {
        it.each(existenceProbes)(
          '%s: the same answer whether or not P1 links to a hidden row',
          async (_name, probe) => {
            const linked = await probe(w);
            await w.unlink();
            let unlinked: Res;
            try {
              unlinked = await probe(w);
            } finally {
              await w.relink();
            }
            const problems = [
              ...alone(w, linked).map((p) => `linked: ${p}`),
              ...alone(w, unlinked).map((p) => `unlinked: ${p}`),
            ];
            expect(problems).toEqual([]);
            expect(
              normal(linked),
              `linked answered ${linked.status} ${linked.text.slice(0, 300)}\nunlinked answered ${unlinked.status} ${unlinked.text.slice(0, 300)}`,
            ).toBe(normal(unlinked));
          },
        );
      }

      if (variant.name.startsWith('relation to Users')) {
        // Refused (400 or 403) wherever a query uses it; a count takes only where, groupBy and having.
        it.each([
          ['where', { where: "writer.password LIKE '$%'" }, true],
          ['sortBy', { sortBy: 'writer.password' }, false],
          ['props', { props: ['writer.password'] }, false],
          ['groupBy', { props: ['Count(objectId) as c'], groupBy: 'writer.password' }, true],
        ] as const)('naming writer.password in %s is refused', async (_name, body, counted) => {
          const found = await as('POST', `/data/${w.post}/find`, body);
          expect([400, 403], found.text).toContain(found.status);
          if (counted) {
            const count = await as('POST', `/data/${w.post}/count`, body);
            expect([400, 403], count.text).toContain(count.status);
          }
        });
      }

      it('the caller cannot read the hidden values directly either (the rules are in force)', async () => {
        const direct = await as('POST', `/data/${w.post}/find`, { loadRelations: w.rel, pageSize: 100 });
        expect(direct.status).toBe(200);
        for (const h of w.hidden) expect(direct.text).not.toContain(h);
      });
    });
  }
});
