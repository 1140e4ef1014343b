import type { ServerModule } from '../module.js';
import type { ServerContext } from '../../context.js';
import { TeamService } from './team.service.js';
import { OwnershipService } from './ownership.service.js';
import { registerTeamRoutes } from './team.routes.js';
import { teamSystemMigrations } from './team.migrations.js';

export { effectivePermissions } from './team.service.js';
export { verifyDeveloperSignature, type DeveloperClaims } from './developer-signature.js';

/** The pending invitation a mailed confirmation code stands for (400 when unknown or expired). */
export function findTeamInvitation(
  ctx: ServerContext,
  appId: string,
  code: string,
): Promise<{ id: string; email: string }> {
  return new TeamService(ctx).findInvitation(appId, code);
}

/** Uses the invitation (once) and adds the developer to the app's team. */
export function acceptTeamInvitation(
  ctx: ServerContext,
  appId: string,
  invitationId: string,
  developerId: string,
  origin?: object,
): Promise<void> {
  return new TeamService(ctx).acceptInvitation(appId, invitationId, developerId, origin);
}

/** Developer team: invitations, members, permissions by numbered operations, ownership transfer. */
export const teamModule: ServerModule = {
  area: 'team',
  name: 'team',
  systemMigrations: teamSystemMigrations,
  register(app, ctx) {
    const team = new TeamService(ctx);
    registerTeamRoutes(app, ctx, team, new OwnershipService(ctx, team));
  },
};
