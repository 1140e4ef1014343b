import type { FastifyInstance } from 'fastify';
import { Routes } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { authenticateApp, type AppCaller } from '../../http/app-auth.js';
import { handle } from '../../http/route.js';
import { appHooked } from '../../events/app-hooks.js';
import { isServerCode } from '../security/app-permissions.js';
import { AppData } from '../appapi/data-access.js';
import type { EmailService } from './email.service.js';

/** Emails of at most this many users are read for one `criteria`. */
const MAX_CRITERIA_USERS = 1000;

/** The console's email settings: SMTP, system event templates, custom templates, the outbox. */
export function registerEmailRoutes(app: FastifyInstance, ctx: ServerContext, email: EmailService): void {
  const R = Routes.email;
  handle(app, ctx, R.getEmailParams, ({ params }) => email.answer(params.appId));
  handle(app, ctx, R.updateEmailParams, ({ params, body }) => email.update(params.appId, body));
  handle(app, ctx, R.resetEmailParams, ({ params }) => email.reset(params.appId));
  handle(app, ctx, R.testSMTPConnection, ({ params, body }) => email.test(params.appId, body));

  handle(app, ctx, R.loadTemplates, ({ params }) => email.eventTemplates(params.appId));
  handle(app, ctx, R.saveTemplate, ({ params, body }) => email.saveEventTemplate(params.appId, body));
  handle(app, ctx, R.resetSystemEmailTemplate, ({ params }) => email.resetEventTemplate(params.appId, params.eventId));
  handle(app, ctx, R.sendTestEmail, ({ params, body }) => email.sendEventTest(params.appId, body));

  handle(app, ctx, R.loadCustomTemplates, ({ params }) => email.templates(params.appId));
  handle(app, ctx, R.createCustomTemplate, ({ params, body }) => email.createTemplate(params.appId, body));
  handle(app, ctx, R.updateCustomTemplate, ({ params, body }) =>
    email.updateTemplate(params.appId, params.templateName, body),
  );
  handle(app, ctx, R.deleteCustomTemplate, ({ params }) => email.deleteTemplate(params.appId, params.templateName));
  handle(app, ctx, R.parseCustomTemplateKeys, ({ body }) => email.parseKeys(body));
  handle(app, ctx, R.sendTestCustomEmail, ({ params, body }) => email.sendTemplateTest(params.appId, body));
  handle(app, ctx, R.loadEmailOutbox, ({ params }) => email.outbox(params.appId));
  handle(app, ctx, R.retryEmailOutbox, ({ params }) => email.retryOutbox(params.appId, params.mailId));
  handle(app, ctx, R.discardEmailOutbox, ({ params }) => email.discardOutbox(params.appId, params.mailId));
}

/**
 * The app API's `sendEmailFromTemplate`. Mailing any address acts beyond the caller's own data, as
 * `sendEmail` does: server code only (the BL key, cloud code); another key is answered 403.
 */
export function registerEmailAppRoutes(app: FastifyInstance, ctx: ServerContext, email: EmailService): void {
  const data = new AppData(ctx);
  app.post<{ Params: { appId: string; apiKey: string }; Body: unknown }>(
    '/:appId/:apiKey/emailtemplate/send',
    async (req) => {
      const caller = await authenticateApp(ctx, req);
      if (!isServerCode(caller))
        throw ApiError.forbidden('Permission denied: sending email is allowed to server code only');
      if (!req.body || typeof req.body !== 'object' || Array.isArray(req.body))
        throw ApiError.badRequest("Send {'template-name', addresses, 'template-values'}");
      const b = req.body as Record<string, unknown>;
      const { 'template-name': templateName, 'template-values': templateValues, attachment, ...envelope } = b;
      // The runner's argument names; the send goes on with what the handlers leave.
      const args = { templateName, envelope, templateValues, attachments: attachment ?? null };
      return appHooked(ctx, req, 'messaging', 'SendEmailFromTemplate', '*', args, (a) =>
        email.sendFromTemplate(
          req.params.appId,
          {
            ...(a.envelope && typeof a.envelope === 'object' ? (a.envelope as Record<string, unknown>) : {}),
            'template-name': a.templateName,
            'template-values': a.templateValues,
            attachment: a.attachments,
          },
          (where) => usersMatching(data, caller, where),
        ),
      );
    },
  );
}

async function usersMatching(data: AppData, caller: AppCaller, where: string): Promise<string[]> {
  const out: string[] = [];
  for (let offset = 0; offset < MAX_CRITERIA_USERS; offset += 100) {
    const page = await data.find(caller, 'Users', { where, pageSize: 100, offset }, false);
    for (const u of page) if (typeof u.email === 'string') out.push(u.email);
    if (page.length < 100) break;
  }
  return out;
}
