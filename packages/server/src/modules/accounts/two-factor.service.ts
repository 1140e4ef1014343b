import type { DeveloperAccount, TwoFactorState } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import type { DevelopersTable } from '../../db/system-schema.js';
import { ApiError, fieldError } from '../../http/api-error.js';
import { sha256 } from '../../http/secrets.js';
import type { AccountsRepo } from './accounts.repo.js';
import { matchTotpStep, newTotpSecret, otpauthUri, verifyTotp } from './totp.js';
import { verifyPassword } from './passwords.js';
import { RecoveryCodes } from './recovery-codes.js';

/** Wrong codes one sign-in attempt may take before the password has to be entered again. */
export const OTP_MAX_ATTEMPTS = 5;

type Code = string | number;

/**
 * A refused two-factor code. 401 ends the sign-in attempt; 400 is a mistake on a form (a missing
 * or wrong code while enrolling or confirming), answered as a field error of `otpCode`.
 */
function invalidOtp(status: 400 | 401, message: string): ApiError {
  if (status === 401) return new ApiError('INVALID_OTP', message);
  return new ApiError('VALIDATION', message, { fields: [fieldError('otpCode', message, 'INVALID_OTP')] });
}

/**
 * Two-factor sign-in (TOTP, RFC 6238). Enrolment: `set(true)` switches it on with a fresh secret
 * at once (the reference client has no confirm step) and marks it pending; the console then proves
 * the authenticator works with `confirm`, or switches it off again if the developer gives up. Once
 * confirmed, switching it off or replacing the secret needs a current code, so a stolen session
 * key cannot remove or take over the second factor.
 */
export class TwoFactorService {
  readonly recovery: RecoveryCodes;

  constructor(
    private readonly ctx: ServerContext,
    private readonly repo: AccountsRepo,
    private readonly openSession: (dev: DevelopersTable) => Promise<DeveloperAccount>,
  ) {
    this.recovery = new RecoveryCodes(ctx.dbs);
  }

  private async developer(id: string): Promise<DevelopersTable> {
    const dev = await this.repo.findById(id);
    if (!dev) throw ApiError.unauthorized();
    return dev;
  }

  async state(developerId: string): Promise<TwoFactorState> {
    const dev = await this.developer(developerId);
    const pending = dev.totp_pending_secret;
    // While enrolling the console may have been reloaded: it needs the secret again to show the QR code.
    if (dev.totp_enabled && pending)
      return { enabled: true, pendingConfirmation: true, secret: pending, otpauthUri: otpauthUri(pending, dev.email) };
    if (!dev.totp_enabled) return { enabled: false, pendingConfirmation: false };
    return { enabled: true, pendingConfirmation: false, recoveryCodesLeft: await this.recovery.countLeft(dev.id) };
  }

  async set(developerId: string, enabled: boolean, otpCode?: Code): Promise<TwoFactorState> {
    const dev = await this.developer(developerId);
    const confirmed = !!dev.totp_enabled && !dev.totp_pending_secret;
    if (confirmed) {
      const what = enabled ? 'set up a new authenticator' : 'turn two-factor sign-in off';
      if (otpCode === undefined)
        throw invalidOtp(400, `Two-factor sign-in is on: enter a current code from your authenticator app to ${what}`);
      await this.checkCode(dev, otpCode);
    }
    if (enabled) {
      const secret = newTotpSecret();
      await this.repo.update(developerId, { totp_secret: secret, totp_enabled: 1, totp_pending_secret: secret });
      return { enabled: true, secret, otpauthUri: otpauthUri(secret, dev.email), pendingConfirmation: true };
    }
    await this.repo.update(developerId, { totp_secret: null, totp_enabled: 0, totp_pending_secret: null });
    await this.recovery.remove(developerId);
    return { enabled: false, pendingConfirmation: false };
  }

  async confirm(developerId: string, otpCode: Code): Promise<TwoFactorState> {
    const dev = await this.developer(developerId);
    if (!dev.totp_enabled || !dev.totp_secret) {
      throw ApiError.badRequest('Two-factor sign-in is not being set up: turn it on first');
    }
    await this.checkCode(dev, otpCode);
    await this.repo.update(developerId, { totp_pending_secret: null });
    // A new authenticator comes with a new set: codes printed for the old one stop working.
    const recoveryCodes = await this.recovery.replace(developerId);
    return { enabled: true, pendingConfirmation: false, recoveryCodes, recoveryCodesLeft: recoveryCodes.length };
  }

  /**
   * A fresh set of recovery codes; the old ones die at once. Needs the password or a current code,
   * so a stolen session key alone cannot print itself a way past the second factor.
   */
  async regenerateRecoveryCodes(
    developerId: string,
    proof: { password?: string; otpCode?: Code },
  ): Promise<{ recoveryCodes: string[]; recoveryCodesLeft: number }> {
    const dev = await this.developer(developerId);
    if (!dev.totp_enabled || dev.totp_pending_secret)
      throw ApiError.badRequest('Turn two-factor sign-in on (and confirm it) before asking for recovery codes');
    if (proof.otpCode !== undefined && proof.otpCode !== '') await this.checkCode(dev, proof.otpCode);
    else if (typeof proof.password === 'string' && proof.password) await this.checkPassword(dev, proof.password);
    else
      throw ApiError.field(
        'BAD_REQUEST',
        'password',
        'Enter your password or a current code from your authenticator app',
      );
    const recoveryCodes = await this.recovery.replace(developerId);
    return { recoveryCodes, recoveryCodesLeft: recoveryCodes.length };
  }

  /** Wrong passwords here count against the same allowance as wrong codes. */
  private async checkPassword(dev: DevelopersTable, password: string): Promise<void> {
    const key = `2fa:${dev.id}`;
    if (await this.ctx.loginLimiter.isBlocked(key))
      throw ApiError.rateLimited('Too many wrong attempts: wait a few minutes and try again');
    if (!(await verifyPassword(dev.password_hash, password))) {
      await this.ctx.loginLimiter.recordFailure(key);
      throw ApiError.field('BAD_REQUEST', 'password', 'The password is not correct');
    }
    await this.ctx.loginLimiter.reset(key);
  }

  /** Checks a code typed by a signed-in developer; wrong codes count against a per-developer allowance. */
  private async checkCode(dev: DevelopersTable, otpCode: Code): Promise<void> {
    const key = `2fa:${dev.id}`;
    if (await this.ctx.loginLimiter.isBlocked(key))
      throw ApiError.rateLimited('Too many wrong codes: wait a few minutes and try again');
    if (!dev.totp_secret || !verifyTotp(dev.totp_secret, otpCode)) {
      await this.ctx.loginLimiter.recordFailure(key);
      throw invalidOtp(400, 'The code is not valid: check the time on your device and try again');
    }
    await this.ctx.loginLimiter.reset(key);
  }

  /** Code step of sign-in, after `login` answered `{otpCreated, sessionId}`. */
  async login(sessionId: string, otpCode: Code): Promise<DeveloperAccount> {
    const idHash = sha256(sessionId);
    const session = await this.repo.findOtpSession(idHash);
    if (!session || session.expires < Date.now()) {
      throw invalidOtp(401, 'This sign-in attempt has ended: enter your password again');
    }
    if (!(await this.repo.takeOtpAttempt(idHash, OTP_MAX_ATTEMPTS))) {
      await this.repo.deleteOtpSession(idHash);
      throw ApiError.rateLimited('Too many wrong codes: enter your password again');
    }
    const dev = await this.repo.findById(session.developer_id);
    const step = dev?.totp_enabled && dev.totp_secret ? matchTotpStep(dev.totp_secret, otpCode) : null;
    // A code is good once: the step claim fails for a code that already opened a session.
    if (!dev || step === null || !(await this.repo.claimTotpStep(dev.id, step))) {
      if (session.attempts + 1 >= OTP_MAX_ATTEMPTS) {
        await this.repo.deleteOtpSession(idHash);
        throw invalidOtp(401, 'The code is not valid, and that was the last try: enter your password again');
      }
      throw invalidOtp(401, 'The code is not valid: check your authenticator app and try again');
    }
    await this.repo.deleteOtpSession(idHash);
    return this.openSession(dev);
  }

  /**
   * Code step of sign-in with a recovery code instead of the authenticator. Tries count against the
   * sign-in attempt (like codes) and against the developer over a window, so fetching a new attempt
   * with the password does not buy unlimited guesses. A used code is gone for good.
   */
  async loginWithRecoveryCode(sessionId: string, recoveryCode: string): Promise<DeveloperAccount> {
    const idHash = sha256(sessionId);
    const session = await this.repo.findOtpSession(idHash);
    if (!session || session.expires < Date.now()) {
      throw invalidOtp(401, 'This sign-in attempt has ended: enter your password again');
    }
    const key = `recovery:${session.developer_id}`;
    if (await this.ctx.loginLimiter.isBlocked(key)) {
      await this.repo.deleteOtpSession(idHash);
      throw ApiError.rateLimited('Too many wrong recovery codes: wait a few minutes and sign in again');
    }
    if (!(await this.repo.takeOtpAttempt(idHash, OTP_MAX_ATTEMPTS))) {
      await this.repo.deleteOtpSession(idHash);
      throw ApiError.rateLimited('Too many wrong codes: enter your password again');
    }
    const dev = await this.repo.findById(session.developer_id);
    if (!dev?.totp_enabled || !(await this.recovery.claim(dev.id, recoveryCode))) {
      await this.ctx.loginLimiter.recordFailure(key);
      if (session.attempts + 1 >= OTP_MAX_ATTEMPTS) {
        await this.repo.deleteOtpSession(idHash);
        throw invalidOtp(401, 'The recovery code is not valid, and that was the last try: enter your password again');
      }
      throw invalidOtp(401, 'The recovery code is not valid or was already used');
    }
    await this.ctx.loginLimiter.reset(key);
    await this.repo.deleteOtpSession(idHash);
    const left = await this.recovery.countLeft(dev.id);
    await this.tellRecoveryCodeUsed(dev, left);
    return this.openSession(dev);
  }

  /**
   * A recovery code in use may mean a lost phone or a stolen code: it goes into the audit log of
   * every app the developer works on (the log is per app; teammates see it too) and the developer
   * gets a mail.
   */
  private async tellRecoveryCodeUsed(dev: DevelopersTable, left: number): Promise<void> {
    const summary = `${dev.email} signed in with a recovery code (${left} left)`;
    for (const appId of await this.repo.appIdsOf(dev.id)) {
      this.ctx.bus.emit('console.changed', {
        appId,
        developerId: dev.id,
        action: 'account.recoveryCodeUsed',
        target: `Account ${dev.email}`,
        summary,
      });
    }
    this.ctx.log.info({ developerId: dev.id, left }, 'Developer signed in with a recovery code');
    this.ctx.mailer
      .send({
        to: dev.email,
        subject: 'A recovery code was used to sign in to Basalt',
        text: `Someone signed in to your Basalt account with one of your two-factor recovery codes. ${left} of your codes are left.\n\nIf it was you, consider making a new set under Account › Security:\n${this.ctx.config.publicUrl}/account/security\n\nIf it was not you, change your password and make a new set of recovery codes at once.`,
      })
      .catch((err: unknown) => this.ctx.log.error({ err, to: dev.email }, 'Sending mail failed'));
  }
}
