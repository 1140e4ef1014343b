import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context.js';
import { intercepted } from '../../events/interceptors.js';
import { ApiError } from '../../http/api-error.js';
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
  ctx: ServerContext,
  confirmations: EmailConfirmations,
  links: UserLinksRepo,
): void {
  app.get<{ Params: { appId: string }; Querystring: { token?: string } }>(
    '/app-users/:appId/confirm-email',
    async (req, reply) => {
      // The link's confirmation between the user events' handlers; no app user makes it (decision 0055).
      const confirmed = (appId: string, token: string | undefined) =>
        ctx.interceptors.active(appId)
          ? intercepted(
              ctx.interceptors,
              { appId, provider: 'user', target: '*', caller: null },
              { before: 'beforeEmailConfirmed', after: 'afterEmailConfirmed' },
              { confirmationKey: token ?? null },
              (a) => confirmations.confirm(appId, a.confirmationKey),
            )
          : confirmations.confirm(appId, token);
      try {
        await confirmations.take(`confirm-ip:${req.ip}`);
      } catch {
        return html(reply, 429, confirmationPage(undefined, false));
      }
      const { appId } = req.params;
      const exists = APP_ID.test(appId) && (await links.appExists(appId));
      if (!exists) return html(reply, 400, confirmationPage(undefined, false));
      let ok: boolean;
      try {
        ok = !!(await confirmed(appId, req.query.token));
      } catch (err) {
        // A handler refused the confirmation: the page says it failed, with the handler's status.
        if (err instanceof ApiError) return html(reply, err.status, confirmationPage(undefined, false));
        throw err;
      }
      return html(reply, ok ? 200 : 400, confirmationPage(ok ? await links.appName(appId) : undefined, ok));
    },
  );
}
