import crypto from 'node:crypto';
import type { Invitation } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { CommunityRepo } from './community.repo.js';
import type { InviteRow } from './db.js';

/** Invitations a developer may send in a day, and how long one stays usable. */
export const INVITES_PER_DAY = 20;
export const INVITE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function invitationOf(r: InviteRow, now: number): Invitation {
  const registered = r.registered_at !== null;
  return {
    id: r.id,
    email: r.email,
    status: registered ? 'registered' : Number(r.expires) <= now ? 'expired' : 'sent',
    created: Number(r.created),
    expires: Number(r.expires),
    registeredAt: registered ? Number(r.registered_at) : null,
  };
}

/**
 * Referrals as invitations to this instance (decision 0083). Each invitation is a random id mailed
 * through the instance's mail settings to one address; on an invite-only instance registration
 * needs an unused, unexpired invitation for the address being registered, and the registration
 * itself marks it used — the client's `confirm-user-registered` is accepted but never trusted.
 */
export class ReferralsService {
  constructor(
    private readonly ctx: ServerContext,
    private readonly repo: CommunityRepo,
  ) {}

  get inviteOnly(): boolean {
    return this.ctx.config.inviteOnly;
  }

  async code(developerId: string): Promise<{ code: string; inviteOnly: boolean }> {
    const known = await this.repo.inviteCode(developerId);
    if (known) return { code: known, inviteOnly: this.inviteOnly };
    await this.repo.insertInviteCode(developerId, crypto.randomBytes(8).toString('base64url'));
    return this.code(developerId);
  }

  async list(developerId: string): Promise<Invitation[]> {
    const rows = await this.repo.invites(developerId);
    const now = Date.now();
    return rows.map((r) => invitationOf(r, now));
  }

  async send(developerId: string, input: { email: string; message?: string }): Promise<Invitation> {
    const email = input.email.trim().toLowerCase();
    if (!EMAIL.test(email)) throw ApiError.field('VALIDATION', 'email', `'${input.email}' is not an email address`);
    const now = Date.now();
    if (await this.repo.developerByEmail(email))
      throw ApiError.field('CONFLICT', 'email', `${email} already has an account on this server`);
    if (await this.repo.openInvite(developerId, email, now))
      throw ApiError.field('CONFLICT', 'email', `You already invited ${email}; the invitation is still open`);
    if ((await this.repo.invitesSince(developerId, now - 24 * 60 * 60 * 1000)) >= INVITES_PER_DAY)
      throw ApiError.rateLimited(`At most ${INVITES_PER_DAY} invitations a day: try again tomorrow`);

    const row: InviteRow = {
      id: crypto.randomBytes(18).toString('base64url'),
      inviter_id: developerId,
      email,
      registered_id: null,
      registered_at: null,
      created: now,
      expires: now + INVITE_TTL_MS,
    };
    await this.repo.insertInvite(row);
    const inviter = await this.repo.developerEmail(developerId);
    const link = `${this.ctx.config.publicUrl}/register?inviteId=${encodeURIComponent(row.id)}`;
    const note = input.message ? `\n\nTheir note:\n${input.message.replace(/\r/g, '')}\n` : '';
    await this.ctx.mailer.send({
      to: email,
      subject: 'You are invited to Basalt',
      text: `${inviter ?? 'A developer'} invites you to join the Basalt server at ${this.ctx.config.publicUrl}.${note}\n\nRegister with this link (valid 30 days):\n${link}\n\nInvitation id: ${row.id}\n`,
    });
    return invitationOf(row, now);
  }

  /** Whether an invitation can still be used (the sign-up page asks before registering). */
  async check(id: string): Promise<{ valid: boolean; email: string | null }> {
    const row = await this.usable(id.trim());
    return { valid: !!row, email: row?.email ?? null };
  }

  private async usable(id: string): Promise<InviteRow | undefined> {
    if (!id || id.length > 100) return undefined;
    return this.repo.usableInvite(id, Date.now());
  }

  /**
   * Before a registration: on an invite-only instance it needs an invitation for this address
   * (a team invitation counts: the app's owner vouched for the address).
   */
  async beforeRegistration(input: { email: string; inviteId?: string; teamInvitation?: boolean }): Promise<void> {
    if (!this.inviteOnly || input.teamInvitation) return;
    // The first account of a fresh instance is its operator's: nobody could have invited them.
    if (!(await this.repo.anyDeveloper())) return;
    const row = input.inviteId ? await this.usable(input.inviteId) : undefined;
    if (!row)
      throw new ApiError(
        'INVITATION_REQUIRED',
        'This server is invite-only: register with an unused invitation (inviteId)',
      );
    if (row.email !== input.email.trim().toLowerCase())
      throw new ApiError('INVITATION_REQUIRED', `This invitation is for another email address than ${input.email}`);
  }

  /** After a registration: the invitation it used reads as used; no client has to claim it. */
  async afterRegistration(input: { email: string; inviteId?: string }, developerId: string): Promise<void> {
    const email = input.email.trim().toLowerCase();
    const id = input.inviteId?.trim();
    // Without an id (open registration) every open invitation of the address is answered by it.
    await this.repo.useInvites(email, id, developerId, Date.now());
  }
}
