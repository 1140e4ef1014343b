import {
  DevOperations,
  DevPermissionGroups,
  type Access,
  type DevPermission,
  type DevPermissionGroup,
  type TeamMember,
} from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import type { AppAccess } from '../../http/dev-access.js';
import { ApiError } from '../../http/api-error.js';
import { newId, randomSecret, sha256 } from '../../http/secrets.js';
import type { Mail } from '../../mail/mailer.js';
import { TeamRepo } from './team.repo.js';
import { translateError } from '../../db/db-errors.js';

const INVITE_TTL = 7 * 24 * 60 * 60 * 1000;
const MAX_PENDING_INVITES = 50;
const KNOWN_OPERATIONS = new Set<number>(Object.values(DevOperations));

/** Every operation with the access a member has: stored entries win, the rest is granted. */
export function effectivePermissions(stored: DevPermission[]): DevPermission[] {
  const byOp = new Map(stored.map((p) => [p.operation, p.access]));
  return [...KNOWN_OPERATIONS].map((operation) => ({ operation, access: byOp.get(operation) ?? 'GRANT' }));
}

export function parseJsonList<T>(text: string | null | undefined): T[] {
  try {
    const value = JSON.parse(text || '[]');
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

/** Invitations, members and their permissions. Ownership transfer lives in ownership.service.ts. */
export class TeamService {
  readonly repo: TeamRepo;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new TeamRepo(ctx.dbs);
  }

  /** Only the owner manages the team: members could otherwise raise their own rights. */
  assertOwner(access: AppAccess): void {
    if (access.role !== 'owner')
      throw ApiError.forbidden('Only the owner of the application can manage its developer team');
  }

  sendQuietly(mail: Mail): void {
    this.ctx.mailer
      .send(mail)
      .catch((err: unknown) => this.ctx.log.error({ err, to: mail.to }, 'Sending team mail failed'));
  }

  /** `origin`: the console request making the change, for its audit entry. */
  changed(appId: string, developerId: string, action: string, target: string, summary: string, origin?: object): void {
    this.ctx.bus.emit('console.changed', { appId, developerId, action, target, summary, origin });
  }

  async list(appId: string): Promise<TeamMember[]> {
    const app = await this.repo.findApp(appId);
    if (!app) throw ApiError.notFound(`Application ${appId} not found`);
    const owner = await this.repo.findDeveloper(app.owner_id);
    const all = effectivePermissions([]);
    const out: TeamMember[] = [];
    if (owner)
      out.push({ ...owner, owner: true, status: 'ACTIVE', permissions: all, groups: [], created: app.created });
    for (const m of await this.repo.listMembers(appId)) {
      out.push({
        id: m.id,
        email: m.email,
        name: m.name,
        owner: false,
        status: 'ACTIVE',
        created: Number(m.created),
        permissions: effectivePermissions(parseJsonList<DevPermission>(m.permissions)),
        groups: parseJsonList<DevPermissionGroup>(m.groups),
      });
    }
    for (const inv of await this.repo.listInvites(appId)) {
      out.push({
        id: inv.id,
        email: inv.email,
        name: '',
        owner: false,
        status: 'PENDING',
        permissions: all,
        groups: [],
        created: Number(inv.created),
      });
    }
    return out;
  }

  private async member(appId: string, developerId: string): Promise<TeamMember> {
    const found = (await this.list(appId)).find((m) => m.id === developerId && !m.owner && m.status === 'ACTIVE');
    if (!found) throw ApiError.notFound(`Developer ${developerId} is not a member of this application's team`);
    return found;
  }

  async invite(access: AppAccess, inviterId: string, emailInput: string, origin?: object): Promise<TeamMember> {
    this.assertOwner(access);
    const appId = access.app.id;
    const email = emailInput.trim().toLowerCase();
    const inviter = await this.repo.findDeveloper(inviterId);
    const existing = await this.repo.findDeveloperByEmail(email);
    if (existing) {
      if (existing.id === access.app.owner_id)
        throw ApiError.field('CONFLICT', 'email', 'This developer owns the application');
      if (await this.repo.findMember(appId, existing.id))
        throw ApiError.field('CONFLICT', 'email', 'This developer is already on the team');
      try {
        await this.repo.insertMember({
          app_id: appId,
          developer_id: existing.id,
          permissions: '[]',
          groups: '[]',
          created: Date.now(),
        });
      } catch (err) {
        throw translateError(err, {
          unique: ApiError.field('CONFLICT', 'email', 'This developer is already on the team'),
        });
      }
      this.sendQuietly({
        to: email,
        subject: `You joined the team of ${access.app.name} on Basalt`,
        text: `${inviter?.name || inviter?.email || 'The owner'} added you to the developer team of the application ${access.app.name}.\n\nOpen it in the console: ${this.ctx.config.publicUrl}/apps/${appId}`,
      });
      this.changed(appId, inviterId, 'devTeam.inviteDeveloper', email, `Added ${email} to the team`, origin);
      return this.member(appId, existing.id);
    }
    // Invitations mail people who have no account: a cap keeps an app from becoming a mail cannon.
    if ((await this.repo.listInvites(appId)).length >= MAX_PENDING_INVITES) {
      throw ApiError.field(
        'BAD_REQUEST',
        'email',
        `An application can have at most ${MAX_PENDING_INVITES} pending invitations: withdraw some first`,
      );
    }
    const code = randomSecret(24);
    const now = Date.now();
    const id = newId();
    await this.repo.insertInvite({
      id,
      code_hash: sha256(code),
      app_id: appId,
      email,
      invited_by: inviterId,
      created: now,
      expires: now + INVITE_TTL,
    });
    this.sendQuietly({
      to: email,
      subject: `Join the team of ${access.app.name} on Basalt`,
      text:
        `${inviter?.name || inviter?.email || 'A developer'} invites you to the developer team of the application ${access.app.name}.\n\n` +
        `Create your account and join within 7 days:\n${this.ctx.config.publicUrl}/join-team?appId=${encodeURIComponent(appId)}&confirmation-code=${code}\n\n` +
        `Confirmation code: ${code}\n\nIf you do not know this person, ignore this mail.`,
    });
    this.changed(appId, inviterId, 'devTeam.inviteDeveloper', email, `Invited ${email} to the team`, origin);
    return {
      id,
      email,
      name: '',
      owner: false,
      status: 'PENDING',
      permissions: effectivePermissions([]),
      groups: [],
      created: now,
    };
  }

  /** Removes a member, or withdraws a pending invitation when `devId` is an invitation id. */
  async remove(access: AppAccess, developerId: string, devId: string, origin?: object): Promise<void> {
    this.assertOwner(access);
    const appId = access.app.id;
    if (devId === access.app.owner_id)
      throw ApiError.badRequest('The owner cannot leave the team: transfer the ownership first');
    const removed = (await this.repo.deleteMember(appId, devId)) || (await this.repo.deleteInvite(appId, devId));
    if (!removed) throw ApiError.notFound(`Developer ${devId} is not a member of this application's team`);
    // A transfer proposed to someone who left the team must not stay pending.
    const proposal = await this.repo.findProposalForApp(appId);
    if (proposal?.to_id === devId) await this.repo.deleteProposal(appId);
    this.changed(
      appId,
      developerId,
      'devTeam.removeDeveloper',
      devId,
      `Removed developer ${devId} from the team`,
      origin,
    );
  }

  async setPermissions(
    access: AppAccess,
    developerId: string,
    devId: string,
    list: DevPermission[],
    origin?: object,
  ): Promise<TeamMember> {
    this.assertOwner(access);
    const appId = access.app.id;
    list.forEach((p, i) => {
      if (!KNOWN_OPERATIONS.has(p.operation))
        throw ApiError.field('BAD_REQUEST', `${i}.operation`, `Operation ${p.operation} is not a developer operation`);
    });
    const row = await this.repo.findMember(appId, devId);
    if (!row) throw ApiError.notFound(`Developer ${devId} is not a member of this application's team`);
    const merged = new Map(parseJsonList<DevPermission>(row.permissions).map((p) => [p.operation, p.access]));
    for (const p of list) merged.set(p.operation, p.access);
    await this.repo.updateMember(appId, devId, { permissions: JSON.stringify(denials(merged)) });
    const summary = list.map((p) => `${p.operation}=${p.access}`).join(', ');
    this.changed(
      appId,
      developerId,
      'devTeam.updateDevPermissions',
      devId,
      `Set permissions of ${devId}: ${summary}`,
      origin,
    );
    return this.member(appId, devId);
  }

  /** Sets every operation of each listed group; the groups' last access is kept for the console. */
  async setGroups(
    access: AppAccess,
    developerId: string,
    devId: string,
    groups: DevPermissionGroup[],
    origin?: object,
  ): Promise<TeamMember> {
    this.assertOwner(access);
    const appId = access.app.id;
    groups.forEach((g, i) => {
      if (!DevPermissionGroups[g.group]) {
        throw ApiError.field(
          'BAD_REQUEST',
          `${i}.group`,
          `Unknown permission group '${g.group}' (known: ${Object.keys(DevPermissionGroups).join(', ')})`,
        );
      }
    });
    const row = await this.repo.findMember(appId, devId);
    if (!row) throw ApiError.notFound(`Developer ${devId} is not a member of this application's team`);
    const ops = new Map(parseJsonList<DevPermission>(row.permissions).map((p) => [p.operation, p.access]));
    const stored = new Map(parseJsonList<DevPermissionGroup>(row.groups).map((g) => [g.group, g.access]));
    for (const g of groups) {
      stored.set(g.group, g.access);
      for (const op of DevPermissionGroups[g.group].operations) ops.set(op, g.access);
    }
    await this.repo.updateMember(appId, devId, {
      permissions: JSON.stringify(denials(ops)),
      groups: JSON.stringify([...stored].map(([group, a]) => ({ group, access: a }))),
    });
    this.changed(
      appId,
      developerId,
      'devTeam.updateDevPermissionGroups',
      devId,
      `Set permission groups of ${devId}: ${groups.map((g) => `${g.group}=${g.access}`).join(', ')}`,
      origin,
    );
    return this.member(appId, devId);
  }

  async updateNotificationSettings(
    access: AppAccess,
    settings: Record<string, unknown>,
  ): Promise<Record<string, unknown>> {
    if (JSON.stringify(settings).length > 10_000)
      throw ApiError.badRequest('Notification settings are limited to 10 000 characters');
    await this.repo.putSetting(access.app.id, 'limit-notifications', settings);
    return settings;
  }

  /** The pending invitation a confirmation code stands for (400 when unknown or expired). */
  async findInvitation(appId: string, code: string): Promise<{ id: string; email: string }> {
    const row = code ? await this.repo.findInviteByCode(appId, sha256(code)) : undefined;
    if (!row)
      throw ApiError.field(
        'BAD_REQUEST',
        'confirmation-code',
        'This invitation is invalid or has expired: ask the application owner for a new one',
      );
    return { id: row.id, email: row.email };
  }

  /** Uses an invitation once and adds the developer to the team. */
  async acceptInvitation(appId: string, invitationId: string, developerId: string, origin?: object): Promise<void> {
    if (!(await this.repo.takeInvite(invitationId)))
      throw ApiError.field('BAD_REQUEST', 'confirmation-code', 'This invitation was already used');
    const app = await this.repo.findApp(appId);
    if (!app || app.owner_id === developerId || (await this.repo.findMember(appId, developerId))) return;
    await this.repo.insertMember({
      app_id: appId,
      developer_id: developerId,
      permissions: '[]',
      groups: '[]',
      created: Date.now(),
    });
    this.changed(
      appId,
      developerId,
      'user.registerAndJoinAppTeam',
      developerId,
      'Joined the team by invitation',
      origin,
    );
  }
}

/** Only DENY entries are stored: an operation without an entry is granted (dev-access.ts). */
function denials(map: Map<number, Access>): DevPermission[] {
  return [...map]
    .filter(([, a]) => a === 'DENY')
    .map(([operation, access]) => ({ operation, access }))
    .sort((a, b) => a.operation - b.operation);
}
