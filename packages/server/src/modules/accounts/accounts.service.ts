import { DevOperations, type DeveloperAccount, type OtpPending, type TwoFactorState } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import type { DevelopersTable } from '../../db/system-schema.js';
import { ApiError } from '../../http/api-error.js';
import { newId, randomSecret, sha256 } from '../../http/secrets.js';
import { AccountsRepo } from './accounts.repo.js';
import { deleteAppsOwnedBy } from '../apps/index.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import { newTotpSecret, otpauthUri, verifyTotp } from './totp.js';

const OTP_SESSION_TTL = 5 * 60 * 1000;
const OTP_MAX_ATTEMPTS = 5;
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

  constructor(private readonly ctx: ServerContext) {
    this.repo = new AccountsRepo(ctx.dbs);
  }

  async register(input: { email: string; password: string; name?: string }): Promise<Omit<DeveloperAccount, 'authKey'>> {
    const email = input.email.trim().toLowerCase();
    if (await this.repo.findByEmail(email)) {
      throw ApiError.conflict('An account with this email already exists: sign in or restore the password', { field: 'email' });
    }
    const now = Date.now();
    const dev: DevelopersTable = {
      id: newId(), email, name: (input.name ?? '').trim(), password_hash: await hashPassword(input.password),
      email_confirmed: 0, totp_secret: null, totp_enabled: 0, totp_pending_secret: null, created: now, updated: now,
    };
    await this.repo.insert(dev);
    await this.sendConfirmation(dev);
    this.ctx.bus.emit('developer.registered', { developerId: dev.id, email });
    const { authKey: _ignored, ...account } = toAccount(dev, '');
    return account;
  }

  /** Password step of sign-in. Failures count per login name and per client address. */
  async login(loginName: string, password: string, clientIp: string): Promise<LoginResult> {
    const email = loginName.trim().toLowerCase();
    const keys = [`login:${email}`, `ip:${clientIp}`];
    for (const key of keys) {
      if (this.ctx.loginLimiter.isBlocked(key)) {
        const minutes = Math.max(1, Math.ceil(this.ctx.loginLimiter.retryAfter(key) / 60000));
        throw ApiError.rateLimited(`Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
      }
    }
    const dev = await this.repo.findByEmail(email);
    const ok = dev ? await verifyPassword(dev.password_hash, password) : (await verifyPassword(await dummyHash(), password), false);
    if (!dev || !ok) {
      for (const key of keys) this.ctx.loginLimiter.recordFailure(key);
      throw new ApiError('INVALID_CREDENTIALS', 401, 'Wrong email or password');
    }
    this.ctx.loginLimiter.reset(`login:${email}`);
    if (dev.totp_enabled) {
      const sessionId = randomSecret(24);
      await this.repo.insertOtpSession(sha256(sessionId), dev.id, OTP_SESSION_TTL);
      return { otp: { otpCreated: true, sessionId } };
    }
    return { account: await this.openSession(dev) };
  }

  /** Code step of sign-in when two-factor login is on. */
  async loginWithOtp(sessionId: string, otpCode: string | number): Promise<DeveloperAccount> {
    const idHash = sha256(sessionId);
    const session = await this.repo.findOtpSession(idHash);
    if (!session || session.expires < Date.now()) {
      throw new ApiError('INVALID_OTP', 401, 'The sign-in attempt has expired: enter your password again');
    }
    if (session.attempts >= OTP_MAX_ATTEMPTS) {
      await this.repo.deleteOtpSession(idHash);
      throw ApiError.rateLimited('Too many wrong codes: enter your password again');
    }
    const dev = await this.repo.findById(session.developer_id);
    if (!dev || !dev.totp_secret || !verifyTotp(dev.totp_secret, otpCode)) {
      await this.repo.countOtpAttempt(idHash);
      throw new ApiError('INVALID_OTP', 401, 'The code is not valid: check your authenticator app and try again');
    }
    await this.repo.deleteOtpSession(idHash);
    return this.openSession(dev);
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

  async updateProfile(developerId: string, authKey: string, patch: { name?: string; email?: string }): Promise<DeveloperAccount> {
    const dev = await this.repo.findById(developerId);
    if (!dev) throw ApiError.unauthorized();
    const changes: Partial<DevelopersTable> = {};
    if (patch.name !== undefined) changes.name = patch.name.trim();
    if (patch.email !== undefined && patch.email.trim().toLowerCase() !== dev.email) {
      const email = patch.email.trim().toLowerCase();
      if (await this.repo.findByEmail(email)) throw ApiError.conflict('Another account uses this email', { field: 'email' });
      changes.email = email;
      changes.email_confirmed = 0;
    }
    await this.repo.update(developerId, changes);
    const updated = (await this.repo.findById(developerId))!;
    if (changes.email) await this.sendConfirmation(updated);
    return toAccount(updated, authKey);
  }

  /** Changes the password; other sessions end, the current one stays. */
  async changePassword(developerId: string, authKey: string, input: { id?: string; password: string; currentPassword?: string }): Promise<void> {
    if (input.id && input.id !== developerId) throw ApiError.forbidden('You can only change your own password');
    const dev = await this.repo.findById(developerId);
    if (!dev) throw ApiError.unauthorized();
    if (input.currentPassword !== undefined && !(await verifyPassword(dev.password_hash, input.currentPassword))) {
      throw ApiError.badRequest('The current password is not correct', { field: 'currentPassword' });
    }
    await this.repo.update(developerId, { password_hash: await hashPassword(input.password) });
    await this.repo.deleteSessions(developerId, sha256(authKey));
  }

  /** Always succeeds from the caller's view, so the answer does not tell whether the email exists. */
  async restorePassword(emailInput: string): Promise<void> {
    const email = emailInput.trim().toLowerCase();
    const key = `restore:${email}`;
    if (this.ctx.loginLimiter.isBlocked(key)) return;
    this.ctx.loginLimiter.recordFailure(key);
    const dev = await this.repo.findByEmail(email);
    if (!dev) return;
    const token = randomSecret(32);
    await this.repo.deleteTokens(dev.id, 'restore');
    await this.repo.insertToken({ token_hash: sha256(token), developer_id: dev.id, kind: 'restore', created: Date.now(), expires: Date.now() + RESTORE_TTL });
    await this.ctx.mailer.send({
      to: dev.email,
      subject: 'Reset your Basalt password',
      text: `Someone asked to reset the password of your Basalt account.\n\nOpen this link within an hour to choose a new one:\n${this.ctx.config.publicUrl}/reset-password?token=${token}\n\nIf it was not you, ignore this mail.`,
    });
  }

  async resetPassword(token: string, password: string): Promise<void> {
    const row = await this.repo.findToken(sha256(token), 'restore');
    if (!row || row.expires < Date.now()) throw ApiError.badRequest('This reset link is invalid or has expired: ask for a new one');
    await this.repo.update(row.developer_id, { password_hash: await hashPassword(password) });
    await this.repo.deleteTokens(row.developer_id, 'restore');
    await this.repo.deleteSessions(row.developer_id);
  }

  private async sendConfirmation(dev: DevelopersTable): Promise<void> {
    const token = randomSecret(32);
    await this.repo.deleteTokens(dev.id, 'confirm');
    await this.repo.insertToken({ token_hash: sha256(token), developer_id: dev.id, kind: 'confirm', created: Date.now(), expires: Date.now() + CONFIRM_TTL });
    await this.ctx.mailer.send({
      to: dev.email,
      subject: 'Confirm your email for Basalt',
      text: `Welcome to Basalt.\n\nConfirm your email address by opening:\n${this.ctx.config.publicUrl}/confirm-email?token=${token}`,
    });
  }

  async resendConfirmation(emailInput: string): Promise<void> {
    const dev = await this.repo.findByEmail(emailInput.trim().toLowerCase());
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

  async get2FA(developerId: string): Promise<TwoFactorState> {
    const dev = await this.repo.findById(developerId);
    if (!dev) throw ApiError.unauthorized();
    return { enabled: !!dev.totp_enabled, pendingConfirmation: !!dev.totp_pending_secret };
  }

  /**
   * Turning 2FA on makes a new secret and requires the code at once; the console then asks for a
   * first code (`confirm2FA`) and turns 2FA off again if the developer gives up. Turning it off
   * after confirmation needs a current code, so a stolen session cannot remove the second factor.
   */
  async set2FA(developerId: string, enabled: boolean, otpCode?: string | number): Promise<TwoFactorState> {
    const dev = await this.repo.findById(developerId);
    if (!dev) throw ApiError.unauthorized();
    if (enabled) {
      const secret = newTotpSecret();
      await this.repo.update(developerId, { totp_secret: secret, totp_enabled: 1, totp_pending_secret: secret });
      return { enabled: true, secret, otpauthUri: otpauthUri(secret, dev.email), pendingConfirmation: true };
    }
    const confirmed = dev.totp_enabled && !dev.totp_pending_secret;
    if (confirmed && (otpCode === undefined || !dev.totp_secret || !verifyTotp(dev.totp_secret, otpCode))) {
      throw new ApiError('INVALID_OTP', 400, 'Enter a current code from your authenticator app to turn two-factor sign-in off', { field: 'otpCode' });
    }
    await this.repo.update(developerId, { totp_secret: null, totp_enabled: 0, totp_pending_secret: null });
    return { enabled: false };
  }

  async confirm2FA(developerId: string, otpCode: string | number): Promise<TwoFactorState> {
    const dev = await this.repo.findById(developerId);
    if (!dev || !dev.totp_enabled || !dev.totp_secret) throw ApiError.badRequest('Two-factor sign-in is not being set up');
    if (!verifyTotp(dev.totp_secret, otpCode)) {
      throw new ApiError('INVALID_OTP', 400, 'The code is not valid: check the time on your device and try again', { field: 'otpCode' });
    }
    await this.repo.update(developerId, { totp_pending_secret: null });
    return { enabled: true, pendingConfirmation: false };
  }
}

/** Every permissionable operation with the caller's access, as `my-permissions` answers it. */
export function permissionList(role: 'owner' | 'member', denied: Map<number, 'GRANT' | 'DENY'>): Array<{ operation: number; access: 'GRANT' | 'DENY' }> {
  return Object.values(DevOperations).map((operation) => ({
    operation,
    access: role === 'owner' ? 'GRANT' : (denied.get(operation) ?? 'GRANT'),
  }));
}
