import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import type { FailureLimiter } from '../../http/rate-limit.js';
import { randomSecret, sha256 } from '../../http/secrets.js';
import type { UserLinksRepo } from './user-links.repo.js';
import type { UsersRepo } from './users.repo.js';

/** The status of a user registered while the app requires email confirmation, until confirmed. */
export const PENDING_STATUS = 'EMAIL_CONFIRMATION_PENDING';
/** A confirmation link works for a week. */
export const CONFIRM_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const WINDOW_MS = 15 * 60 * 1000;
/** Resend requests per identity per window, and per client address. */
const PER_IDENTITY = 3;
const PER_ADDRESS = 20;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;
const TABLE = 'app_user_email_confirmations';

/**
 * Email confirmation of app users: when the app's registration requires it, a new user is stored
 * with status EMAIL_CONFIRMATION_PENDING and mailed a link holding a random token (only its SHA-256
 * is stored, one pending link per user, a new one replaces it). Opening the link sets the status to
 * ENABLED; until then login is refused.
 */
export class EmailConfirmations {
  readonly limiter: FailureLimiter;

  constructor(
    private readonly ctx: ServerContext,
    private readonly links: UserLinksRepo,
    private readonly users: UsersRepo,
  ) {
    this.limiter = ctx.cluster.limiter('email-confirmation', PER_ADDRESS, WINDOW_MS);
  }

  /** Refuses with 429 when the key used its requests of the window; otherwise counts this one. */
  async take(key: string, max?: number): Promise<void> {
    if (await this.limiter.isBlocked(key, max)) {
      const minutes = Math.max(1, Math.ceil((await this.limiter.retryAfter(key)) / 60_000));
      throw new ApiError(
        'RATE_LIMITED',
        `Too many confirmation requests; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
      );
    }
    await this.limiter.recordFailure(key);
  }

  countRequest(appId: string, identity: string): Promise<void> {
    return this.take(`confirm-identity:${appId}:${identity.toLowerCase()}`, PER_IDENTITY);
  }

  /** A new link for a user (the old one stops working). */
  async issue(appId: string, userId: string): Promise<string> {
    const token = randomSecret(32);
    const now = Date.now();
    await this.links.sweep(TABLE, appId, now);
    await this.links.replace(TABLE, appId, userId, sha256(token), now, now + CONFIRM_TTL_MS);
    return `${this.ctx.config.publicUrl}/app-users/${encodeURIComponent(appId)}/confirm-email?token=${token}`;
  }

  /** Issues a link and mails it to the user. */
  async send(appId: string, user: { objectId: string; email: string }): Promise<void> {
    const link = await this.issue(appId, user.objectId);
    const app = await this.links.appName(appId);
    await this.ctx.mailer.sendForApp(appId, {
      event: {
        id: 'USER_REGISTRATION_CONFIRMATION',
        values: { app_name: app, confirmation_url: link, email: user.email },
      },
      to: user.email,
      subject: `Confirm your ${app} email address`,
      text:
        `Welcome to ${app}.\n\nTo confirm your email address and start signing in, open this link within seven days:\n${link}\n\n` +
        'If you did not register, ignore this message.',
    });
  }

  /** Mails a link after the answer; a failed mail is logged, never answered. */
  sendLater(appId: string, user: { objectId: string; email: string }): void {
    void this.send(appId, user).catch((err: unknown) =>
      this.ctx.log.warn({ err, appId }, 'Sending an email confirmation mail failed'),
    );
  }

  /**
   * Confirms the user of a link: the token is consumed first (a second use finds nothing), then a
   * pending user becomes ENABLED. A user disabled meanwhile stays disabled.
   */
  async confirm(appId: string, token: unknown): Promise<boolean> {
    if (typeof token !== 'string' || !TOKEN.test(token)) return false;
    const hash = sha256(token);
    const row = await this.links.find(TABLE, appId, hash);
    if (!row || Number(row.expires) <= Date.now()) return false;
    if (!(await this.links.consume(TABLE, appId, hash))) return false;
    const users = (await this.ctx.data.schema(appId)).table('Users');
    const status = users?.columns.find((c) => c.name === 'userStatus');
    if (!users || !status) return false;
    const confirmed = users.columns.find((c) => c.name === 'isEmailConfirmed');
    return this.users.confirm(appId, users.sqlName, {
      status: status.sqlName,
      confirmed: confirmed?.sqlName,
      objectId: row.user_id,
      pending: PENDING_STATUS,
    });
  }
}
