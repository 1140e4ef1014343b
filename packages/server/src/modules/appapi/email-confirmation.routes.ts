import type { FastifyInstance } from 'fastify';
import type { EmailConfirmations } from './email-confirmation.service.js';
import { confirmationPage } from './password-reset.page.js';
import { html } from './password-reset.routes.js';
import type { UserLinksRepo } from './user-links.repo.js';

const APP_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * The page behind the link of a confirmation mail, `/app-users/{appId}/confirm-email?token=…`,
 * outside the `/{appId}/{apiKey}` space like the password reset page. Opening it confirms: the
 * link reached the mailbox, which is what it proves. Attempts count per client address.
 */
export function registerEmailConfirmationPage(
  app: FastifyInstance,
  confirmations: EmailConfirmations,
  links: UserLinksRepo,
): void {
  app.get<{ Params: { appId: string }; Querystring: { token?: string } }>(
    '/app-users/:appId/confirm-email',
    async (req, reply) => {
      try {
        await confirmations.take(`confirm-ip:${req.ip}`);
      } catch {
        return html(reply, 429, confirmationPage(undefined, false));
      }
      const { appId } = req.params;
      const exists = APP_ID.test(appId) && (await links.appExists(appId));
      const ok = !!exists && (await confirmations.confirm(appId, req.query.token));
      return html(reply, ok ? 200 : 400, confirmationPage(ok ? await links.appName(appId) : undefined, ok));
    },
  );
}
