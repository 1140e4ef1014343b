import type { FastifyInstance } from 'fastify';
import { DevOperationNames, DevOperations, DevPermissionGroups, Routes, type DevOperationAccess } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { handle, sendJson } from '../../http/route.js';
import { ApiError } from '../../http/api-error.js';
import type { AppAccess } from '../../http/dev-access.js';
import type { TeamService } from './team.service.js';
import type { OwnershipService } from './ownership.service.js';
import { signDeveloper } from './developer-signature.js';

const r = Routes.devTeam;

// Every handler's params, body and answer are typed by its route's schemas.
export function registerTeamRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  team: TeamService,
  ownership: OwnershipService,
): void {
  handle(app, ctx, r.getDevelopers, ({ params }) => team.list(params.appId));
  handle(app, ctx, r.inviteDeveloper, ({ access, developer, body, req }) =>
    team.invite(access, developer.id, typeof body === 'string' ? body : body.email, req),
  );
  handle(app, ctx, r.removeDeveloper, async ({ access, developer, params, req }) => {
    await team.remove(access, developer.id, params.devId, req);
    return { success: true };
  });
  handle(app, ctx, r.updateDevPermissions, ({ access, developer, params, body, req }) =>
    team.setPermissions(access, developer.id, params.devId, body, req),
  );
  handle(app, ctx, r.updateDevPermissionGroups, ({ access, developer, params, body, req }) =>
    team.setGroups(access, developer.id, params.devId, body, req),
  );
  handle(app, ctx, r.updateNotificationSettings, ({ access, body }) => team.updateNotificationSettings(access, body));

  handle(app, ctx, r.transferOwnership, ({ access, developer, body, req }) =>
    ownership.propose(access, developer.id, body.developerId, req),
  );
  handle(app, ctx, r.loadOwnershipTransferProposals, ({ developer }) => ownership.received(developer.id));
  handle(app, ctx, r.confirmOwnershipChange, ({ params, developer, body, req }) =>
    ownership.confirm(params.appId, developer.id, body, req),
  );
  // `null` (JSON) when nothing is pending, so the console can tell "none" from an error.
  handle(app, ctx, r.loadSentOwnershipTransfer, async ({ access, reply }) =>
    sendJson(reply, await ownership.sent(access)),
  );
  handle(app, ctx, r.cancelSentOwnershipTransfer, async ({ access, developer, req }) => {
    await ownership.cancel(access, developer.id, req);
    return { success: true };
  });
  // A JSON string (the reference client reads the body as it is): a signed statement of who the developer is.
  handle(app, ctx, r.generateDeveloperSignature, ({ developer, reply }) =>
    sendJson(reply, signDeveloper(ctx, developer)),
  );

  handle(app, ctx, Routes.devPermissions.get, ({ access, params }) => accessTo(access, params.operation));
}

/** Answers `devPermissions.get`: one operation, a group's operations, or all of them. */
function accessTo(access: AppAccess, operation: string) {
  const of = (op: number): DevOperationAccess => ({
    operation: op,
    name: DevOperationNames[op],
    access: access.role === 'owner' ? 'GRANT' : (access.permissions.get(op) ?? 'GRANT'),
  });
  const all = Object.values(DevOperations) as number[];
  if (operation === 'all') return all.map(of);
  const group = DevPermissionGroups[operation];
  if (group) return group.operations.map(of);
  const key = operation.toUpperCase().replace(/[\s-]+/g, '_');
  const id = /^\d+$/.test(operation) ? Number(operation) : (DevOperations as Record<string, number>)[key];
  if (id === undefined || !all.includes(id)) throw ApiError.notFound(`Unknown developer operation '${operation}'`);
  return of(id);
}
