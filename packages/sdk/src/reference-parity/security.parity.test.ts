import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const find = { operation: 'find', access: 'GRANT' };
const aclByRoles = [
  {
    operationName: 'find',
    operationId: 'find-123',
    roles: [{ roleId: 'role-123', roleName: 'TestRole', access: 'GRANT' }],
  },
];
const set = (
  api: any,
  policy: string,
  who: string,
  service: string,
  item: string,
  objectId: string,
  permission: object,
) => api.security.setPermission(A, policy, who, service, item, 'TableName', objectId, permission);
const drop = (
  api: any,
  policy: string,
  who: string,
  service: string,
  item: string,
  objectId: string,
  operation: string,
) => api.security.dropPermissions(A, policy, who, service, item, 'TableName', objectId, operation);

describeParity('security', [
  [
    'loadRoles adds id, name and system',
    (api) => api.security.loadRoles(A),
    [
      ok([
        { roleId: 'role-123', rolename: 'TestRole' },
        { roleId: 'role-456', rolename: 'AuthenticatedUser' },
      ]),
    ],
  ],
  ['loadRoles refused', (api) => api.security.loadRoles(A), [fail('Unauthorized', 401)]],
  [
    'createRole puts the name in the path and adds id and name',
    (api) => api.security.createRole(A, 'NewRole'),
    [ok({ roleId: 'new-role-123', rolename: 'NewRole' })],
  ],
  [
    'createRole with reserved characters in the name',
    (api) => api.security.createRole(A, 'Role With Spaces & Special@Chars'),
    [ok({ roleId: 'role-123', rolename: 'Role With Spaces & Special@Chars' })],
  ],
  ['createRole refused', (api) => api.security.createRole(A, 'ExistingRole'), [fail('Role already exists', 409)]],
  ['deleteRole answers nothing', (api) => api.security.deleteRole(A, 'role-123'), [ok()]],
  ['deleteRole refused', (api) => api.security.deleteRole(A, 'non-existent-role'), [fail('Role not found', 404)]],
  [
    'loadRolePermissions answers the list as it is',
    (api) => api.security.loadRolePermissions(A, 'role-123'),
    [ok([find, { operation: 'create', access: 'DENY' }])],
  ],
  [
    'loadRolePermissions refused',
    (api) => api.security.loadRolePermissions(A, 'invalid-role'),
    [fail('Role not found', 404)],
  ],
  [
    'setRolePermission sends the permission as JSON',
    (api) => api.security.setRolePermission(A, 'role-123', find),
    [ok(find)],
  ],
  [
    'setRolePermission refused',
    (api) => api.security.setRolePermission(A, 'role-123', {}),
    [fail('Invalid permission', 400)],
  ],
  [
    'loadPermissions of a channel by roles: permissions become a map',
    (api) => api.security.loadPermissions(A, 'roles', 'messaging', 'service-123', 'ServiceName', 'all'),
    [ok([{ roleId: 'role-123', permissions: [find, { operation: 'create', access: 'DENY' }] }])],
  ],
  [
    'loadPermissions of a table by roles',
    (api) => api.security.loadPermissions(A, 'roles', 'data', 'table-123', 'TableName', 'all'),
    [ok([{ roleId: 'role-123', permissions: [find] }])],
  ],
  [
    'loadPermissions of the owner policy',
    (api) => api.security.loadPermissions(A, 'owner', 'data', 'table-123', 'TableName', 'all'),
    [ok([find, { operation: 'create', access: 'DENY' }])],
  ],
  [
    'loadPermissions with filter parameters (identity sent as name)',
    (api) =>
      api.security.loadPermissions(A, 'roles', 'messaging', 'service-123', 'ServiceName', 'all', {
        identity: 'testuser',
        offset: 10,
        pageSize: 20,
      }),
    [ok([])],
  ],
  [
    'loadPermissions of a record ACL by roles',
    (api) => api.security.loadPermissions(A, 'roles', 'messaging', 'service-123', 'ServiceName', 'object-456'),
    [ok([{ roleId: 'role-123', permissions: [find] }])],
  ],
  [
    'loadPermissions of a folder by roles',
    (api) => api.security.loadPermissions(A, 'roles', 'files', 'folder/path', 'FolderName', 'all'),
    [ok([])],
  ],
  [
    'loadPermissions refused',
    (api) => api.security.loadPermissions(A, 'users', 'data', 'table-123', 'TableName', 'all'),
    [fail('Access denied', 403)],
  ],
  [
    'setPermission of a user wraps the permission and answers {user: {operation: access}}',
    (api) => set(api, 'users', 'user-123', 'data', 'table-123', 'all', find),
    [ok({ permissions: [find] })],
  ],
  [
    'setPermission of the owner policy sends the permission bare',
    (api) => set(api, 'owner', 'owner', 'data', 'table-123', 'all', find),
    [ok('GRANT')],
    'the reference keys the owner answer by the permission object ("[object Object]"); Basalt keys it by the operation',
  ],
  [
    'setPermission of a record ACL by roles answers {role: {operation: access}}',
    (api) => set(api, 'roles', 'role-123', 'data', 'table-123', 'object-456', find),
    [ok(aclByRoles)],
  ],
  [
    'setPermission of a column answers the list as it is',
    (api) => set(api, 'columns', 'role-123', 'data', 'table-123', 'all', find),
    [ok([{ columnId: 'col-123', access: 'GRANT' }])],
  ],
  [
    'setPermission of a file by user',
    (api) => set(api, 'users', 'user-123', 'files', 'folder/path', 'all', find),
    [ok({ permissions: [find] })],
  ],
  [
    'setPermission of every operation of an API service',
    (api) =>
      set(api, 'users', 'user-123', 'localservices', 'service-123', 'all', { operation: 'all', access: 'GRANT' }),
    [ok({ permissions: [{ operation: 'all', access: 'GRANT' }] })],
  ],
  [
    'setPermission refused',
    (api) => set(api, 'users', 'user-123', 'data', 'table-123', 'all', find),
    [fail('Permission denied', 403)],
  ],
  [
    'dropPermissions of a user operation answers {user: {operation: access}}',
    (api) => drop(api, 'users', 'user-123', 'data', 'table-123', 'all', 'find'),
    [ok({ permissions: [find] })],
  ],
  [
    'dropPermissions of an owner operation',
    (api) => drop(api, 'owner', 'owner', 'data', 'table-123', 'all', 'find'),
    [ok('GRANT')],
  ],
  [
    'dropPermissions of a record ACL operation by roles',
    (api) => drop(api, 'roles', 'role-123', 'data', 'table-123', 'object-456', 'find'),
    [ok(aclByRoles)],
  ],
  [
    'dropPermissions of a record ACL user',
    (api) => drop(api, 'users', 'user-123', 'data', 'table-123', 'object-456', 'find'),
    [ok({ permissions: [find] })],
  ],
  [
    'dropPermissions of a folder role',
    (api) => drop(api, 'roles', 'role-123', 'files', 'folder/path', 'all', 'find'),
    [ok({ permissions: [find] })],
  ],
  [
    'dropPermissions refused',
    (api) => drop(api, 'users', 'user-123', 'data', 'table-123', 'all', 'find'),
    [fail('Permission not found', 404)],
  ],
  [
    'searchDataACLUsers wraps the list, maps permissions and adds ids',
    (api) => api.security.searchDataACLUsers(A, 'TableName', 'object-123', 'test'),
    [
      ok([
        { userId: 'user-123', email: 'test@example.com', permissions: [find] },
        { userId: 'user-456', email: 'another@example.com', permissions: [{ operation: 'create', access: 'DENY' }] },
      ]),
    ],
  ],
  [
    'searchDataACLUsers refused',
    (api) => api.security.searchDataACLUsers(A, 'TableName', 'object-123', 'test'),
    [fail('Search failed', 500)],
  ],
  [
    'loadColumnPermissions answers the list as it is',
    (api) => api.security.loadColumnPermissions(A, 'table-123'),
    [ok([{ columnId: 'col-123', permissions: [find] }])],
  ],
  [
    'loadColumnPermissions refused',
    (api) => api.security.loadColumnPermissions(A, 'invalid-table'),
    [fail('Table not found', 404)],
  ],
  [
    'loadAuditLogs',
    (api) => api.security.loadAuditLogs(A),
    [ok([{ id: 'log-123', action: 'CREATE', timestamp: 1700000000000 }])],
  ],
  ['loadAuditLogs refused', (api) => api.security.loadAuditLogs(A), [fail('Access denied', 403)]],
  ['deleteAuditLogs answers nothing', (api) => api.security.deleteAuditLogs(A), [ok()]],
  ['deleteAuditLogs refused', (api) => api.security.deleteAuditLogs(A), [fail('Delete failed', 500)]],
  [
    'downloadAuditLogs of a date range',
    (api) => api.security.downloadAuditLogs(A, '2023-01-01', '2023-12-31'),
    [ok({ downloadUrl: 'https://example.com/logs.csv' })],
  ],
  [
    'downloadAuditLogs refused',
    (api) => api.security.downloadAuditLogs(A, '2023-01-01', '2023-12-31'),
    [fail('Download failed', 500)],
  ],
  [
    'activatePanicMode sends the settings',
    (api) => api.security.activatePanicMode(A, { timeoutMinutes: 30, reason: 'Security breach' }),
    [ok({ enabled: true })],
  ],
  ['activatePanicMode refused', (api) => api.security.activatePanicMode(A, {}), [fail('Activation failed', 500)]],
  [
    'deactivatePanicMode sends the settings',
    (api) => api.security.deactivatePanicMode(A, { reason: 'Issue resolved' }),
    [ok({ enabled: false })],
  ],
  ['deactivatePanicMode refused', (api) => api.security.deactivatePanicMode(A, {}), [fail('Deactivation failed', 500)]],
  [
    'loadUsers with every query parameter',
    (api) =>
      api.security.loadUsers(A, { identityOrUserId: 'test@example.com', offset: 0, pageSize: 20, sortBy: 'email' }),
    [ok({ data: [{ userId: 'user-123', email: 'test@example.com' }], totalCount: 1 })],
  ],
  ['loadUsers with only a page size', (api) => api.security.loadUsers(A, { pageSize: 10 }), [ok({ data: [] })]],
  ['loadUsers refused', (api) => api.security.loadUsers(A, {}), [fail('Access denied', 403)]],
  [
    'loadUsersWithSessions with a cursor',
    (api) => api.security.loadUsersWithSessions(A, { cursor: 'some-cursor', pageSize: 50 }),
    [ok({ data: [{ userId: 'user-123', sessionCount: 2 }], cursor: 'next-cursor' })],
  ],
  [
    'loadUsersWithSessions refused',
    (api) => api.security.loadUsersWithSessions(A, { pageSize: 10 }),
    [fail('Service unavailable', 503)],
  ],
  [
    'loadUserSessions with a cursor',
    (api) => api.security.loadUserSessions(A, 'user-123', { cursor: 'some-cursor', pageSize: 25 }),
    [
      ok({
        data: [
          { sessionId: 'sess-123', lastActivity: 1700000000000 },
          { sessionId: 'sess-456', lastActivity: 1699999999000 },
        ],
        cursor: 'next-cursor',
      }),
    ],
  ],
  [
    'loadUserSessions refused',
    (api) => api.security.loadUserSessions(A, 'invalid-user', {}),
    [fail('User not found', 404)],
  ],
  [
    'logoutUserSessions sends the user id as a bare body',
    (api) => api.security.logoutUserSessions(A, 'user-123'),
    [ok({ loggedOut: true })],
  ],
  ['logoutUserSessions refused', (api) => api.security.logoutUserSessions(A, 'user-123'), [fail('Logout failed', 500)]],
  ['activateHIPAACompliance', (api) => api.security.activateHIPAACompliance(A), [ok({ hipaaEnabled: true })]],
  [
    'activateHIPAACompliance refused',
    (api) => api.security.activateHIPAACompliance(A),
    [fail('HIPAA activation failed', 500)],
  ],
  ['deactivateHIPAACompliance', (api) => api.security.deactivateHIPAACompliance(A), [ok({ hipaaEnabled: false })]],
  [
    'deactivateHIPAACompliance refused',
    (api) => api.security.deactivateHIPAACompliance(A),
    [fail('HIPAA deactivation failed', 500)],
  ],
]);
