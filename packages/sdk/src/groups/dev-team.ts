import { Routes, type Access, type OwnershipProposal, type TeamMember } from '@basalt/shared';
import type { SuccessAnswer } from '../types.js';
import type { GroupContext } from './group-context.js';

const r = Routes.devTeam;

/** One developer permission: a numbered operation and its access. */
export interface DevPermissionChange {
  operation: number;
  access: Access;
}

/** One permission group (a section of operations) and its access. */
export interface DevPermissionGroupChange {
  group: string;
  access: Access;
}

/** The developer team of an app and ownership transfer (`devTeam` group). */
export function createDevTeamGroup({ request }: GroupContext) {
  return {
    /** The owner, the members and pending invitations, owner first. */
    getDevelopers(appId: string): Promise<TeamMember[]> {
      return request.route(r.getDevelopers, [appId]);
    },

    /** Sets the listed operations of a member (owner only); answers the member. */
    updateDevPermissions(appId: string, devId: string, permissions: DevPermissionChange[]): Promise<TeamMember> {
      return request.route(r.updateDevPermissions, [appId, devId], { body: permissions });
    },

    /** Sets every operation of each listed group (note the singular `permission/groups`). */
    updateDevPermissionGroups(appId: string, devId: string, groups: DevPermissionGroupChange[]): Promise<TeamMember> {
      return request.route(r.updateDevPermissionGroups, [appId, devId], { body: groups });
    },

    /** Invites a developer: the argument is an object holding `email`. */
    inviteDeveloper(appId: string, email: { email: string }): Promise<TeamMember> {
      return request.route(r.inviteDeveloper, [appId], { body: email });
    },

    /** Removes a member, or withdraws a pending invitation. */
    removeDeveloper(appId: string, devId: string): Promise<SuccessAnswer> {
      return request.route(r.removeDeveloper, [appId, devId]);
    },

    /** Stores the plan-limit notification settings of the app. */
    updateNotificationSettings(appId: string, settings: Record<string, unknown>): Promise<Record<string, unknown>> {
      return request.route(r.updateNotificationSettings, [appId], { body: settings });
    },

    /** Proposes a member as the new owner. */
    transferOwnership(appId: string, developerId: string): Promise<OwnershipProposal> {
      return request.route(r.transferOwnership, [appId], { body: { developerId } });
    },

    /** Ownership transfers proposed to the signed-in developer (any app). */
    loadOwnershipTransferProposals(): Promise<OwnershipProposal[]> {
      return request.route(r.loadOwnershipTransferProposals);
    },

    /** Accepts a proposed transfer (`{id}` or the mailed `{confirmationCode}`). */
    confirmOwnershipChange(appId: string, data: { id?: string; confirmationCode?: string }): Promise<unknown> {
      return request.route(r.confirmOwnershipChange, [appId], { body: data });
    },

    /** The transfer this app's owner proposed, if any. */
    loadSentOwnershipTransfer(appId: string): Promise<OwnershipProposal | null> {
      return request.route(r.loadSentOwnershipTransfer, [appId]);
    },

    /** Withdraws the proposed transfer. */
    cancelSentOwnershipTransfer(appId: string): Promise<SuccessAnswer> {
      return request.route(r.cancelSentOwnershipTransfer, [appId]);
    },

    /**
     * Who the signed-in developer is, signed by the server (a JWT, HS256, valid for an hour), for
     * widgets and services that trust the server; it grants no access.
     */
    generateDeveloperSignature(): Promise<string> {
      return request.route(r.generateDeveloperSignature);
    },
  };
}

/** The `devTeam` group. */
export type DevTeamGroup = ReturnType<typeof createDevTeamGroup>;

/** The caller's access to one developer operation. */
export interface DevOperationAccess {
  operation: number;
  /** What the operation allows, in words (`api keys` …). */
  name: string;
  access: Access;
}

/** `devPermissions` group of the reference client: what the signed-in developer may do in an app. */
export function createDevPermissionsGroup({ request }: GroupContext) {
  return {
    /**
     * The caller's access to `operation`: an id (`4`) or a name (`API_KEYS`) answers one entry; a
     * group (`appSettings`, see `DevPermissionGroups`) or `all` answers a list.
     */
    get(appId: string, operation: string | number): Promise<DevOperationAccess | DevOperationAccess[]> {
      return request.route(Routes.devPermissions.get, [appId, encodeURIComponent(String(operation))]);
    },
  };
}

/** The `devPermissions` group. */
export type DevPermissionsGroup = ReturnType<typeof createDevPermissionsGroup>;
