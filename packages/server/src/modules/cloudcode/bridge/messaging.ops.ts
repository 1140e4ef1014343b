import type { ServerContext } from '../../../context.js';
import { ApiError } from '../../../http/api-error.js';
import { checkChannelPermission, isServerCode } from '../../security/index.js';
import { publishToChannel } from '../../messaging/index.js';
import { MessagingSender } from '../../messaging/sending.js';
import { optionalObject, text } from './args.js';
import type { OpFn } from './data.ops.js';
import type { Principal } from './principal.js';

/** The push fields code may send (the console's push: a channel or a where over devices). */
const PUSH_FIELDS = new Set(['channelName', 'channel', 'message', 'platforms', 'where', 'options']);

/** The Publish permission of a channel for the code's principal (caller plus ServerCodeUser). */
async function mayPublish(ctx: ServerContext, p: Principal, channel: string): Promise<void> {
  const answer = await checkChannelPermission(ctx, p, channel, 'Publish');
  if (!answer.allowed) throw ApiError.forbidden(answer.message);
}

/** What the app API routes allow to server code only (mail to any address, pushes to any audience). */
function serverCodeOnly(p: Principal, what: string): void {
  if (!isServerCode(p)) throw ApiError.forbidden(`Permission denied: ${what} is allowed to server code only`);
}

/**
 * Messaging from code: publish, email and push, through the same work as the app API routes
 * (`messaging/sending.ts`), with their checks: the channel's Publish permission for a publish or a
 * push to a channel's devices, server code only for mail and template or where pushes (the
 * principal always carries ServerCodeUser, unless the app has no such role), and the routes'
 * limits on recipients, sizes and attachments.
 */
export function messagingOps(ctx: ServerContext): Record<string, OpFn> {
  const sender = new MessagingSender(ctx);
  return {
    'messaging.publish': async (p, a) => {
      const channel = text(a, 'channel', 'messaging.publish');
      await mayPublish(ctx, p, channel);
      return publishToChannel(ctx, p.appId, channel, {
        message: a.message,
        headers: optionalObject(a, 'headers') ?? null,
      });
    },

    // {subject, body: {textmessage?, htmlmessage?}, to: [addresses], attachments?: [file paths]}
    'messaging.sendEmail': async (p, a) => {
      serverCodeOnly(p, 'sending email');
      return sender.sendEmail(p.appId, {
        subject: a.subject,
        bodyparts: a.body,
        to: a.to,
        attachment: a.attachments ?? null,
      });
    },

    // {templateName, templateValues?} pushes a template; {channelName | where, message, platforms?, options?}
    // pushes to a channel's devices or to the devices a where selects.
    'messaging.push': async (p, a) => {
      if (a.templateName !== undefined) {
        serverCodeOnly(p, 'pushing with a template');
        return sender.pushWithTemplate(p.appId, text(a, 'templateName', 'messaging.push'), a.templateValues);
      }
      const unknown = Object.keys(a).find((k) => !PUSH_FIELDS.has(k));
      if (unknown) throw ApiError.badRequest(`messaging.push: unknown field '${unknown.slice(0, 80)}'`);
      const channel = a.channelName ?? a.channel;
      if (channel !== undefined && (typeof channel !== 'string' || !channel))
        throw ApiError.badRequest("messaging.push: 'channelName' must be a channel name");
      if (a.where !== undefined && (typeof a.where !== 'string' || a.where.length > 2000))
        throw ApiError.badRequest("messaging.push: 'where' must be a text of at most 2000 characters");
      const platforms = a.platforms;
      if (
        platforms !== undefined &&
        (!Array.isArray(platforms) || platforms.length > 10 || platforms.some((x) => typeof x !== 'string'))
      )
        throw ApiError.badRequest("messaging.push: 'platforms' lists at most 10 platform names");
      if (channel) await mayPublish(ctx, p, channel);
      else serverCodeOnly(p, 'pushing to devices selected by a where');
      return ctx.push.send(p.appId, {
        ...(channel ? { channelName: channel } : {}),
        ...(typeof a.where === 'string' ? { where: a.where } : {}),
        ...(platforms ? { platforms: platforms as string[] } : {}),
        message: a.message,
        ...(optionalObject(a, 'options') ? { options: optionalObject(a, 'options') } : {}),
      });
    },
  };
}
