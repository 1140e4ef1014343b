import { DevOperations, type DeveloperAccount, type OtpPending } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import type { DevelopersTable } from '../../db/system-schema.js';
import { ApiError } from '../../http/api-error.js';
import { newId, randomSecret, sha256 } from '../../http/secrets.js';
import { AccountsRepo } from './accounts.repo.js';
import { deleteAppsOwnedBy } from '../apps/index.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import { TwoFactorService } from './two-factor.service.js';
import type { Mail } from '../../mail/mailer.js';
import { translateError } from '../../db/db-errors.js';

const OTP_SESSION_TTL = 5 * 60 * 1000;
const RESTORE_TTL = 60 * 60 * 1000;
const CONFIRM_TTL = 7 * 24 * 60 * 60 * 1000;

export interface LoginResult {
  account?: DeveloperAccount;
  otp?: OtpPending;
}

function toAccount(dev: DevelopersTable, authKey: string): DeveloperAccount {
  return {
    id: dev.id,
    email: dev.email,
    name: dev.name,
    authKey,
    emailConfirmed: !!dev.email_confirmed,
    twoFactorEnabled: !!dev.totp_enabled,
    created: dev.created,
  };
}

export class AccountsService {
  readonly repo: AccountsRepo;
  readonly twoFactor: TwoFactorService;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new AccountsRepo(ctx.dbs);
    this.twoFactor = new TwoFactorService(ctx, this.repo, (dev) => this.openSession(dev));
  }

  /**
   * Mail goes out without holding up the answer: an SMTP outage must not fail a registration whose
   * row is already written, and a restore for a known email must not take visibly longer than for
   * an unknown one. Failures are logged for the operator.
   */
  private sendQuietly(mail: Mail): void {
    this.ctx.mailer.send(mail).catch((err: unknown) => {
      this.ctx.log.error({ err, to: mail.to, subject: mail.subject }, 'Sending mail failed');
    });
  }

  async register(input: {
    email: string;
    password: string;
    name?: string;
    inviteId?: string;
    teamInvitation?: boolean;
  }): Promise<Omit<DeveloperAccount, 'authKey'>> {
    const email = input.email.trim().toLowerCase();
    const invited = { email, inviteId: input.inviteId, teamInvitation: input.teamInvitation };
    for (const hook of this.ctx.registrationHooks) await hook.before(invited);
    if (await this.repo.findByEmail(email)) {
      throw ApiError.field(
        'CONFLICT',
        'email',
        'An account with this email already exists: sign in or restore the password',
      );
    }
    const now = Date.now();
    const dev: DevelopersTable = {
      id: newId(),
      email,
      name: (input.name ?? '').trim(),
      password_hash: await hashPassword(input.password),
      email_confirmed: 0,
      totp_secret: null,
      totp_enabled: 0,
      totp_pending_secret: null,
      totp_last_step: null,
      created: now,
      updated: now,
    };
    try {
      await this.repo.insert(dev);
    } catch (err) {
      // Two registrations of one email raced past the check above; the unique index kept one.
      throw translateError(err, {
        unique: ApiError.field(
          'CONFLICT',
          'email',
          'An account with this email already exists: sign in or restore the password',
        ),
      });
    }
    for (const hook of this.ctx.registrationHooks) await hook.after(invited, dev.id);
    await this.sendConfirmation(dev);
    this.ctx.bus.emit('developer.registered', { developerId: dev.id, email });
    const { authKey: _ignored, ...account } = toAccount(dev, '');
    return account;
  }

  /**
   * Password step of sign-in. Failures count per login name (guessing one account's password) and,
   * with a looser allowance, per client address (trying many accounts); wrong password and unknown
   * login answer the same 401 so the answer does not tell which emails have accounts.
   */
  async login(loginName: string, password: string, clientIp: string): Promise<LoginResult> {
    const email = loginName.trim().toLowerCase();
    const limits: Array<[string, number | undefined]> = [
      [`login:${email}`, undefined],
      [`ip:${clientIp}`, this.ctx.config.loginIpMaxFailures],
    ];
    const keys = limits.map(([key]) => key);
    for (const [key, max] of limits) {
      if (await this.ctx.loginLimiter.isBlocked(key, max)) {
        const minutes = Math.max(1, Math.ceil((await this.ctx.loginLimiter.retryAfter(key)) / 60000));
        throw ApiError.rateLimited(
          `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
    }
    const dev = await this.repo.findByEmail(email);
    const ok = dev
      ? await verifyPassword(dev.password_hash, password)
      : (await verifyPassword(await dummyHash(), password), false);
    if (!dev || !ok) {
      for (const key of keys) await this.ctx.loginLimiter.recordFailure(key);
      throw new ApiError('INVALID_CREDENTIALS', 'Wrong email or password');
    }
    await this.ctx.loginLimiter.reset(`login:${email}`);
    if (dev.totp_enabled) {
      const sessionId = randomSecret(24);
      await this.repo.insertOtpSession(sha256(sessionId), dev.id, OTP_SESSION_TTL);
      return { otp: { otpCreated: true, sessionId } };
    }
    return { account: await this.openSession(dev) };
  }

  private async openSession(dev: DevelopersTable): Promise<DeveloperAccount> {
    const authKey = randomSecret(32);
    await this.repo.insertSession(sha256(authKey), dev.id);
    return toAccount(dev, authKey);
  }

  async logout(authKey: string): Promise<void> {
    await this.repo.deleteSession(sha256(authKey));
  }

  async getAccount(developerId: string, authKey: string): Promise<DeveloperAccount> {
    const dev = await this.repo.findById(developerId);
    if (!dev) throw ApiError.unauthorized();
    return toAccount(dev, authKey);
  }

  async updateProfile(
    developerId: string,
    authKey: string,
    patch: { name?: string; email?: string },
  ): Promise<DeveloperAccount> {
    const dev = await this.repo.findById(developerId);
    if (!dev) throw ApiError.unauthorized();
    const changes: Partial<DevelopersTable> = {};
    if (patch.name !== undefined) changes.name = patch.name.trim();
    if (patch.email !== undefined && patch.email.trim().toLowerCase() !== dev.email) {
      const email = patch.email.trim().toLowerCase();
      if (await this.repo.findByEmail(email))
        throw ApiError.field('CONFLICT', 'email', 'Another account uses this email');
      changes.email = email;
      changes.email_confirmed = 0;
    }
    try {
      await this.repo.update(developerId, changes);
    } catch (err) {
      throw translateError(err, { unique: ApiError.field('CONFLICT', 'email', 'Another account uses this email') });
    }
    const updated = (await this.repo.findById(developerId))!;
    if (changes.email) await this.sendConfirmation(updated);
    return toAccount(updated, authKey);
  }

  /** Changes the password; other sessions end, the current one stays. */
  async changePassword(
    developerId: string,
    authKey: string,
    input: { id?: string; password: string; currentPassword?: string },
  ): Promise<void> {
    if (input.id && input.id !== developerId) throw ApiError.forbidden('You can only change your own password');
    const dev = await this.repo.findById(developerId);
    if (!dev) throw ApiError.unauthorized();
    if (input.currentPassword !== undefined && !(await verifyPassword(dev.password_hash, input.currentPassword))) {
      throw ApiError.field('BAD_REQUEST', 'currentPassword', 'The current password is not correct');
    }
    await this.repo.update(developerId, { password_hash: await hashPassword(input.password) });
    await this.repo.deleteSessions(developerId, sha256(authKey));
  }

  /** Always succeeds from the caller's view, so the answer does not tell whether the email exists. */
  async restorePassword(emailInput: string): Promise<void> {
    const email = emailInput.trim().toLowerCase();
    const key = `restore:${email}`;
    if (await this.ctx.loginLimiter.isBlocked(key)) return;
    await this.ctx.loginLimiter.recordFailure(key);
    const dev = await this.repo.findByEmail(email);
    if (!dev) return;
    const token = randomSecret(32);
    await this.repo.deleteTokens(dev.id, 'restore');
    await this.repo.insertToken({
      token_hash: sha256(token),
      developer_id: dev.id,
      kind: 'restore',
      created: Date.now(),
      expires: Date.now() + RESTORE_TTL,
    });
    this.sendQuietly({
      to: dev.email,
      subject: 'Reset your Basalt password',
      text: `Someone asked to reset the password of your Basalt account.\n\nOpen this link within an hour to choose a new one:\n${this.ctx.config.publicUrl}/reset-password?token=${token}\n\nIf it was not you, ignore this mail.`,
    });
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const row = await this.repo.findToken(sha256(token), 'restore');
    if (!row || row.expires < Date.now())
      throw ApiError.badRequest('This reset link is invalid or has expired: ask for a new one');
    await this.repo.update(row.developer_id, { password_hash: await hashPassword(password) });
    await this.repo.deleteTokens(row.developer_id, 'restore');
    await this.repo.deleteSessions(row.developer_id);
  }

  private async sendConfirmation(dev: DevelopersTable): Promise<void> {
    const token = randomSecret(32);
    await this.repo.deleteTokens(dev.id, 'confirm');
    await this.repo.insertToken({
      token_hash: sha256(token),
      developer_id: dev.id,
      kind: 'confirm',
      created: Date.now(),
      expires: Date.now() + CONFIRM_TTL,
    });
    this.sendQuietly({
      to: dev.email,
      subject: 'Confirm your email for Basalt',
      text: `Welcome to Basalt.\n\nConfirm your email address by opening:\n${this.ctx.config.publicUrl}/confirm-email?token=${token}`,
    });
  }

  /** Answers the same whether or not the email has an account; a few mails per window at most. */
  async resendConfirmation(emailInput: string): Promise<void> {
    const email = emailInput.trim().toLowerCase();
    const key = `resend:${email}`;
    if (await this.ctx.loginLimiter.isBlocked(key)) return;
    await this.ctx.loginLimiter.recordFailure(key);
    const dev = await this.repo.findByEmail(email);
    if (dev && !dev.email_confirmed) await this.sendConfirmation(dev);
  }

  async confirmEmail(token: string): Promise<void> {
    const row = await this.repo.findToken(sha256(token), 'confirm');
    if (!row || row.expires < Date.now()) throw ApiError.badRequest('This confirmation link is invalid or has expired');
    await this.repo.update(row.developer_id, { email_confirmed: 1 });
    await this.repo.deleteTokens(row.developer_id, 'confirm');
  }

  /** Deletes the account and every application it owns (their data stores too). */
  async deleteAccount(developerId: string): Promise<void> {
    await deleteAppsOwnedBy(this.ctx, developerId);
    await this.repo.delete(developerId);
    this.ctx.bus.emit('developer.deleted', { developerId });
  }
}

/** Every permissionable operation with the caller's access, as `my-permissions` answers it. */
export function permissionList(
  role: 'owner' | 'member',
  denied: Map<number, 'GRANT' | 'DENY'>,
): Array<{ operation: number; access: 'GRANT' | 'DENY' }> {
  return Object.values(DevOperations).map((operation) => ({
    operation,
    access: role === 'owner' ? 'GRANT' : (denied.get(operation) ?? 'GRANT'),
  }));
}
