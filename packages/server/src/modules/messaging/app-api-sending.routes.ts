import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { authenticateApp } from '../../http/app-auth.js';
import { isServerCode } from '../security/app-permissions.js';
import { DEFAULT_CHANNEL, type ChannelsService } from './channels.service.js';
import type { PushService } from './push.service.js';
import { messagingHooked } from './messaging.hooks.js';
import { MessagingSender, templateValues } from './sending.js';

type KeyParams = { appId: string; apiKey: string };

/**
 * The rest of the SDK's messaging calls over the app API: `deleteChannel`, `getPushTemplates`,
 * `pushWithTemplate` and `sendEmail` (`sendEmailFromTemplate` is the email module's). Deleting a channel, pushing to a template's audience and mailing any address act beyond
 * the caller's own data, and the permission engine has no operation for them, so they are for
 * server code (the BL key, cloud code) only: another key is answered 403 naming the rule.
 * The literal paths are registered beside `/messaging/{channel}`; Fastify matches literals first.
 */
export function registerMessagingSendingRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  channels: ChannelsService,
  push: PushService,
): void {
  const base = '/:appId/:apiKey/messaging';
  const sender = new MessagingSender(ctx);
  const serverCodeOnly = async (req: FastifyRequest, what: string) => {
    const caller = await authenticateApp(ctx, req);
    if (!isServerCode(caller)) throw ApiError.forbidden(`Permission denied: ${what} is allowed to server code only`);
    return caller;
  };

  // DELETE /messaging/channels/{name}: the channel and its history; `default` stays.
  app.delete<{ Params: KeyParams & { name: string } }>(`${base}/channels/:name`, async (req) => {
    await serverCodeOnly(req, 'deleting a channel');
    const row = await channels.repo.channelByName(req.params.appId, req.params.name);
    if (!row) throw ApiError.notFound(`Channel '${req.params.name}' does not exist`);
    if (row.name === DEFAULT_CHANNEL) throw ApiError.badRequest('The default channel cannot be deleted');
    await channels.delete(req.params.appId, row.id);
    return true;
  });

  // GET /messaging/pushtemplates/{deviceType}: the app's push templates, which serve every
  // platform, each as the console saved it (name, message, audience).
  app.get<{ Params: KeyParams & { deviceType: string } }>(`${base}/pushtemplates/:deviceType`, async (req) => {
    await authenticateApp(ctx, req);
    return push.templates(req.params.appId, 'push');
  });

  // POST /messaging/push/{template} {templateValues}: the template's push, `{key}` in its message
  // replaced by the value of that key.
  app.post<{ Params: KeyParams & { template: string }; Body: { templateValues?: unknown } | undefined }>(
    `${base}/push/:template`,
    async (req) => {
      await serverCodeOnly(req, 'pushing with a template');
      const values = templateValues(req.body?.templateValues);
      return messagingHooked(ctx, req, 'PushWithTemplate', '*', { templateName: req.params.template }, (args) =>
        sender.pushWithTemplate(
          req.params.appId,
          typeof args.templateName === 'string' ? args.templateName : req.params.template,
          values,
        ),
      );
    },
  );

  // POST /messaging/email {subject, bodyparts: {textmessage?, htmlmessage?}, to: [..], attachment?}
  app.post<{ Params: KeyParams; Body: unknown }>(`${base}/email`, async (req) => {
    await serverCodeOnly(req, 'sending email');
    const b = (req.body ?? {}) as { subject?: unknown; bodyparts?: unknown; to?: unknown; attachment?: unknown };
    if (typeof b !== 'object' || Array.isArray(b)) throw ApiError.badRequest('Send {subject, bodyparts, to}');
    // The runner's argument names; the mail is checked as the handlers leave it.
    const args = { subject: b.subject, bodyParts: b.bodyparts, recipients: b.to, attachments: b.attachment ?? null };
    return messagingHooked(ctx, req, 'SendEmail', '*', args, (a) =>
      sender.sendEmail(req.params.appId, {
        subject: a.subject,
        bodyparts: a.bodyParts,
        to: a.recipients,
        attachment: a.attachments,
      }),
    );
  });
}
