import { expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { AuditTables } from './audit.migrations.js';
import { createTestApp, describeEachDb, registerDeveloper } from '../../test-helpers.js';
import { logOf } from './audit.test-helpers.js';

describeEachDb('audit log', (server) => {
  it('records each console change once: rich summaries from modules, route-level entries for the rest', async () => {
    const owner = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey);
    expect(
      (
        await server().call('POST', `/${appId}/console/data/tables`, {
          authKey: owner.authKey,
          body: { name: 'Person' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await server().call('POST', `/${appId}/console/counters/hits`, { authKey: owner.authKey, body: { value: 1 } }))
        .statusCode,
    ).toBe(200);
    // Reads and refused changes leave no trace.
    await server().call('GET', `/${appId}/console/data/tables`, { authKey: owner.authKey });
    await server().call('POST', `/${appId}/console/data/Person/find`, { authKey: owner.authKey, body: {} });
    expect(
      (await server().call('POST', `/${appId}/console/data/tables`, { authKey: owner.authKey, body: { name: '1bad' } }))
        .statusCode,
    ).toBe(400);

    const log = await logOf(server(), owner, appId, '', (d) => d.length >= 2);
    expect(log.totalRows).toBe(2);
    const [counter, table] = log.data;
    expect(table).toMatchObject({
      action: 'tables.create',
      target: 'Person',
      summary: 'Created table Person',
      actor: owner.email,
      developerId: owner.id,
    });
    expect(counter).toMatchObject({
      action: 'counters.create',
      target: 'counter hits',
      summary: 'Create counter hits',
      actor: owner.email,
    });
    expect(counter.created).toBeGreaterThanOrEqual(table.created);
  });

  it('filters by developer, action and dates, and pages', async () => {
    const owner = await registerDeveloper(server());
    const mate = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey);
    await server().call('POST', `/${appId}/console/devteam`, { authKey: owner.authKey, body: { email: mate.email } });
    for (const name of ['c1', 'c2', 'c3'])
      await server().call('POST', `/${appId}/console/counters/${name}`, { authKey: mate.authKey, body: {} });
    await logOf(server(), owner, appId, '', (d) => d.length >= 4);

    const byMate = await logOf(server(), owner, appId, `?developer=${encodeURIComponent(mate.email)}`);
    expect(byMate.totalRows).toBe(3);
    expect((await logOf(server(), owner, appId, `?developer=${mate.id}`)).totalRows).toBe(3);
    const invites = await logOf(server(), owner, appId, '?action=devTeam.inviteDeveloper');
    expect(invites.data.map((e) => e.summary)).toEqual([`Added ${mate.email} to the team`]);
    const page = await logOf(server(), owner, appId, '?pageSize=2&offset=1');
    expect(page.totalRows).toBe(4);
    expect(page.data.map((e) => e.target)).toEqual(['counter c2', 'counter c1']);
    expect((await logOf(server(), owner, appId, '?from=2000-01-01&to=2000-12-31')).totalRows).toBe(0);
    expect((await logOf(server(), owner, appId, `?from=${Date.now() - 60_000}`)).totalRows).toBe(4);
    const bad = await server().call('GET', `/${appId}/console/security/audit-logs?from=yesterday`, {
      authKey: owner.authKey,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields.map((f: { field: string }) => f.field)).toEqual(['from']);
    // Team members read the log too; outsiders do not see it.
    expect(
      (await server().call('GET', `/${appId}/console/security/audit-logs`, { authKey: mate.authKey })).statusCode,
    ).toBe(200);
    const outsider = await registerDeveloper(server());
    expect(
      (await server().call('GET', `/${appId}/console/security/audit-logs`, { authKey: outsider.authKey })).statusCode,
    ).toBe(404);
  });

  it('downloads a date range as CSV with formula-looking text defused', async () => {
    const owner = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey);
    await server().call('POST', `/${appId}/console/counters/${encodeURIComponent('=cmd')}`, {
      authKey: owner.authKey,
      body: {},
    });
    await server().call('POST', `/${appId}/console/counters/plain`, { authKey: owner.authKey, body: {} });
    await logOf(server(), owner, appId, '', (d) => d.length >= 2);
    // Entries now read as sentences ("Create counter =cmd"); text that starts like a formula still
    // reaches the log from older entries and other writers, so one is written directly.
    const db = server().app.basalt.dbs.system as unknown as Kysely<AuditTables>;
    await db
      .insertInto('audit_log')
      .values({
        id: `zz${Date.now()}`,
        app_id: appId,
        developer_id: owner.id,
        actor: owner.email,
        action: 'counters.create',
        target: '=cmd',
        summary: '+SUM(A1)',
        created: Date.now(),
      })
      .execute();

    const today = new Date().toISOString().slice(0, 10);
    const res = await server().call(
      'GET',
      `/${appId}/console/security/audit-logs/download?fromDate=${today}&toDate=${today}`,
      { authKey: owner.authKey },
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('time,developer,action,target,summary');
    expect(lines).toHaveLength(4);
    expect(lines.some((l) => l.endsWith(`"counters.create","'=cmd","'+SUM(A1)"`))).toBe(true);
    expect(lines.some((l) => l.includes('"counter plain","Create counter plain"'))).toBe(true);
    expect(lines.some((l) => l.includes('"counter =cmd","Create counter =cmd"'))).toBe(true);
    expect(lines.every((l) => !l.includes(',"=') && !l.includes(',"+'))).toBe(true);

    const old = await server().call(
      'GET',
      `/${appId}/console/security/audit-logs/download?fromDate=2000-01-01&toDate=2000-01-02`,
      { authKey: owner.authKey },
    );
    expect(old.body.trim().split('\r\n')).toHaveLength(1);
    const bad = await server().call('GET', `/${appId}/console/security/audit-logs/download?toDate=soon`, {
      authKey: owner.authKey,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes the log (operation 115): refused to a member denied it', async () => {
    const owner = await registerDeveloper(server());
    const mate = await registerDeveloper(server());
    const appId = await createTestApp(server(), owner.authKey);
    await server().call('POST', `/${appId}/console/devteam`, { authKey: owner.authKey, body: { email: mate.email } });
    await server().call('PUT', `/${appId}/console/devteam/${mate.id}/permissions`, {
      authKey: owner.authKey,
      body: [{ operation: 115, access: 'DENY' }],
    });
    await logOf(server(), owner, appId, '', (d) => d.length >= 2);
    // Entries now read as sentences ("Create counter =cmd"); text that starts like a formula still
    // reaches the log from older entries and other writers, so one is written directly.
    const db = server().app.basalt.dbs.system as unknown as Kysely<AuditTables>;
    await db
      .insertInto('audit_log')
      .values({
        id: `zz${Date.now()}`,
        app_id: appId,
        developer_id: owner.id,
        actor: owner.email,
        action: 'counters.create',
        target: '=cmd',
        summary: '+SUM(A1)',
        created: Date.now(),
      })
      .execute();

    expect(
      (await server().call('DELETE', `/${appId}/console/security/audit-logs`, { authKey: mate.authKey })).statusCode,
    ).toBe(403);
    const older = await server().call('DELETE', `/${appId}/console/security/audit-logs?before=2000-01-01`, {
      authKey: owner.authKey,
    });
    expect(older.json()).toEqual({ deleted: 0 });
    const all = await server().call('DELETE', `/${appId}/console/security/audit-logs`, { authKey: owner.authKey });
    expect(all.statusCode).toBe(200);
    expect(all.json().deleted).toBeGreaterThanOrEqual(2);
    // The deletion itself is the one entry left: who cleared the log stays known.
    const after = await logOf(server(), owner, appId, '', (d) => d.length >= 1);
    expect(after.data.map((e) => e.action)).toEqual(['security.deleteAuditLogs']);
  });
});
