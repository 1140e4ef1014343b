import { describe, expect, it } from 'vitest';
import { recordingClient } from '../test-support/fake-fetch.test-helpers.js';
import { H, KEY, bare, describeShapes, get, json } from './shape-cases.test-helpers.js';

const S = `${H}/A/console/security`;
const FILE = 'web/a b.txt';
const FILE_ID = encodeURIComponent(FILE);
/** Writes and drops send a file path in parts, as the reference client does. */
const FILE_PATH = 'web/a%20b.txt';
const usersCount = (query = '') => get(`${H}/A/console/data/Users/count${query}`);
const text = (method: string, url: string, body: string) => ({ url, method, headers: KEY, body });

describeShapes('security', [
  ['loadRoles', (c) => c.security.loadRoles('A'), get(`${S}/roles`), [{ body: [] }]],
  ['createRole', (c) => c.security.createRole('A', 'Sales team'), bare('PUT', `${S}/roles/Sales%20team`)],
  [
    'renameRole',
    (c) => c.security.renameRole('A', 'R1', 'Sales'),
    json('PUT', `${S}/roles/R1/rename`, { name: 'Sales' }),
  ],
  ['deleteRole', (c) => c.security.deleteRole('A', 'R1'), bare('DELETE', `${S}/roles/R1`)],
  ['loadRolePermissions', (c) => c.security.loadRolePermissions('A', 'R1'), get(`${S}/roles/permissions/R1`)],
  [
    'setRolePermission',
    (c) => c.security.setRolePermission('A', 'R1', { service: 'data', operation: 'Find', access: 'DENY' }),
    json('PUT', `${S}/roles/permissions/R1`, { service: 'data', operation: 'Find', access: 'DENY' }),
  ],

  [
    'loadPermissions(default roles)',
    (c) => c.security.loadPermissions('A', 'roles', 'data', 'T1', 'Orders', 'all'),
    get(`${S}/data/T1/roles`),
  ],
  [
    'loadPermissions(default users, identity filter)',
    (c) => c.security.loadPermissions('A', 'users', 'data', 'T1', 'Orders', 'all', { identity: 'ann', offset: 0 }),
    [get(`${S}/data/T1/users?identity=ann&offset=0&name=ann`), usersCount("?where=email%20like%20'%25ann%25'")],
    [{ body: { data: [], totalRows: 0 } }, { body: 0 }],
  ],
  [
    'loadPermissions(owner)',
    (c) => c.security.loadPermissions('A', 'owner', 'data', 'T1', 'Orders', 'all'),
    get(`${S}/data/ownerpolicy/T1`),
  ],
  [
    'loadPermissions(object ACL)',
    (c) => c.security.loadPermissions('A', 'roles', 'data', 'T1', 'Orders', 'OBJ1'),
    get(`${S}/data/Orders/objectAcl/OBJ1/roles`),
  ],
  [
    'loadPermissions(file roles)',
    (c) => c.security.loadPermissions('A', 'roles', 'files', FILE),
    get(`${S}/roles/files/${FILE_ID}`),
  ],
  [
    'loadPermissions(file users)',
    (c) => c.security.loadPermissions('A', 'users', 'files', FILE),
    [get(`${S}/files/users/${FILE_ID}`), usersCount()],
    [{ body: { data: [], totalRows: 0 } }, { body: 0 }],
  ],
  [
    'loadPermissions(file users search)',
    (c) => c.security.loadPermissions('A', 'users', 'files', FILE, undefined, undefined, { name: 'ann' }),
    [get(`${S}/users/search/ann/files/${FILE_ID}?name=ann`), usersCount("?where=email%20like%20'%25ann%25'")],
    [{ body: { data: [], totalRows: 0 } }, { body: 0 }],
  ],
  [
    'loadPermissions(columns)',
    (c) => c.security.loadPermissions('A', 'columns', 'data', 'T1'),
    get(`${S}/data/T1/columns/permissions`),
  ],
  [
    'loadPermissions(users list without total)',
    (c) => c.security.loadPermissions('A', 'users', 'data', 'T1', 'Orders', 'all', { name: 'ann' }, 'email'),
    [get(`${S}/data/T1/users?name=ann`), get(`${H}/A/console/data/Users/count?where=email%20like%20'%25ann%25'`)],
    [{ body: [{ userId: 'U1', name: 'ann@x', permissions: [{ operation: 'Find', access: 'GRANT' }] }] }, { body: 7 }],
  ],

  [
    'setPermission(default roles)',
    (c) =>
      c.security.setPermission('A', 'roles', 'R1', 'data', 'T1', 'Orders', 'all', {
        operation: 'Create',
        access: 'DENY',
      }),
    json('PUT', `${S}/data/T1/roles/R1`, { permissions: [{ operation: 'Create', access: 'DENY' }] }),
  ],
  [
    'setPermission(owner)',
    (c) =>
      c.security.setPermission('A', 'owner', 'owner', 'data', 'T1', 'Orders', 'all', {
        operation: 'Update',
        access: 'GRANT',
      }),
    json('PUT', `${S}/data/ownerpolicy/T1`, { operation: 'Update', access: 'GRANT' }),
  ],
  [
    'setPermission(object ACL)',
    (c) =>
      c.security.setPermission('A', 'users', 'U1', 'data', 'T1', 'Orders', 'OBJ1', {
        operation: 'FIND',
        access: 'DENY',
      }),
    json('PUT', `${S}/data/Orders/objectAcl/OBJ1/users/U1`, { operation: 'FIND', access: 'DENY' }),
  ],
  [
    'setPermission(file roles)',
    (c) =>
      c.security.setPermission('A', 'roles', 'R1', 'files', FILE, undefined, undefined, {
        operation: 'Read',
        access: 'GRANT',
      }),
    json('PUT', `${S}/roles/R1/files/${FILE_PATH}`, { permissions: [{ operation: 'Read', access: 'GRANT' }] }),
  ],
  [
    'setPermission(file users)',
    (c) =>
      c.security.setPermission('A', 'users', 'U1', 'files', FILE, undefined, undefined, {
        operation: 'Read',
        access: 'GRANT',
      }),
    json('PUT', `${S}/users/U1/file/${FILE_PATH}`, { permissions: [{ operation: 'Read', access: 'GRANT' }] }),
  ],
  [
    'setPermission(columns)',
    (c) =>
      c.security.setPermission('A', 'columns', 'R1', 'data', 'T1', 'Orders', 'all', {
        operation: 'Find',
        access: 'DENY',
        columnId: 'C1',
      }),
    json('PUT', `${S}/data/T1/columns/permissions/Find/R1`, { operation: 'Find', access: 'DENY', columnId: 'C1' }),
  ],
  [
    'setPermission(localservices all)',
    (c) =>
      c.security.setPermission('A', 'roles', 'R1', 'localservices', 'S1', undefined, 'all', {
        operation: 'all',
        access: 'GRANT',
      }),
    json('PUT', `${S}/localservices/S1/roles/R1/access/GRANT`, {
      permissions: [{ operation: 'all', access: 'GRANT' }],
    }),
  ],

  [
    'dropPermissions(default with operation)',
    (c) => c.security.dropPermissions('A', 'roles', 'R1', 'data', 'T1', 'Orders', 'all', 'Create'),
    bare('DELETE', `${S}/data/T1/roles/R1/Create`),
  ],
  [
    'dropPermissions(default all)',
    (c) => c.security.dropPermissions('A', 'users', 'U1', 'data', 'T1', 'Orders', 'all', 'all'),
    bare('DELETE', `${S}/data/T1/users/U1`),
  ],
  [
    'dropPermissions(owner)',
    (c) => c.security.dropPermissions('A', 'owner', 'owner', 'data', 'T1', 'Orders', 'all', 'Update'),
    bare('DELETE', `${S}/data/ownerpolicy/T1/Update`),
  ],
  [
    'dropPermissions(object ACL roles)',
    (c) => c.security.dropPermissions('A', 'roles', 'R1', 'data', 'T1', 'Orders', 'OBJ1', 'FIND'),
    bare('DELETE', `${S}/data/Orders/objectAcl/OBJ1/roles/FIND`),
  ],
  [
    'dropPermissions(object ACL users)',
    (c) => c.security.dropPermissions('A', 'users', 'U1', 'data', 'T1', 'Orders', 'OBJ1', 'FIND'),
    bare('DELETE', `${S}/data/Orders/objectAcl/OBJ1/users/U1`),
  ],
  [
    'dropPermissions(file roles)',
    (c) => c.security.dropPermissions('A', 'roles', 'R1', 'files', FILE),
    bare('DELETE', `${S}/roles/R1/files/${FILE_PATH}`),
  ],
  [
    'dropPermissions(file users)',
    (c) => c.security.dropPermissions('A', 'users', 'U1', 'files', FILE),
    bare('DELETE', `${S}/files/users/U1/${FILE_PATH}`),
  ],
  [
    'dropPermissions(columns)',
    (c) => c.security.dropPermissions('A', 'columns', 'R1', 'data', 'T1'),
    bare('DELETE', `${S}/data/T1/columns/R1`),
  ],

  [
    'searchDataACLUsers',
    (c) => c.security.searchDataACLUsers('A', 'Orders', 'OBJ1', 'ann'),
    get(`${S}/data/Orders/objectAcl/OBJ1/users/search/ann`),
  ],
  [
    'loadColumnPermissions',
    (c) => c.security.loadColumnPermissions('A', 'T1'),
    get(`${S}/data/T1/columns/permissions`),
  ],
  ['loadAuditLogs', (c) => c.security.loadAuditLogs('A'), get(`${S}/audit-logs`)],
  [
    'loadAuditLogs(filters)',
    (c) =>
      c.security.loadAuditLogs('A', {
        developer: 'd@x.io',
        action: 'role.create',
        from: 1,
        to: 2,
        offset: 50,
        pageSize: 50,
      }),
    get(`${S}/audit-logs?developer=d%40x.io&action=role.create&from=1&to=2&offset=50&pageSize=50`),
  ],
  ['deleteAuditLogs', (c) => c.security.deleteAuditLogs('A'), bare('DELETE', `${S}/audit-logs`)],
  [
    'deleteAuditLogs(before)',
    (c) => c.security.deleteAuditLogs('A', 1000),
    bare('DELETE', `${S}/audit-logs?before=1000`),
  ],
  [
    'downloadAuditLogs',
    (c) => c.security.downloadAuditLogs('A', 1, 2),
    get(`${S}/audit-logs/download?fromDate=1&toDate=2`),
  ],
  [
    'activatePanicMode',
    (c) => c.security.activatePanicMode('A', { message: 'Back soon' }),
    json('PUT', `${H}/A/console/panic/enable`, { message: 'Back soon' }),
  ],
  [
    'deactivatePanicMode',
    (c) => c.security.deactivatePanicMode('A', {}),
    json('PUT', `${H}/A/console/panic/disable`, {}),
  ],
  ['loadPanicMode', (c) => c.security.loadPanicMode('A'), get(`${H}/A/console/panic`)],
  [
    'runAs',
    (c) => c.security.runAs('A', { table: 'Orders', userId: 'U1', where: 'total > 5', pageSize: 10 }),
    json('POST', `${S}/run-as`, { table: 'Orders', userId: 'U1', where: 'total > 5', pageSize: 10 }),
  ],
  [
    'loadUsers',
    (c) => c.security.loadUsers('A', { identityOrUserId: 'ann', offset: 0, pageSize: 20, sortBy: 'email' }),
    get(`${H}/A/console/user/sessions/users?identityOrUserId=ann&offset=0&pageSize=20&sortBy=email`),
  ],
  [
    'loadUsersWithSessions',
    (c) => c.security.loadUsersWithSessions('A', { cursor: 'c1', pageSize: 10 }),
    get(`${H}/A/console/user/sessions/users-with-sessions?pageSize=10&cursor=c1`),
  ],
  [
    'loadUserSessions',
    (c) => c.security.loadUserSessions('A', 'U1', { pageSize: 10 }),
    get(`${H}/A/console/user/sessions/U1?pageSize=10`),
  ],
  [
    'logoutUserSessions',
    (c) => c.security.logoutUserSessions('A', 'U1'),
    text('PUT', `${H}/A/console/user/sessions/logout`, 'U1'),
  ],
  [
    'activateHIPAACompliance',
    (c) => c.security.activateHIPAACompliance('A'),
    bare('PUT', `${H}/A/console/compliance/hipaa/enable`),
  ],
  [
    'deactivateHIPAACompliance',
    (c) => c.security.deactivateHIPAACompliance('A'),
    bare('PUT', `${H}/A/console/compliance/hipaa/disable`),
  ],
  ['getHIPAACompliance', (c) => c.security.getHIPAACompliance('A'), get(`${H}/A/console/compliance/hipaa`)],
  ['advisor', (c) => c.security.advisor('A'), get(`${S}/advisor`)],
]);

describe('security group: answers', () => {
  it('roles get id, name and the system mark of the built-in names', async () => {
    const { client, replyJson } = recordingClient();
    replyJson([
      { roleId: 'R1', rolename: 'NotAuthenticatedUser' },
      { roleId: 'R2', rolename: 'Sales', system: false },
    ]);
    expect(await client.security.loadRoles('A')).toEqual([
      { roleId: 'R1', rolename: 'NotAuthenticatedUser', id: 'R1', name: 'NotAuthenticatedUser', system: true },
      { roleId: 'R2', rolename: 'Sales', id: 'R2', name: 'Sales', system: false },
    ]);
  });

  it("the server's rows get permission maps and ids, sorted by name", async () => {
    const { client, replyJson } = recordingClient();
    replyJson({
      data: [
        { id: 'R2', roleId: 'R2', name: 'Zeta', permissions: [{ operation: 'Find', access: 'DENY' }] },
        { id: 'R1', roleId: 'R1', name: 'Alpha', permissions: [{ operation: 'Create', access: 'GRANT' }] },
      ],
      totalRows: 2,
    });
    expect(await client.security.loadPermissions('A', 'roles', 'data', 'T1')).toEqual({
      data: [
        { id: 'R1', roleId: 'R1', name: 'Alpha', permissions: { Create: 'GRANT' } },
        { id: 'R2', roleId: 'R2', name: 'Zeta', permissions: { Find: 'DENY' } },
      ],
      totalRows: 2,
    });
  });

  it("a write answers {principal: {operation: access}}: a record's ACL by roles for every role, the owner by operation", async () => {
    const { client, replyJson } = recordingClient();
    replyJson([{ operation: 'Find', access: 'DENY' }]);
    expect(
      await client.security.setPermission('A', 'roles', 'R1', 'data', 'T1', 'Orders', 'all', {
        operation: 'Find',
        access: 'DENY',
      }),
    ).toEqual({ R1: { Find: 'DENY' } });
    replyJson([
      {
        operationId: 'Find',
        operationName: 'Find',
        roles: [
          { roleId: 'R1', roleName: 'A', access: 'DENY' },
          { roleId: 'R2', roleName: 'B', access: 'GRANT' },
        ],
      },
    ]);
    expect(await client.security.dropPermissions('A', 'roles', 'R3', 'data', 'T1', 'Orders', 'OBJ1', 'Update')).toEqual(
      { R1: { Find: 'DENY' }, R2: { Find: 'GRANT' } },
    );
    replyJson('INHERIT');
    expect(
      await client.security.dropPermissions('A', 'owner', 'owner', 'data', 'T1', 'Orders', 'all', 'Update'),
    ).toEqual({ owner: { Update: 'INHERIT' } });
    replyJson('GRANT');
    expect(
      await client.security.setPermission('A', 'owner', 'owner', 'data', 'T1', 'Orders', 'all', {
        operation: 'Find',
        access: 'GRANT',
      }),
    ).toEqual({ owner: { Find: 'GRANT' } });
  });

  it('a users list answered without a total takes it from the Users count', async () => {
    const { client, replyJson } = recordingClient();
    replyJson([{ userId: 'U1', name: 'ann@x', permissions: [] }]);
    replyJson(7);
    expect((await client.security.loadPermissions('A', 'users', 'data', 'T1')).totalRows).toBe(7);
  });

  it('the audit log downloads as text (not JSON, so it stays text)', async () => {
    const { client, reply } = recordingClient();
    reply({ body: 'time,developer\n1,a@b.c\n', headers: { 'content-type': 'text/csv' } });
    expect(await client.security.downloadAuditLogs('A')).toBe('time,developer\n1,a@b.c\n');
  });
});

describe('security group: reference method names', () => {
  it('has every method of the reference client', () => {
    const names =
      'loadRoles createRole deleteRole loadRolePermissions loadPermissions setRolePermission setPermission dropPermissions searchDataACLUsers loadColumnPermissions loadAuditLogs deleteAuditLogs downloadAuditLogs activatePanicMode deactivatePanicMode loadUsers loadUsersWithSessions loadUserSessions logoutUserSessions activateHIPAACompliance deactivateHIPAACompliance'.split(
        ' ',
      );
    expect(names).toHaveLength(21);
    const group = recordingClient().client.security as unknown as Record<string, unknown>;
    expect(names.filter((n) => typeof group[n] !== 'function')).toEqual([]);
  });
});
