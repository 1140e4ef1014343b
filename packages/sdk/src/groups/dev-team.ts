import { Routes, type BodyOf, type Open, type ResponseOf } from '@basalt/shared';
import type { GroupContext } from './group-context.js';

const r = Routes.devTeam;

/** One developer permission: a numbered operation and its access. */
export type DevPermissionChange = BodyOf<typeof r.updateDevPermissions>[number];

/** One permission group (a section of operations) and its access. */
export type DevPermissionGroupChange = BodyOf<typeof r.updateDevPermissionGroups>[number];

/** The developer team of an app and ownership transfer (`devTeam` group). */
export function createDevTeamGroup({ request }: GroupContext) {
  return {
    /** The owner, the members and pending invitations, owner first. */
    getDevelopers(appId: string): Promise<ResponseOf<typeof r.getDevelopers>> {
      return request.route(r.getDevelopers, [appId]);
    },

    /** Sets the listed operations of a member (owner only); answers the member. */
    updateDevPermissions(
      appId: string,
      devId: string,
      permissions: DevPermissionChange[],
    ): Promise<ResponseOf<typeof r.updateDevPermissions>> {
      return request.route(r.updateDevPermissions, [appId, devId], { body: permissions });
    },

    /** Sets every operation of each listed group (note the singular `permission/groups`). */
    updateDevPermissionGroups(
      appId: string,
      devId: string,
      groups: DevPermissionGroupChange[],
    ): Promise<ResponseOf<typeof r.updateDevPermissionGroups>> {
      return request.route(r.updateDevPermissionGroups, [appId, devId], { body: groups });
    },

    /** Invites a developer: the argument is an object holding `email`. */
    inviteDeveloper(
      appId: string,
      email: Extract<BodyOf<typeof r.inviteDeveloper>, object>,
    ): Promise<ResponseOf<typeof r.inviteDeveloper>> {
      return request.route(r.inviteDeveloper, [appId], { body: email });
    },

    /** Removes a member, or withdraws a pending invitation. */
    removeDeveloper(appId: string, devId: string): Promise<ResponseOf<typeof r.removeDeveloper>> {
      return request.route(r.removeDeveloper, [appId, devId]);
    },

    /** Stores the plan-limit notification settings of the app. */
    updateNotificationSettings(
      appId: string,
      settings: Open<BodyOf<typeof r.updateNotificationSettings>>,
    ): Promise<ResponseOf<typeof r.updateNotificationSettings>> {
      return request.route(r.updateNotificationSettings, [appId], { body: settings });
    },

    /** Proposes a member as the new owner. */
    transferOwnership(appId: string, developerId: string): Promise<ResponseOf<typeof r.transferOwnership>> {
      return request.route(r.transferOwnership, [appId], { body: { developerId } });
    },

    /** Ownership transfers proposed to the signed-in developer (any app). */
    loadOwnershipTransferProposals(): Promise<ResponseOf<typeof r.loadOwnershipTransferProposals>> {
      return request.route(r.loadOwnershipTransferProposals);
    },

    /** Accepts a proposed transfer (`{id}` or the mailed `{confirmationCode}`). */
    confirmOwnershipChange(
      appId: string,
      data: BodyOf<typeof r.confirmOwnershipChange>,
    ): Promise<ResponseOf<typeof r.confirmOwnershipChange>> {
      return request.route(r.confirmOwnershipChange, [appId], { body: data });
    },

    /** The transfer this app's owner proposed, if any. */
    loadSentOwnershipTransfer(appId: string): Promise<ResponseOf<typeof r.loadSentOwnershipTransfer>> {
      return request.route(r.loadSentOwnershipTransfer, [appId]);
    },

    /** Withdraws the proposed transfer. */
    cancelSentOwnershipTransfer(appId: string): Promise<ResponseOf<typeof r.cancelSentOwnershipTransfer>> {
      return request.route(r.cancelSentOwnershipTransfer, [appId]);
    },

    /**
     * Who the signed-in developer is, signed by the server (a JWT, HS256, valid for an hour), for
     * widgets and services that trust the server; it grants no access.
     */
    generateDeveloperSignature(): Promise<ResponseOf<typeof r.generateDeveloperSignature>> {
      return request.route(r.generateDeveloperSignature);
    },
  };
}

/** The `devTeam` group. */
export type DevTeamGroup = ReturnType<typeof createDevTeamGroup>;

/** `devPermissions` group of the reference client: what the signed-in developer may do in an app. */
export function createDevPermissionsGroup({ request }: GroupContext) {
  return {
    /**
     * The caller's access to `operation`: an id (`4`) or a name (`API_KEYS`) answers one entry; a
     * group (`appSettings`, see `DevPermissionGroups`) or `all` answers a list.
     */
    get(appId: string, operation: string | number): Promise<ResponseOf<typeof Routes.devPermissions.get>> {
      return request.route(Routes.devPermissions.get, [appId, encodeURIComponent(String(operation))]);
    },
  };
}

/** The `devPermissions` group. */
export type DevPermissionsGroup = ReturnType<typeof createDevPermissionsGroup>;
