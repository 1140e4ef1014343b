import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { FailureLimiter } from '../../http/rate-limit.js';
import { randomSecret, sha256 } from '../../http/secrets.js';
import { hashPassword } from '../accounts/index.js';
import type { UserLinksRepo } from './user-links.repo.js';
import type { UsersRepo } from './users.repo.js';

/** A reset link works for one hour, once. */
export const RESET_TTL_MS = 60 * 60 * 1000;
const WINDOW_MS = 15 * 60 * 1000;
/** Restore requests per identity per window: enough for a lost mail, too few to flood a mailbox. */
const PER_IDENTITY = 3;
/** Restore requests and reset attempts per client address per window. */
export const PER_ADDRESS = 20;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const TABLE = 'app_user_password_resets';

export type ResetOutcome = { ok: true } | { ok: false; reason: 'invalid' | 'password'; message: string };

/**
 * Self-service password reset of app users: a restore request mails a link holding a random token
 * (256 bits; only its SHA-256 is stored, one pending link per user, a new request replaces it),
 * and the link's page sets a new password once, within an hour, and ends every session of the user.
 */
export class PasswordResets {
  /** Counts requests (not failures): every restore request and every reset attempt is one. */
  readonly limiter: FailureLimiter;

  constructor(
    private readonly ctx: ServerContext,
    private readonly links: UserLinksRepo,
    private readonly users: UsersRepo,
  ) {
    // Counted in Redis when the deployment has one, so every server process shares the allowance.
    this.limiter = ctx.cluster.limiter('password-reset', PER_ADDRESS, WINDOW_MS);
  }

  /** Refuses with 429 when the key used its requests of the window; otherwise counts this one. */
  async take(key: string, max?: number): Promise<void> {
    if (await this.limiter.isBlocked(key, max)) {
      const minutes = Math.max(1, Math.ceil((await this.limiter.retryAfter(key)) / 60_000));
      throw new ApiError(
        'RATE_LIMITED',
        `Too many password reset requests; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      );
    }
    await this.limiter.recordFailure(key);
  }

  /**
   * Counts a restore request of an identity, whether or not it is registered (so the limit tells
   * nothing about accounts either).
   */
  countRequest(appId: string, identity: string): Promise<void> {
    return this.take(`reset-identity:${appId}:${identity.toLowerCase()}`, PER_IDENTITY);
  }

  /** Issues a new link for a user (the old one stops working) and mails it. */
  async send(appId: string, user: { objectId: string; email: string }): Promise<void> {
    const token = randomSecret(32);
    const now = Date.now();
    await this.links.replace(TABLE, appId, user.objectId, sha256(token), now, now + RESET_TTL_MS);
    const link = `${this.ctx.config.publicUrl}/app-users/${encodeURIComponent(appId)}/password-reset?token=${token}`;
    const app = await this.appName(appId);
    await this.ctx.mailer.sendForApp(appId, {
      event: { id: 'PASSWORD_RESTORE', values: { app_name: app, reset_url: link, email: user.email } },
      to: user.email,
      subject: `Reset your ${app} password`,
      text:
        `Someone asked to reset the password of your ${app} account.\n\nTo choose a new password, open this link within one hour:\n${link}\n\n` +
        'The link works once. If it was not you, ignore this message: your password stays as it is.',
    });
  }

  appName(appId: string): Promise<string> {
    return this.links.appName(appId);
  }

  /** The pending reset of a token, when it exists and has not expired. */
  async pending(appId: string, token: unknown): Promise<{ userId: string; hash: string } | undefined> {
    if (typeof token !== 'string' || !TOKEN.test(token)) return undefined;
    const hash = sha256(token);
    const row = await this.links.find(TABLE, appId, hash);
    if (!row || Number(row.expires) <= Date.now()) return undefined;
    return { userId: row.user_id, hash };
  }

  /**
   * Sets the new password of a pending reset. A refused password keeps the link usable; otherwise
   * the token is consumed first (a second use, even a concurrent one, finds nothing), then the
   * password is stored hashed like every other and all the user's sessions end.
   */
  async complete(appId: string, token: unknown, password: unknown, confirm: unknown): Promise<ResetOutcome> {
    const invalid: ResetOutcome = {
      ok: false,
      reason: 'invalid',
      message:
        'This reset link is not valid: it has expired, was already used, or a newer one was sent. Ask for a new one.',
    };
    const found = await this.pending(appId, token);
    if (!found) return invalid;
    const problem = passwordProblem(password, confirm);
    if (problem) return { ok: false, reason: 'password', message: problem };
    if (!(await this.links.consume(TABLE, appId, found.hash))) return invalid;
    const users = (await this.ctx.data.schema(appId)).table('Users');
    const column = users?.columns.find((c) => c.name === 'password');
    if (!users || !column) return invalid;
    if (
      !(await this.users.setPassword(
        appId,
        users.sqlName,
        column.sqlName,
        found.userId,
        await hashPassword(password as string),
      ))
    )
      return invalid;
    // Whoever held the old password may hold a session too.
    await this.ctx.security.sessions.revokeAll(appId, found.userId);
    return { ok: true };
  }

  /** Expired links are useless; they go when the next link of the app is asked for. */
  async sweep(appId: string): Promise<void> {
    await this.links.sweep(TABLE, appId, Date.now());
  }
}

/**
 * The registration's password rule (users-policy.ts: 1 to 1000 characters; the users configuration
 * has no stricter password settings), plus the confirmation typed twice on the page.
 */
export function passwordProblem(password: unknown, confirm: unknown): string | undefined {
  if (typeof password !== 'string' || password.length < 1) return 'Enter a new password.';
  if (password.length > 1000) return 'The password is too long: at most 1000 characters.';
  if (password !== confirm) return 'The two passwords differ.';
  return undefined;
}
