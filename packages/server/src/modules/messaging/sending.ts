import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { createStorage, isStorageError } from '../../storage/index.js';
import { newId } from './channels.service.js';
import type { PushResult } from '@basalt/shared';
import type { SendPushInput } from './push.service.js';

/** At most this many addresses in one `sendEmail`, and this long a subject and body. */
export const MAX_EMAIL_RECIPIENTS = 100;
const MAX_SUBJECT = 998;
const MAX_EMAIL_BODY = 256 * 1024;
const MAX_TEMPLATE_VALUES = 100;
/** Attachments of one `sendEmail`: how many files, and their bytes together. */
export const MAX_ATTACHMENTS = 10;
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** A plain address: something@domain, no spaces or angle brackets (no display names, no lists). */
const EMAIL = /^[^\s@<>,;"]{1,64}@[^\s@<>,;"]{1,255}$/;

/**
 * Sending mail and template pushes for an app: the work of the app API's `sendEmail` and
 * `pushWithTemplate` routes and of cloud code's `messaging.sendEmail` / `messaging.push` bridge
 * operations, so both check the same input and limits (decision 0055). Who may send is the
 * caller's business (both are for server code only).
 */
export class MessagingSender {
  // Attachments are files of the app, read as the files area stores them (the driver keeps paths inside the app).
  private readonly storage;

  constructor(private readonly ctx: ServerContext) {
    this.storage = createStorage(ctx.config);
  }

  /** `{subject, bodyparts: {textmessage?, htmlmessage?}, to: [..], attachment?: [paths]}`: one mail per address. */
  async sendEmail(appId: string, body: unknown): Promise<{ messageId: string; status: string; errorMessage: null }> {
    const mail = emailInput(body);
    const attachments = await readAttachments(this.storage.forApp(appId), mail.attachments);
    for (const to of mail.to) {
      await this.ctx.mailer.sendForApp(appId, {
        to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(attachments.length ? { attachments } : {}),
      });
    }
    return { messageId: newId(), status: 'published', errorMessage: null };
  }

  /** The push template `name`, `{key}` in its message replaced by the value of that key. */
  async pushWithTemplate(appId: string, name: string, rawValues: unknown): Promise<PushResult> {
    const values = templateValues(rawValues);
    const template = (await this.ctx.push.template(appId, 'push', name)) as SendPushInput;
    const { name: _name, ...spec } = template;
    return this.ctx.push.send(appId, { ...spec, message: fill(spec.message, values) });
  }
}

export function templateValues(raw: unknown): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw ApiError.field('BAD_REQUEST', 'templateValues', "'templateValues' must be an object of names to values");
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_TEMPLATE_VALUES)
    throw ApiError.field('BAD_REQUEST', 'templateValues', `At most ${MAX_TEMPLATE_VALUES} template values`);
  return Object.fromEntries(entries.map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}

/** The message with `{key}` replaced in its text (a string, or the string fields of an object). */
export function fill(message: unknown, values: Record<string, string>): unknown {
  // One pass over the text: a value that itself holds `{key}` is not expanded again.
  const text = (s: string) =>
    s.replace(/\{([^{}]{1,100})\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? values[key] : whole));
  if (typeof message === 'string') return text(message);
  if (message && typeof message === 'object' && !Array.isArray(message)) {
    return Object.fromEntries(Object.entries(message).map(([k, v]) => [k, typeof v === 'string' ? text(v) : v]));
  }
  return message;
}

/**
 * The files named as attachments, all read before anything is sent: a path that is not a file of
 * the app, too many files or too many bytes is a 400 naming it. Server code may read every file.
 */
export async function readAttachments(
  driver: ReturnType<ReturnType<typeof createStorage>['forApp']>,
  paths: string[],
): Promise<Array<{ filename: string; content: Buffer }>> {
  const out: Array<{ filename: string; content: Buffer }> = [];
  let total = 0;
  for (const raw of paths) {
    const path = raw.replace(/^\/+/, '');
    const missing = () =>
      ApiError.field('BAD_REQUEST', 'attachment', `Attachment '${raw.slice(0, 200)}' is not a file of the app`);
    let entry;
    try {
      entry = await driver.stat(path);
    } catch (err) {
      if (isStorageError(err)) throw missing();
      throw err;
    }
    if (!entry || entry.type !== 'FILE') throw missing();
    total += entry.size;
    if (total > MAX_ATTACHMENT_BYTES)
      throw ApiError.tooLarge(`Attachments may hold at most ${MAX_ATTACHMENT_BYTES} bytes together`);
    const { stream } = await driver.read(path);
    const chunks: Buffer[] = [];
    let read = 0;
    for await (const chunk of stream) {
      read += (chunk as Buffer).length;
      // The file may have grown since stat: the limit holds for what is read.
      if (total - entry.size + read > MAX_ATTACHMENT_BYTES) {
        stream.destroy();
        throw ApiError.tooLarge(`Attachments may hold at most ${MAX_ATTACHMENT_BYTES} bytes together`);
      }
      chunks.push(chunk as Buffer);
    }
    out.push({ filename: entry.name, content: Buffer.concat(chunks) });
  }
  return out;
}

export function emailInput(body: unknown): {
  subject: string;
  text: string;
  html?: string;
  to: string[];
  attachments: string[];
} {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw ApiError.badRequest('Send {subject, bodyparts, to}');
  const b = body as { subject?: unknown; bodyparts?: unknown; to?: unknown; attachment?: unknown };
  if (
    typeof b.subject !== 'string' ||
    !b.subject.trim() ||
    b.subject.length > MAX_SUBJECT ||
    /[\r\n]/.test(b.subject)
  ) {
    throw ApiError.field('BAD_REQUEST', 'subject', `'subject' is a one-line text of 1 to ${MAX_SUBJECT} characters`);
  }
  const parts = (b.bodyparts ?? {}) as { textmessage?: unknown; htmlmessage?: unknown };
  const text = typeof parts.textmessage === 'string' ? parts.textmessage : undefined;
  const html = typeof parts.htmlmessage === 'string' ? parts.htmlmessage : undefined;
  if (!text && !html)
    throw ApiError.field('BAD_REQUEST', 'bodyparts', "'bodyparts' needs a textmessage or an htmlmessage");
  if ((text?.length ?? 0) + (html?.length ?? 0) > MAX_EMAIL_BODY)
    throw ApiError.tooLarge(`An email body may be at most ${MAX_EMAIL_BODY} characters`);
  const to = Array.isArray(b.to) ? b.to : [];
  if (!to.length || to.length > MAX_EMAIL_RECIPIENTS)
    throw ApiError.field('BAD_REQUEST', 'to', `'to' lists 1 to ${MAX_EMAIL_RECIPIENTS} addresses`);
  const bad = to.find((a) => typeof a !== 'string' || !EMAIL.test(a));
  if (bad !== undefined)
    throw ApiError.field('BAD_REQUEST', 'to', `'${String(bad).slice(0, 100)}' is not an email address`);
  const attachments = b.attachment === undefined || b.attachment === null ? [] : b.attachment;
  if (
    !Array.isArray(attachments) ||
    attachments.length > MAX_ATTACHMENTS ||
    attachments.some((a) => typeof a !== 'string' || !a || a.length > 1000)
  ) {
    throw ApiError.field(
      'BAD_REQUEST',
      'attachment',
      `'attachment' lists at most ${MAX_ATTACHMENTS} file paths of the app`,
    );
  }
  // A text part is always sent: mail readers without HTML show it.
  return {
    subject: b.subject,
    text: text ?? html!.replace(/<[^>]*>/g, ''),
    ...(html ? { html } : {}),
    to: to as string[],
    attachments: attachments as string[],
  };
}
