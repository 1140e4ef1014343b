import { describeParity, fail, ok } from './parity.test-helpers.js';

const A = 'test-app-id';
const r = ok({ foo: 'bar' });
const t = (api: any) => api.devTeam;

describeParity('devTeam', [
  ['getDevelopers', (api) => t(api).getDevelopers(A), [r]],
  ['getDevelopers refused', (api) => t(api).getDevelopers(A), [fail('Unauthorized', 401)]],
  [
    'updateDevPermissions sends the permissions',
    (api) => t(api).updateDevPermissions(A, 'dev-123', { read: true, write: false, delete: false, admin: false }),
    [r],
  ],
  ['updateDevPermissions with an empty object', (api) => t(api).updateDevPermissions(A, 'dev-123', {}), [r]],
  [
    'updateDevPermissions refused',
    (api) => t(api).updateDevPermissions(A, 'dev-123', { read: true }),
    [fail('Developer not found', 404)],
  ],
  [
    'updateDevPermissionGroups sends the groups',
    (api) =>
      t(api).updateDevPermissionGroups(A, 'dev-123', {
        groups: ['admin', 'developer', 'viewer'],
        roles: ['read-only', 'contributor'],
      }),
    [r],
  ],
  ['updateDevPermissionGroups with an empty object', (api) => t(api).updateDevPermissionGroups(A, 'dev-123', {}), [r]],
  [
    'updateDevPermissionGroups refused',
    (api) => t(api).updateDevPermissionGroups(A, 'dev-123', { groups: ['invalid'] }),
    [fail('Invalid groups', 400)],
  ],
  ['inviteDeveloper sends the email as a bare body', (api) => t(api).inviteDeveloper(A, 'developer@example.com'), [r]],
  [
    'inviteDeveloper with an object',
    (api) =>
      t(api).inviteDeveloper(A, {
        email: 'test@example.com',
        message: 'Welcome to the team',
        permissions: ['read', 'write'],
      }),
    [r],
  ],
  [
    'inviteDeveloper refused',
    (api) => t(api).inviteDeveloper(A, 'developer@example.com'),
    [fail('Email already invited', 409)],
  ],
  ['removeDeveloper', (api) => t(api).removeDeveloper(A, 'dev-123'), [r]],
  ['removeDeveloper refused', (api) => t(api).removeDeveloper(A, 'dev-123'), [fail('Developer not found', 404)]],
  [
    'updateNotificationSettings',
    (api) =>
      t(api).updateNotificationSettings(A, {
        emailNotifications: true,
        pushNotifications: false,
        frequency: 'daily',
        types: ['error', 'warning'],
      }),
    [r],
  ],
  ['updateNotificationSettings with an empty object', (api) => t(api).updateNotificationSettings(A, {}), [r]],
  [
    'updateNotificationSettings refused',
    (api) => t(api).updateNotificationSettings(A, { frequency: 'invalid' }),
    [fail('Invalid settings', 400)],
  ],
  ['transferOwnership sends {developerId}', (api) => t(api).transferOwnership(A, 'developer-456'), [r]],
  ['transferOwnership without a developer', (api) => t(api).transferOwnership(A), [r]],
  [
    'transferOwnership refused',
    (api) => t(api).transferOwnership(A, 'developer-456'),
    [fail('Transfer not allowed', 403)],
  ],
  ['loadOwnershipTransferProposals', (api) => t(api).loadOwnershipTransferProposals(), [r]],
  [
    'loadOwnershipTransferProposals refused',
    (api) => t(api).loadOwnershipTransferProposals(),
    [fail('Unauthorized', 401)],
  ],
  [
    'confirmOwnershipChange sends the data',
    (api) => t(api).confirmOwnershipChange(A, { accept: true, transferId: 'transfer-123', signature: 'signed-data' }),
    [r],
  ],
  ['confirmOwnershipChange with an empty object', (api) => t(api).confirmOwnershipChange(A, {}), [r]],
  [
    'confirmOwnershipChange refused',
    (api) => t(api).confirmOwnershipChange(A, { accept: false }),
    [fail('Invalid confirmation', 400)],
  ],
  ['loadSentOwnershipTransfer', (api) => t(api).loadSentOwnershipTransfer(A), [r]],
  [
    'loadSentOwnershipTransfer refused',
    (api) => t(api).loadSentOwnershipTransfer(A),
    [fail('No pending transfer', 404)],
  ],
  ['cancelSentOwnershipTransfer', (api) => t(api).cancelSentOwnershipTransfer(A), [r]],
  [
    'cancelSentOwnershipTransfer refused',
    (api) => t(api).cancelSentOwnershipTransfer(A),
    [fail('Cannot cancel transfer', 409)],
  ],
  ['generateDeveloperSignature', (api) => t(api).generateDeveloperSignature(), [r]],
  [
    'generateDeveloperSignature refused',
    (api) => t(api).generateDeveloperSignature(),
    [fail('Signature generation failed', 500)],
  ],
]);
