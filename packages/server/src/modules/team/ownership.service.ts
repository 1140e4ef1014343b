import type { OwnershipProposal } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import type { AppAccess } from '../../http/dev-access.js';
import { ApiError } from '../../http/api-error.js';
import { newId, randomSecret, safeEqual, sha256 } from '../../http/secrets.js';
import type { OwnershipProposalsTable } from './team.migrations.js';
import type { TeamService } from './team.service.js';

const PROPOSAL_TTL = 7 * 24 * 60 * 60 * 1000;

/**
 * Ownership transfer: the owner proposes a team member, the member confirms (with the mailed code
 * or from the console's list of received proposals), and only then does the app change hands.
 */
export class OwnershipService {
  constructor(
    private readonly ctx: ServerContext,
    private readonly team: TeamService,
  ) {}

  private get repo() {
    return this.team.repo;
  }

  private async toWire(p: OwnershipProposalsTable): Promise<OwnershipProposal> {
    const [app, from, to] = await Promise.all([
      this.repo.findApp(p.app_id),
      this.repo.findDeveloper(p.from_id),
      this.repo.findDeveloper(p.to_id),
    ]);
    const dev = (d: typeof from, id: string) => d ?? { id, email: '', name: '' };
    return {
      id: p.id,
      appId: p.app_id,
      appName: app?.name ?? '',
      fromDeveloper: dev(from, p.from_id),
      toDeveloper: dev(to, p.to_id),
      created: Number(p.created),
      expires: Number(p.expires),
    };
  }

  async propose(access: AppAccess, ownerId: string, developerId: string, origin?: object): Promise<OwnershipProposal> {
    this.team.assertOwner(access);
    const appId = access.app.id;
    if (developerId === ownerId) throw ApiError.field('BAD_REQUEST', 'developerId', 'You already own this application');
    if (!(await this.repo.findMember(appId, developerId))) {
      throw ApiError.field('BAD_REQUEST', 'developerId', 'The new owner must be a member of the application team');
    }
    const target = (await this.repo.findDeveloper(developerId))!;
    const code = randomSecret(24);
    const now = Date.now();
    const row: OwnershipProposalsTable = {
      app_id: appId,
      id: newId(),
      from_id: ownerId,
      to_id: developerId,
      code_hash: sha256(code),
      created: now,
      expires: now + PROPOSAL_TTL,
    };
    await this.repo.putProposal(row);
    this.team.sendQuietly({
      to: target.email,
      subject: `Take over the application ${access.app.name} on Basalt`,
      text:
        `The owner of the application ${access.app.name} proposes to make you its owner.\n\n` +
        `Accept within 7 days in the console (${this.ctx.config.publicUrl}/apps/${appId}/team) or with this confirmation code: ${code}\n\n` +
        'Until you accept, nothing changes.',
    });
    this.team.changed(
      appId,
      ownerId,
      'devTeam.transferOwnership',
      developerId,
      `Proposed ${target.email} as the new owner`,
      origin,
    );
    return this.toWire(row);
  }

  async sent(access: AppAccess): Promise<OwnershipProposal | null> {
    this.team.assertOwner(access);
    const row = await this.repo.findProposalForApp(access.app.id);
    return row ? this.toWire(row) : null;
  }

  async received(developerId: string): Promise<OwnershipProposal[]> {
    return Promise.all((await this.repo.listProposalsTo(developerId)).map((p) => this.toWire(p)));
  }

  async cancel(access: AppAccess, developerId: string, origin?: object): Promise<void> {
    this.team.assertOwner(access);
    if (!(await this.repo.deleteProposal(access.app.id)))
      throw ApiError.notFound('There is no pending ownership transfer for this application');
    this.team.changed(
      access.app.id,
      developerId,
      'devTeam.cancelSentOwnershipTransfer',
      access.app.id,
      'Cancelled the ownership transfer',
      origin,
    );
  }

  async confirm(
    appId: string,
    developerId: string,
    input: { confirmationCode?: string; id?: string },
    origin?: object,
  ): Promise<OwnershipProposal> {
    const row = await this.repo.findProposalForApp(appId);
    // The same answer for "no proposal" and "not for you": a member learns nothing about others' proposals.
    if (!row || row.to_id !== developerId)
      throw ApiError.notFound('There is no pending ownership transfer to you for this application');
    const byCode = input.confirmationCode !== undefined && safeEqual(sha256(input.confirmationCode), row.code_hash);
    const byId = input.id !== undefined && input.id === row.id;
    if (!byCode && !byId)
      throw ApiError.field(
        'BAD_REQUEST',
        'confirmationCode',
        'Send the confirmation code from the mail (confirmationCode) or the proposal id (id)',
      );
    const answer = await this.toWire(row);
    if (!(await this.repo.transferOwnership(row, Date.now())))
      throw ApiError.conflict('This ownership transfer is no longer pending');
    this.team.changed(
      appId,
      developerId,
      'devTeam.confirmOwnershipChange',
      appId,
      `Became the owner (was ${answer.fromDeveloper.email || row.from_id})`,
      origin,
    );
    return answer;
  }
}
