import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../test-helpers.js';
import { appFixture, type AppFixture } from '../modules/appapi/appapi.test-helpers.js';
import { Rand, excerpt, fuzzSeed, httpCall, jsonOf, listen, mixSeed, type HttpAnswer } from './suite.test-helpers.js';
import {
  LABEL_NAMES,
  NAMES,
  OPS,
  TAGS,
  WhereGen,
  decide,
  lit,
  parensUnbalanced,
  type Caller,
  type Clause,
  type ItemRow,
  type LabelRow,
  type Op,
  type Scope,
  type ServiceRule,
  type UserKey,
} from './where-scope.test-helpers.js';

/**
 * The where scope property: whatever `where` a caller sends to find, count or the bulk writes of
 * the app API, the answer stays inside the rows the permission rules give that caller. The rows a
 * caller may Find, Update or Remove are worked out here from the rules the test set (never asked
 * from the server), and valid clauses are evaluated here too, so their answers are checked
 * exactly. Clauses come from a seeded generator: `BASALT_FUZZ_SEED` replays or varies them.
 */

const SEED = fuzzSeed(20_260_127);
const READ_WHERES = 40;
const BULK_WHERES = 8;
const EXPLOIT = '1 = 1) OR (1 = 1';

const USERS: UserKey[] = ['A', 'B', 'C'];
const CALLERS: Caller[] = [
  { label: 'A', user: 'A', apiKey: 'REST', roles: ['RestUser', 'AuthenticatedUser'] },
  { label: 'B', user: 'B', apiKey: 'REST', roles: ['RestUser', 'AuthenticatedUser'] },
  { label: 'C (Editors)', user: 'C', apiKey: 'REST', roles: ['RestUser', 'AuthenticatedUser', 'Editors'] },
  { label: 'anonymous REST', user: null, apiKey: 'REST', roles: ['RestUser', 'NotAuthenticatedUser'] },
  { label: 'anonymous JS', user: null, apiKey: 'JS', roles: ['JSUser', 'NotAuthenticatedUser'] },
];
const callerOf = (user: UserKey) => CALLERS.find((c) => c.user === user)!;

/** Service-wide rules: every table of the app, when no table rule names the caller's roles. */
const SERVICE: ServiceRule[] = [
  { role: 'JSUser', op: 'Update', access: 'DENY' },
  { role: 'JSUser', op: 'Remove', access: 'DENY' },
];

const all = (access: 'GRANT' | 'DENY', ops: Op[] = OPS) => ops.map((op) => ({ op, access }));
const everyRole = (access: 'GRANT' | 'DENY', ops: Op[] = OPS) => ops.map((op) => ({ role: 'ALL', op, access }));

/** Rows: 7 per owner (A0…A6, B0…, C0…) and 7 without owner (U0…U6). */
const SCOPES: Scope[] = [
  {
    name: 'owner-only (every role denied, owner granted)',
    table: 'ItemOwner',
    roles: everyRole('DENY'),
    users: [],
    owner: all('GRANT'),
    acl: [],
  },
  {
    name: 'record ACL DENY on some rows of an open table',
    table: 'ItemAclDeny',
    roles: [],
    users: [],
    owner: [],
    acl: [
      ...OPS.map((op) => ({ row: 'A0', user: 'B' as const, op, access: 'DENY' as const })),
      ...OPS.map((op) => ({ row: 'B1', role: 'AuthenticatedUser', op, access: 'DENY' as const })),
      { row: 'B1', user: 'A', op: 'Find', access: 'GRANT' },
      { row: 'C2', role: 'Editors', op: 'Find', access: 'DENY' },
      { row: 'C2', role: 'Editors', op: 'Update', access: 'DENY' },
      { row: 'U0', role: 'NotAuthenticatedUser', op: 'Find', access: 'DENY' },
      { row: 'U0', role: 'RestUser', op: 'Update', access: 'DENY' },
      { row: 'U0', role: 'RestUser', op: 'Remove', access: 'DENY' },
      ...OPS.map((op) => ({ row: 'A3', role: '*', op, access: 'DENY' as const })),
      { row: 'B4', user: 'B', op: 'Find', access: 'DENY' },
    ],
  },
  {
    name: 'record ACL GRANT on some rows under a table DENY',
    table: 'ItemAclGrant',
    roles: everyRole('DENY'),
    users: [],
    owner: [],
    acl: [
      { row: 'A1', user: 'B', op: 'Find', access: 'GRANT' },
      { row: 'A1', user: 'B', op: 'Update', access: 'GRANT' },
      ...OPS.map((op) => ({ row: 'B2', role: 'Editors', op, access: 'GRANT' as const })),
      { row: 'U1', role: '*', op: 'Find', access: 'GRANT' },
      { row: 'C0', role: 'NotAuthenticatedUser', op: 'Find', access: 'GRANT' },
      { row: 'C0', role: 'NotAuthenticatedUser', op: 'Remove', access: 'GRANT' },
      { row: 'A2', role: 'AuthenticatedUser', op: 'Find', access: 'GRANT' },
      { row: 'A2', role: 'Editors', op: 'Find', access: 'DENY' },
      { row: 'C3', user: 'C', op: 'Remove', access: 'GRANT' },
    ],
  },
  {
    name: 'role DENY with owner DENY (and ACL GRANTs)',
    table: 'ItemRoleOwnerDeny',
    roles: OPS.map((op) => ({ role: 'AuthenticatedUser', op, access: 'DENY' as const })),
    users: [],
    owner: all('DENY'),
    acl: [
      { row: 'A3', user: 'A', op: 'Find', access: 'GRANT' },
      { row: 'A3', user: 'A', op: 'Update', access: 'GRANT' },
      { row: 'B0', role: 'RestUser', op: 'Find', access: 'GRANT' },
      { row: 'U3', role: 'AuthenticatedUser', op: 'Remove', access: 'GRANT' },
    ],
  },
  {
    name: 'owner DENY on an open table, user rules',
    table: 'ItemOwnerDeny',
    roles: [{ role: 'AuthenticatedUser', op: 'Update', access: 'DENY' }],
    users: [
      { user: 'B', op: 'Find', access: 'DENY' },
      { user: 'C', op: 'Update', access: 'GRANT' },
      { user: 'A', op: 'Remove', access: 'DENY' },
    ],
    owner: all('DENY', ['Find', 'Remove']),
    acl: [{ row: 'C4', user: 'B', op: 'Find', access: 'GRANT' }],
  },
  {
    name: 'mixed: role DENY beats role GRANT, owner GRANT, user GRANT, ACL both ways',
    table: 'ItemMixed',
    roles: [
      { role: 'AuthenticatedUser', op: 'Find', access: 'DENY' },
      { role: 'RestUser', op: 'Find', access: 'GRANT' },
      { role: 'NotAuthenticatedUser', op: 'Find', access: 'DENY' },
      { role: 'Editors', op: 'Update', access: 'GRANT' },
      { role: 'AuthenticatedUser', op: 'Update', access: 'DENY' },
      { role: 'AuthenticatedUser', op: 'Remove', access: 'DENY' },
    ],
    users: [{ user: 'C', op: 'Find', access: 'GRANT' }],
    owner: all('GRANT', ['Find', 'Remove']),
    acl: [
      { row: 'A5', user: 'C', op: 'Find', access: 'DENY' },
      { row: 'B5', role: 'RestUser', op: 'Find', access: 'GRANT' },
      { row: 'U2', user: 'A', op: 'Update', access: 'GRANT' },
      { row: 'U2', user: 'A', op: 'Remove', access: 'GRANT' },
      { row: 'A6', role: 'Editors', op: 'Remove', access: 'GRANT' },
    ],
  },
];

interface ScopeState {
  scope: Scope;
  rows: ItemRow[];
}

describeEachDb('where scope: answers stay inside the permission scope', (server) => {
  let f: AppFixture;
  let base: string;
  const userIds = {} as Record<UserKey, string>;
  const tokens = {} as Record<UserKey, string>;
  const roleIds = new Map<string, string>();
  const labels = new Map<string, LabelRow>();
  const states: ScopeState[] = [];
  let markSeq = 0;

  const ok = async (res: { statusCode: number; body: string; json(): any }, what: string) => {
    if (res.statusCode !== 200) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
    return res.json();
  };

  /** An app API call over HTTP as the caller (REST or JS key, with the user's token). */
  const api = (caller: Caller, method: string, path: string, body?: unknown): Promise<HttpAnswer> =>
    httpCall(base, method, `/${f.appId}/${f.keys[caller.apiKey]}${path}`, {
      ...(body !== undefined ? { body } : {}),
      ...(caller.user ? { token: tokens[caller.user] } : {}),
    });

  const allRoleNames = () => [...roleIds.keys()];
  const allowed = (st: ScopeState, caller: Caller, op: Op) =>
    new Set(
      st.rows
        .filter((row) => decide(st.scope, SERVICE, allRoleNames(), caller, row, op) === 'GRANT')
        .map((row) => row.objectId),
    );
  const keyOf = (st: ScopeState) => new Map(st.rows.map((row) => [row.objectId, row.key]));
  const shown = (st: ScopeState, ids: Iterable<string>) =>
    [...ids]
      .map((id) => keyOf(st).get(id) ?? id)
      .sort()
      .join(',');

  /** Every stored row of a scope table, read as the developer (the console sees everything). */
  async function stored(st: ScopeState, where?: string): Promise<Array<Record<string, any>>> {
    return ok(
      await f.console('POST', `/data/${st.scope.table}/find`, { pageSize: 100, ...(where ? { where } : {}) }),
      `console find ${st.scope.table}`,
    );
  }

  async function setAcl(st: ScopeState, e: Scope['acl'][number]): Promise<void> {
    const row = st.rows.find((x) => x.key === e.row)!;
    const principal = e.user ? `users/${userIds[e.user]}` : `roles/${e.role === '*' ? '*' : roleIds.get(e.role!)}`;
    await ok(
      await f.console('PUT', `/security/data/${st.scope.table}/objectAcl/${row.objectId}/${principal}`, {
        operation: e.op,
        access: e.access,
      }),
      `ACL ${e.row}`,
    );
  }

  /** Creates the rows again as they were (same objectId, owner, values and labels), with their ACL. */
  async function restore(st: ScopeState, ids: Set<string>): Promise<void> {
    for (const row of st.rows.filter((x) => ids.has(x.objectId))) {
      await ok(
        await f.console('POST', `/data/${st.scope.table}`, {
          objectId: row.objectId,
          ownerId: row.ownerId,
          name: row.name,
          tag: row.tag,
          n: row.n,
          label: row.labels,
        }),
        `restore ${row.key}`,
      );
      for (const e of st.scope.acl.filter((x) => x.row === row.key)) await setAcl(st, e);
    }
  }

  beforeAll(async () => {
    f = await appFixture(server());
    base = await listen(server());
    for (const u of USERS) {
      const user = await f.user();
      userIds[u] = user.objectId;
      tokens[u] = user.token;
    }
    const editors = await ok(await f.console('PUT', '/security/roles/Editors'), 'create role');
    await ok(
      await f.console('PUT', '/security/assignedroles', {
        users: [userIds.C],
        roles: [{ roleId: editors.roleId, status: 'ALL' }],
      }),
      'assign role',
    );
    for (const r of await ok(await f.console('GET', '/security/roles'), 'roles')) roleIds.set(r.rolename, r.roleId);
    for (const rule of SERVICE) {
      await ok(
        await f.console('PUT', `/security/roles/permissions/${roleIds.get(rule.role)}`, {
          service: 'data',
          operation: rule.op,
          access: rule.access,
        }),
        'service rule',
      );
    }

    // Label: an open table reached by relation paths (`label.name`), so their meaning is known.
    await f.table('Label', [
      { name: 'name', dataType: 'STRING' },
      { name: 'rank', dataType: 'INT' },
    ]);
    for (let i = 0; i < 6; i++) {
      const rec = await ok(
        await f.console('POST', '/data/Label', { name: LABEL_NAMES[i % LABEL_NAMES.length], rank: i === 5 ? null : i }),
        'label',
      );
      labels.set(rec.objectId, { objectId: rec.objectId, name: rec.name, rank: rec.rank ?? null });
    }
    const labelIds = [...labels.keys()];

    for (const [si, scope] of SCOPES.entries()) {
      const t = await f.table(scope.table, [
        { name: 'name', dataType: 'STRING' },
        { name: 'tag', dataType: 'STRING' },
        { name: 'n', dataType: 'INT' },
        { name: 'mark', dataType: 'STRING' },
      ]);
      await ok(
        await f.console('POST', `/data/tables/${scope.table}/columns/relation`, {
          name: 'label',
          toTableName: 'Label',
          relationshipType: 'ONE_TO_MANY',
        }),
        'relation',
      );
      const r = new Rand(mixSeed(SEED, 1000 + si));
      const rows: ItemRow[] = [];
      for (const owner of [...USERS, null]) {
        for (let i = 0; i < 7; i++) {
          const values = {
            name: r.pick(NAMES),
            tag: r.pick(TAGS),
            n: r.chance(0.15) ? null : r.int(0, 9),
            labels: r.some(labelIds, r.int(0, 2)),
          };
          const ownerId = owner ? userIds[owner] : null;
          const rec = await ok(
            await f.console('POST', `/data/${scope.table}`, {
              ownerId,
              name: values.name,
              tag: values.tag,
              n: values.n,
              label: values.labels,
            }),
            'row',
          );
          rows.push({ key: `${owner ?? 'U'}${i}`, objectId: rec.objectId, owner, ownerId, ...values });
        }
      }
      const st: ScopeState = { scope, rows };
      states.push(st);
      for (const rule of scope.roles) {
        for (const role of rule.role === 'ALL' ? allRoleNames() : [rule.role]) {
          await ok(
            await f.console('PUT', `/security/data/${t.tableId}/roles/${roleIds.get(role)}`, {
              permissions: [{ operation: rule.op, access: rule.access }],
            }),
            'role rule',
          );
        }
      }
      for (const rule of scope.users)
        await ok(
          await f.console('PUT', `/security/data/${t.tableId}/users/${userIds[rule.user]}`, {
            permissions: [{ operation: rule.op, access: rule.access }],
          }),
          'user rule',
        );
      for (const rule of scope.owner)
        await ok(
          await f.console('PUT', `/security/data/ownerpolicy/${t.tableId}`, {
            operation: rule.op,
            access: rule.access,
          }),
          'owner rule',
        );
      for (const e of scope.acl) await setAcl(st, e);

      // The rows are stored as the model says (owner, values, labels).
      const back = await ok(
        await f.console('POST', `/data/${scope.table}/find`, { pageSize: 100, loadRelations: 'label' }),
        'read back',
      );
      expect(back.length).toBe(rows.length);
      for (const row of rows) {
        const b = back.find((x: { objectId: string }) => x.objectId === row.objectId);
        expect({
          ownerId: b.ownerId,
          name: b.name,
          tag: b.tag,
          n: b.n,
          labels: (b.label ?? []).map((l: { objectId: string }) => l.objectId).sort(),
        }).toEqual({ ownerId: row.ownerId, name: row.name, tag: row.tag, n: row.n, labels: [...row.labels].sort() });
      }
    }
  }, 180_000);

  const state = (table: string) => states.find((s) => s.scope.table === table)!;
  const enc = encodeURIComponent;

  type ReadRoute = 'POST find' | 'GET find' | 'POST count' | 'GET count';
  const READS: ReadRoute[] = ['POST find', 'GET find', 'POST count', 'GET count'];

  function read(st: ScopeState, caller: Caller, route: ReadRoute, where: string): Promise<HttpAnswer> {
    const t = st.scope.table;
    switch (route) {
      case 'POST find':
        return api(caller, 'POST', `/data/${t}/find`, { where, pageSize: 100 });
      case 'GET find':
        return api(caller, 'GET', `/data/${t}?where=${enc(where)}&pageSize=100`);
      case 'POST count':
        return api(caller, 'POST', `/data/${t}/count`, { where });
      case 'GET count':
        return api(caller, 'GET', `/data/${t}/count?where=${enc(where)}`);
    }
  }

  /**
   * Checks one read answer; answers what is wrong with it (empty when right). `expected` is the
   * exact answer for a clause whose meaning is known; `mustRefuse` for unbalanced parentheses.
   */
  function judgeRead(
    st: ScopeState,
    caller: Caller,
    route: ReadRoute,
    where: string,
    res: HttpAnswer,
    expected: Set<string> | undefined,
    mustRefuse: boolean,
  ): string[] {
    const at = `[${st.scope.table} as ${caller.label}] ${route} where ${JSON.stringify(where)}`;
    const problems: string[] = [];
    const scope = allowed(st, caller, 'Find');
    if (res.status === 0 || res.status >= 500)
      return [`${at}: answered ${res.status} ${res.error ?? excerpt(res.text)}`];
    if (res.status === 200) {
      const body = jsonOf(res);
      if (route.endsWith('find')) {
        const ids = Array.isArray(body) ? body.map((x: { objectId: string }) => x.objectId) : [];
        const outside = ids.filter((id) => !scope.has(id));
        if (!Array.isArray(body)) problems.push(`${at}: a find answered ${excerpt(res.text)}`);
        if (outside.length) problems.push(`${at}: answered rows outside the caller's scope: ${shown(st, outside)}`);
        if (expected && shown(st, ids) !== shown(st, expected))
          problems.push(`${at}: answered ${shown(st, ids) || '(none)'}, expected ${shown(st, expected) || '(none)'}`);
      } else {
        if (typeof body !== 'number') problems.push(`${at}: a count answered ${excerpt(res.text)}`);
        else if (body > scope.size)
          problems.push(`${at}: counted ${body}, more than the ${scope.size} rows the caller may Find`);
        else if (expected && body !== expected.size) problems.push(`${at}: counted ${body}, expected ${expected.size}`);
      }
    }
    if (mustRefuse && res.status !== 400)
      problems.push(`${at}: unbalanced parentheses answered ${res.status} (expected 400): ${excerpt(res.text)}`);
    else if (expected && !mustRefuse && res.status !== 200)
      problems.push(`${at}: a valid clause answered ${res.status}: ${excerpt(res.text)}`);
    return problems;
  }

  const matching = (st: ScopeState, scope: Set<string>, clause: Clause) =>
    new Set(st.rows.filter((row) => scope.has(row.objectId) && clause.ev(row) === true).map((row) => row.objectId));

  /** The report of a test: every problem found, the seed to replay them. */
  const report = (problems: string[]) =>
    `${problems.length} problem(s), seed ${SEED} (replay: BASALT_FUZZ_SEED=${SEED}):\n${problems.slice(0, 40).join('\n')}${problems.length > 40 ? `\n… and ${problems.length - 40} more` : ''}`;

  // ---- The exploit, by name -------------------------------------------------------------------

  for (const route of READS) {
    it(`owner-only table: user A's ${route} with where ${JSON.stringify(EXPLOIT)} returns none of user B's rows`, async () => {
      const st = state('ItemOwner');
      const res = await read(st, callerOf('A'), route, EXPLOIT);
      expect(res.status, res.text).toBeLessThan(500);
      if (res.status !== 200) return;
      const body = jsonOf(res);
      const ofB = new Set(st.rows.filter((r) => r.owner === 'B').map((r) => r.objectId));
      if (route.endsWith('find')) {
        const leaked = body.filter(
          (x: { objectId: string; ownerId: string }) => ofB.has(x.objectId) || x.ownerId === userIds.B,
        );
        expect(
          leaked.map((x: { objectId: string }) => keyOf(st).get(x.objectId)),
          `B's rows answered to A (${body.length} rows in all)`,
        ).toEqual([]);
      } else {
        expect(body, 'count beyond the 7 rows A owns').toBeLessThanOrEqual(7);
      }
    });

    it(`record ACL DENY: user B's ${route} with where ${JSON.stringify(EXPLOIT)} does not return row A0 (ACL DENY for B) nor A3 (ACL DENY for every role)`, async () => {
      const st = state('ItemAclDeny');
      const res = await read(st, callerOf('B'), route, EXPLOIT);
      expect(res.status, res.text).toBeLessThan(500);
      if (res.status !== 200) return;
      const body = jsonOf(res);
      const denied = st.rows.filter((r) => r.key === 'A0' || r.key === 'A3' || r.key === 'B4').map((r) => r.objectId);
      if (route.endsWith('find')) {
        expect(
          body
            .map((x: { objectId: string }) => x.objectId)
            .filter((id: string) => denied.includes(id))
            .map((id: string) => keyOf(st).get(id)),
          'denied rows answered',
        ).toEqual([]);
      } else {
        expect(body, 'count beyond the rows B may Find').toBeLessThanOrEqual(allowed(st, callerOf('B'), 'Find').size);
      }
    });
  }

  it(`the exploit text ${JSON.stringify(EXPLOIT)} is a 400 on every read route, whatever the scope`, async () => {
    const problems: string[] = [];
    for (const st of states) {
      for (const caller of CALLERS) {
        for (const route of READS) {
          const res = await read(st, caller, route, EXPLOIT);
          if (res.status !== 400)
            problems.push(`[${st.scope.table} as ${caller.label}] ${route}: ${res.status} ${excerpt(res.text, 80)}`);
        }
      }
    }
    expect(problems.length, report(problems)).toBe(0);
  });

  it(`owner-only table: user A's bulk update with where ${JSON.stringify(EXPLOIT)} changes none of B's rows`, async () => {
    const st = state('ItemOwner');
    const mark = `exploit${markSeq++}`;
    const res = await api(callerOf('A'), 'PUT', `/data/bulk/${st.scope.table}?where=${enc(EXPLOIT)}`, { mark });
    expect(res.status, res.text).toBeLessThan(500);
    const touched = await stored(st, `mark = ${lit(mark)}`);
    expect(
      touched.filter((x) => x.ownerId !== userIds.A).map((x) => keyOf(st).get(x.objectId)),
      'rows of other owners changed by A',
    ).toEqual([]);
  });

  for (const [label, method, path, body] of [
    ['POST /data/bulk/{table}/delete', 'POST', (t: string) => `/data/bulk/${t}/delete`, { where: EXPLOIT }],
    ['DELETE /data/bulk/{table}?where=', 'DELETE', (t: string) => `/data/bulk/${t}?where=${enc(EXPLOIT)}`, undefined],
  ] as const) {
    it(`owner-only table: user A's bulk delete (${label}) with where ${JSON.stringify(EXPLOIT)} deletes none of B's rows`, async () => {
      const st = state('ItemOwner');
      const res = await api(callerOf('A'), method, path(st.scope.table), body);
      const left = new Set((await stored(st)).map((x) => x.objectId));
      const gone = new Set(st.rows.filter((r) => !left.has(r.objectId)).map((r) => r.objectId));
      await restore(st, gone);
      expect(res.status, res.text).toBeLessThan(500);
      expect(
        st.rows.filter((r) => gone.has(r.objectId) && r.owner !== 'A').map((r) => r.key),
        'rows of other owners deleted by A',
      ).toEqual([]);
    });
  }

  it(`record ACL DENY: user B's bulk update and delete with where ${JSON.stringify(EXPLOIT)} leave row A0 alone`, async () => {
    const st = state('ItemAclDeny');
    const a0 = st.rows.find((r) => r.key === 'A0')!;
    const mark = `exploit${markSeq++}`;
    const upd = await api(callerOf('B'), 'PUT', `/data/bulk/${st.scope.table}?where=${enc(EXPLOIT)}`, { mark });
    const marked = (await stored(st, `mark = ${lit(mark)}`)).map((x) => x.objectId);
    const del = await api(callerOf('B'), 'POST', `/data/bulk/${st.scope.table}/delete`, { where: EXPLOIT });
    const left = new Set((await stored(st)).map((x) => x.objectId));
    const gone = new Set(st.rows.filter((r) => !left.has(r.objectId)).map((r) => r.objectId));
    await restore(st, gone);
    expect(
      [upd.status, del.status].every((s) => s > 0 && s < 500),
      `${upd.status} ${upd.text} / ${del.status} ${del.text}`,
    ).toBe(true);
    expect(marked.includes(a0.objectId), 'A0 updated by B').toBe(false);
    expect(gone.has(a0.objectId), 'A0 deleted by B').toBe(false);
  });

  // ---- The property, per scope ----------------------------------------------------------------

  for (const [si, scope] of SCOPES.entries()) {
    it(`${scope.name}: random wheres on find, count, GET find and GET count answer only rows the caller may Find (exactly the matching ones for valid clauses)`, async () => {
      const st = state(scope.table);
      const problems: string[] = [];
      let validSeen = 0;
      for (const [ci, caller] of CALLERS.entries()) {
        const r = new Rand(mixSeed(SEED, si * 100 + ci));
        const gen = new WhereGen(r, { rows: st.rows, labels, userIds });
        const scopeRows = allowed(st, caller, 'Find');
        for (let i = 0; i < READ_WHERES; i++) {
          const kind = r.weighted([
            [6, 'valid'],
            [2, 'unbalanced'],
            [2, 'hostile'],
          ] as const);
          let where: string;
          let expected: Set<string> | undefined;
          if (kind === 'valid') {
            const clause = gen.valid();
            where = clause.text;
            expected = matching(st, scopeRows, clause);
            validSeen++;
          } else where = kind === 'unbalanced' ? gen.unbalanced() : gen.hostile();
          const mustRefuse = parensUnbalanced(where);
          if (kind === 'unbalanced' && !mustRefuse)
            problems.push(`test bug: ${JSON.stringify(where)} is not unbalanced`);
          const answers = await Promise.all(READS.map((route) => read(st, caller, route, where)));
          READS.forEach((route, k) =>
            problems.push(...judgeRead(st, caller, route, where, answers[k], expected, mustRefuse)),
          );
        }
      }
      expect(validSeen).toBeGreaterThan(CALLERS.length * READ_WHERES * 0.4);
      expect(problems.length, report(problems)).toBe(0);
    }, 120_000);

    it(`${scope.name}: bulk update and bulk delete by random wheres touch only rows the caller may Update / Remove (exactly the matching ones for valid clauses)`, async () => {
      const st = state(scope.table);
      const problems: string[] = [];
      for (const [ci, caller] of CALLERS.entries()) {
        const r = new Rand(mixSeed(SEED, 50_000 + si * 100 + ci));
        const gen = new WhereGen(r, { rows: st.rows, labels, userIds });
        const mayUpdate = allowed(st, caller, 'Update');
        const mayRemove = allowed(st, caller, 'Remove');
        for (let i = 0; i < BULK_WHERES; i++) {
          const kind = r.weighted([
            [5, 'valid'],
            [2, 'unbalanced'],
            [2, 'hostile'],
          ] as const);
          const clause = kind === 'valid' ? gen.valid() : undefined;
          const where = clause ? clause.text : kind === 'unbalanced' ? gen.unbalanced() : gen.hostile();
          const mustRefuse = parensUnbalanced(where);
          const at = `[${scope.table} as ${caller.label}] where ${JSON.stringify(where)}`;

          const mark = `m${markSeq++}`;
          const upd = await api(caller, 'PUT', `/data/bulk/${scope.table}?where=${enc(where)}`, { mark });
          const touched = new Set((await stored(st, `mark = ${lit(mark)}`)).map((x) => String(x.objectId)));
          const outsideU = [...touched].filter((id) => !mayUpdate.has(id));
          if (upd.status === 0 || upd.status >= 500)
            problems.push(`${at} bulk update: answered ${upd.status} ${upd.error ?? excerpt(upd.text)}`);
          if (outsideU.length)
            problems.push(`${at} bulk update changed rows the caller may not Update: ${shown(st, outsideU)}`);
          if (mustRefuse && upd.status !== 400)
            problems.push(`${at} bulk update: unbalanced parentheses answered ${upd.status} (expected 400)`);
          if (upd.status === 200 && jsonOf(upd) !== touched.size)
            problems.push(`${at} bulk update answered ${upd.text} but changed ${touched.size} rows`);
          if (clause) {
            const expected = matching(st, mayUpdate, clause);
            if (upd.status !== 200)
              problems.push(`${at} bulk update of a valid clause answered ${upd.status}: ${excerpt(upd.text)}`);
            else if (shown(st, touched) !== shown(st, expected))
              problems.push(
                `${at} bulk update changed ${shown(st, touched) || '(none)'}, expected ${shown(st, expected) || '(none)'}`,
              );
          }

          // The SDK's form (POST …/delete with the where in the body) is checked in full; a DELETE
          // with the where in the query string must at least never remove a row outside the scope.
          const sdkForm = r.chance(0.75);
          const del = sdkForm
            ? await api(caller, 'POST', `/data/bulk/${scope.table}/delete`, { where })
            : await api(caller, 'DELETE', `/data/bulk/${scope.table}?where=${enc(where)}`);
          const left = new Set((await stored(st)).map((x) => String(x.objectId)));
          const gone = new Set(st.rows.filter((row) => !left.has(row.objectId)).map((row) => row.objectId));
          await restore(st, gone);
          const outsideR = [...gone].filter((id) => !mayRemove.has(id));
          if (del.status === 0 || del.status >= 500)
            problems.push(
              `${at} bulk delete (${sdkForm ? 'POST …/delete' : 'DELETE ?where='}): answered ${del.status} ${del.error ?? excerpt(del.text)}`,
            );
          if (outsideR.length)
            problems.push(`${at} bulk delete removed rows the caller may not Remove: ${shown(st, outsideR)}`);
          if (mustRefuse && del.status === 200)
            problems.push(`${at} bulk delete: unbalanced parentheses answered ${del.status} (expected 400)`);
          else if (mustRefuse && sdkForm && del.status !== 400)
            problems.push(`${at} bulk delete: unbalanced parentheses answered ${del.status} (expected 400)`);
          if (del.status === 200 && jsonOf(del) !== gone.size)
            problems.push(`${at} bulk delete answered ${del.text} but removed ${gone.size} rows`);
          if (clause && (sdkForm || del.status === 200)) {
            const expected = matching(st, mayRemove, clause);
            if (del.status !== 200)
              problems.push(`${at} bulk delete of a valid clause answered ${del.status}: ${excerpt(del.text)}`);
            else if (shown(st, gone) !== shown(st, expected))
              problems.push(
                `${at} bulk delete removed ${shown(st, gone) || '(none)'}, expected ${shown(st, expected) || '(none)'}`,
              );
          }
        }
      }
      expect(problems.length, report(problems)).toBe(0);
    }, 180_000);
  }
});
