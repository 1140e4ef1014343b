import { describe, expect, it } from 'vitest';
import { recordingClient } from '../test-support/fake-fetch.test-helpers.js';
import { H, bare, describeShapes, get, json } from './shape-cases.test-helpers.js';

const T = `${H}/A/console/devteam`;

describeShapes('devTeam', [
  ['getDevelopers', (c) => c.devTeam.getDevelopers('A'), get(T)],
  [
    'updateDevPermissions',
    (c) => c.devTeam.updateDevPermissions('A', 'D1', [{ operation: 40, access: 'DENY' }]),
    json('PUT', `${T}/D1/permissions`, [{ operation: 40, access: 'DENY' }]),
  ],
  [
    'updateDevPermissionGroups',
    (c) => c.devTeam.updateDevPermissionGroups('A', 'D1', [{ group: 'data', access: 'GRANT' }]),
    json('PUT', `${T}/D1/permission/groups`, [{ group: 'data', access: 'GRANT' }]),
  ],
  ['inviteDeveloper', (c) => c.devTeam.inviteDeveloper('A', { email: 'b@x.io' }), json('POST', T, { email: 'b@x.io' })],
  ['removeDeveloper', (c) => c.devTeam.removeDeveloper('A', 'D1'), bare('DELETE', `${T}/D1`)],
  [
    'updateNotificationSettings',
    (c) => c.devTeam.updateNotificationSettings('A', { limits: [80, 90] }),
    json('PUT', `${H}/A/console/notifications/limits`, { limits: [80, 90] }),
  ],
  [
    'transferOwnership',
    (c) => c.devTeam.transferOwnership('A', 'D1'),
    json('PUT', `${T}/owner`, { developerId: 'D1' }),
  ],
  [
    'loadOwnershipTransferProposals',
    (c) => c.devTeam.loadOwnershipTransferProposals(),
    get(`${H}/console/devteam/application-owner-change/pending-received-proposal`),
  ],
  [
    'confirmOwnershipChange',
    (c) => c.devTeam.confirmOwnershipChange('A', { id: 'P1' }),
    json('PUT', `${T}/owner-confirm`, { id: 'P1' }),
  ],
  [
    'loadSentOwnershipTransfer',
    (c) => c.devTeam.loadSentOwnershipTransfer('A'),
    get(`${T}/application-owner-change/pending-sent-proposal`),
  ],
  [
    'cancelSentOwnershipTransfer',
    (c) => c.devTeam.cancelSentOwnershipTransfer('A'),
    bare('DELETE', `${T}/application-owner-change/pending-sent-proposal`),
  ],
  [
    'generateDeveloperSignature',
    (c) => c.devTeam.generateDeveloperSignature(),
    get(`${H}/console/developer/signature`),
  ],
]);

const P = `${H}/A/console/security`;

describeShapes('devPermissions', [
  ['get', (c) => c.devPermissions.get('A', 4), get(`${P}/4`)],
  ['get(name)', (c) => c.devPermissions.get('A', 'API_KEYS'), get(`${P}/API_KEYS`)],
  ['get(group)', (c) => c.devPermissions.get('A', 'appSettings'), get(`${P}/appSettings`)],
]);

describe('devTeam group: reference method names', () => {
  it('has every method of the reference client', () => {
    const names =
      'getDevelopers updateDevPermissions updateDevPermissionGroups inviteDeveloper removeDeveloper updateNotificationSettings transferOwnership loadOwnershipTransferProposals confirmOwnershipChange loadSentOwnershipTransfer cancelSentOwnershipTransfer generateDeveloperSignature'.split(
        ' ',
      );
    expect(names).toHaveLength(12);
    const group = recordingClient().client.devTeam as unknown as Record<string, unknown>;
    expect(names.filter((n) => typeof group[n] !== 'function')).toEqual([]);
  });
});
