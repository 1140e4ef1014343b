import type { CustomEmailTemplate, EmailEventTemplate, EmailOutboxItem, EmailSettings } from '@basalt/shared';
import type { ServerContext } from '../../context.js';
import { ApiError } from '../../http/api-error.js';
import { SecretBox } from '../../http/secret-box.js';
import { newId } from '../../http/secrets.js';
import type { AppMail, Mail } from '../../mail/mailer.js';
import { createStorage } from '../../storage/index.js';
import { readAttachments } from '../messaging/sending.js';
import { EmailRepo, type OutboxRow, type TemplateRow } from './email.repo.js';
import { MASK, checkSettings, explain, fromOf, transportFor, verify, type SmtpSettings } from './smtp.js';
import { SYSTEM_EVENTS, checkEventVariables, keysOf, render, systemEvent, valuesOf } from './templates.js';

/** The job that delivers one mail of the outbox (at least once; the row's claim keeps it to one send). */
export const OUTBOX_JOB = 'email.outbox';
/** The repeating job that re-queues mails whose delivery job was lost (a crash between two steps). */
export const OUTBOX_SWEEP_JOB = 'email.outbox.sweep';
/** Attempts before a mail is marked FAILED. */
export const MAX_ATTEMPTS = 8;
const CLAIM_MS = 60_000;
const EMAIL = /^[^\s@<>,;"]{1,64}@[^\s@<>,;"]{1,255}$/;
const TEMPLATE_NAME = /^[A-Za-z0-9][\w .-]{0,99}$/;
const MAX_RECIPIENTS = 1000;
/** Mails of one template send tried while the caller waits. */
const INLINE_SENDS = 10;

/** The wait before attempt `n + 1` (after `n` failures): doubling from the base, at most an hour. */
/** Attempts before a mail is FAILED (8; `BASALT_EMAIL_MAX_ATTEMPTS` shortens it for tests). */
function maxAttempts(): number {
  return Number(process.env.BASALT_EMAIL_MAX_ATTEMPTS) || MAX_ATTEMPTS;
}

export function backoffMs(failures: number): number {
  const base = Number(process.env.BASALT_EMAIL_RETRY_MS) || 30_000;
  return Math.min(base * 2 ** Math.max(0, failures - 1), 3_600_000);
}

interface StoredMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; content: string }>;
}

/**
 * An app's email: SMTP settings (sealed, answered masked), system event templates, custom
 * templates, and delivery of the app's mails through a durable outbox retried with backoff.
 */
export class EmailService {
  readonly repo: EmailRepo;
  private readonly secrets: SecretBox;
  private readonly storage: ReturnType<typeof createStorage>;

  constructor(private readonly ctx: ServerContext) {
    this.repo = new EmailRepo(ctx.dbs);
    this.secrets = new SecretBox(ctx.config.dataDir);
    this.storage = createStorage(ctx.config);
  }

  // ---- SMTP settings ----

  /** The app's own settings, when set. */
  async settings(appId: string): Promise<SmtpSettings | undefined> {
    const stored = await this.repo.settings(appId);
    return stored ? (JSON.parse(this.secrets.open(stored)) as SmtpSettings) : undefined;
  }

  /** The settings as answered: the app's, or the server default's (from SMTP_URL and MAIL_FROM). */
  async answer(appId: string): Promise<EmailSettings> {
    const own = await this.settings(appId);
    if (own) return { ...own, password: own.password ? MASK : '', custom: true };
    return { ...this.serverDefault(), custom: false };
  }

  private serverDefault(): Omit<EmailSettings, 'custom'> {
    const from = this.ctx.config.mailFrom;
    const m = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(from);
    const fromName = m ? m[1].trim() : '';
    const fromEmail = m ? m[2].trim() : from.trim();
    let host = '';
    let port = 25;
    let username = '';
    let password = '';
    let security: EmailSettings['security'] = 'NONE';
    if (this.ctx.config.smtpUrl) {
      try {
        const u = new URL(this.ctx.config.smtpUrl);
        host = u.hostname;
        security = u.protocol === 'smtps:' ? 'SSL' : 'NONE';
        port = Number(u.port) || (security === 'SSL' ? 465 : 587);
        username = decodeURIComponent(u.username);
        password = u.password ? MASK : '';
      } catch {
        // A malformed SMTP_URL is reported by the mailer itself; the answer shows no host.
      }
    }
    return { host, port, username, password, security, fromEmail, fromName };
  }

  async update(appId: string, body: unknown): Promise<EmailSettings> {
    const checked = checkSettings(body, await this.settings(appId));
    await this.repo.saveSettings(appId, this.secrets.seal(JSON.stringify(checked)));
    return this.answer(appId);
  }

  async reset(appId: string): Promise<EmailSettings> {
    await this.repo.deleteSettings(appId);
    return this.answer(appId);
  }

  async test(appId: string, body: unknown): Promise<{ success: boolean }> {
    await verify(checkSettings(body, await this.settings(appId)));
    return { success: true };
  }

  // ---- system event templates ----

  async eventTemplates(appId: string): Promise<EmailEventTemplate[]> {
    const own = new Map((await this.repo.eventTemplates(appId)).map((r) => [r.event_id, r]));
    return SYSTEM_EVENTS.map((e) => {
      const row = own.get(e.id);
      return {
        eventId: e.id,
        name: e.name,
        triggersEmail: true,
        subject: row?.subject ?? e.subject,
        body: row?.body ?? e.body,
        variables: e.variables,
        customized: !!row,
      };
    });
  }

  private async eventTemplate(appId: string, eventId: string): Promise<EmailEventTemplate> {
    return (await this.eventTemplates(appId)).find((t) => t.eventId === eventId)!;
  }

  async saveEventTemplate(appId: string, body: { eventId: unknown; subject: string; body: string }) {
    const event = systemEvent(body.eventId);
    const subject = oneLine(body.subject, 'subject');
    if (!body.body.trim()) throw ApiError.field('BAD_REQUEST', 'body', "'body' must not be empty");
    checkEventVariables(event, subject, body.body);
    await this.repo.saveEventTemplate(appId, event.id, subject, body.body);
    return this.eventTemplate(appId, event.id);
  }

  async resetEventTemplate(appId: string, eventId: string) {
    const event = systemEvent(eventId);
    await this.repo.deleteEventTemplate(appId, event.id);
    return this.eventTemplate(appId, event.id);
  }

  /** Sends an event's mail (as saved, or as given unsaved) with sample values, at once: errors are answered. */
  async sendEventTest(appId: string, body: { eventId: unknown; email: string; subject?: string; body?: string }) {
    const event = systemEvent(body.eventId);
    const to = address(body.email, 'email');
    const saved = await this.eventTemplate(appId, event.id);
    const subject = body.subject ?? saved.subject;
    const text = body.body ?? saved.body;
    checkEventVariables(event, subject, text);
    const app = await this.appName(appId);
    const sample: Record<string, string> = {
      app_name: app,
      email: to,
      confirmation_url: `${this.ctx.config.publicUrl}/app-users/${encodeURIComponent(appId)}/confirm-email?token=sample`,
      reset_url: `${this.ctx.config.publicUrl}/app-users/${encodeURIComponent(appId)}/password-reset?token=sample`,
    };
    await this.sendNow(appId, { to, ...render(subject, text, sample) });
    return { success: true };
  }

  // ---- custom templates ----

  private templateOf(r: TemplateRow): CustomEmailTemplate {
    return {
      name: r.name,
      subject: r.subject,
      body: r.body,
      attachments: JSON.parse(r.attachments) as string[],
      keys: keysOf(r.subject, r.body),
      created: Number(r.created),
      updated: Number(r.updated),
    };
  }

  async templates(appId: string): Promise<CustomEmailTemplate[]> {
    return (await this.repo.templates(appId)).map((r) => this.templateOf(r));
  }

  async template(appId: string, name: string): Promise<CustomEmailTemplate> {
    const row = await this.repo.template(appId, name);
    if (!row) throw ApiError.notFound(`Email template '${name.slice(0, 100)}' does not exist`);
    return this.templateOf(row);
  }

  private checkTemplate(body: { name: string; subject: string; body: string; attachments?: string[] }) {
    const name = body.name.trim();
    if (!TEMPLATE_NAME.test(name))
      throw ApiError.field(
        'BAD_REQUEST',
        'name',
        "'name' starts with a letter or digit and holds letters, digits, spaces, '_', '.' or '-' (at most 100)",
      );
    const subject = oneLine(body.subject, 'subject');
    if (!body.body.trim()) throw ApiError.field('BAD_REQUEST', 'body', "'body' must not be empty");
    checkBraces(subject, 'subject');
    checkBraces(body.body, 'body');
    const attachments = (body.attachments ?? []).map((p) => {
      const clean = p.replace(/^\/+/, '');
      if (!clean || clean.split('/').some((s) => s === '..' || s === '.'))
        throw ApiError.field(
          'BAD_REQUEST',
          'attachments',
          `Attachment '${p.slice(0, 200)}' is not a path of the app's files`,
        );
      return clean;
    });
    return { name, subject, body: body.body, attachments };
  }

  async createTemplate(appId: string, body: { name: string; subject: string; body: string; attachments?: string[] }) {
    const t = this.checkTemplate(body);
    if (await this.repo.template(appId, t.name)) throw ApiError.conflict(`Email template '${t.name}' already exists`);
    const now = Date.now();
    await this.repo.insertTemplate({
      app_id: appId,
      name: t.name,
      subject: t.subject,
      body: t.body,
      attachments: JSON.stringify(t.attachments),
      created: now,
      updated: now,
    });
    return this.template(appId, t.name);
  }

  async updateTemplate(
    appId: string,
    name: string,
    body: { name: string; subject: string; body: string; attachments?: string[] },
  ) {
    const t = this.checkTemplate(body);
    if (t.name !== name && (await this.repo.template(appId, t.name)))
      throw ApiError.conflict(`Email template '${t.name}' already exists`);
    const ok = await this.repo.updateTemplate(appId, name, {
      name: t.name,
      subject: t.subject,
      body: t.body,
      attachments: JSON.stringify(t.attachments),
      updated: Date.now(),
    });
    if (!ok) throw ApiError.notFound(`Email template '${name.slice(0, 100)}' does not exist`);
    return this.template(appId, t.name);
  }

  async deleteTemplate(appId: string, name: string) {
    if (!(await this.repo.deleteTemplate(appId, name)))
      throw ApiError.notFound(`Email template '${name.slice(0, 100)}' does not exist`);
    return { success: true };
  }

  parseKeys(body: { subject?: string; body?: string }): string[] {
    checkBraces(body.subject ?? '', 'subject');
    checkBraces(body.body ?? '', 'body');
    return keysOf(body.subject ?? '', body.body ?? '');
  }

  /** Renders a custom template for a send: every key needs a value (a missing one is named). */
  private async renderTemplate(appId: string, name: string, rawValues: unknown, extra: string[] = []) {
    const t = await this.template(appId, name);
    const values = valuesOf(rawValues, 'template-values');
    const missing = t.keys.filter((k) => !Object.hasOwn(values, k));
    if (missing.length)
      throw ApiError.field(
        'BAD_REQUEST',
        'template-values',
        `No value for ${missing.map((k) => `{${k}}`).join(', ')} of template '${t.name}'`,
      );
    const attachments = await readAttachments(this.storage.forApp(appId), [...t.attachments, ...extra]);
    return { ...render(t.subject, t.body, values), attachments };
  }

  async sendTemplateTest(appId: string, body: Record<string, unknown>) {
    const to = address(body.email, 'email');
    const extra = stringList(body.attachment, 'attachment');
    const mail = await this.renderTemplate(appId, String(body['template-name']), body['template-values'], extra);
    await this.sendNow(appId, { to, ...mail });
    return { success: true };
  }

  /**
   * The app API's `sendEmailFromTemplate`: the template rendered once and queued for every
   * recipient (addresses, cc, bcc, and the emails of the Users matching `criteria`).
   */
  async sendFromTemplate(
    appId: string,
    body: Record<string, unknown>,
    usersMatching: (where: string) => Promise<string[]>,
    /** Outbox ids per recipient (a flow step's): a repeated send finds its mails queued and sends none twice. */
    idOf?: (recipient: string) => string,
  ) {
    if (typeof body['template-name'] !== 'string' || !body['template-name'])
      throw ApiError.field('BAD_REQUEST', 'template-name', "'template-name' names the email template to send");
    const to = stringList(body.addresses, 'addresses').map((a) => address(a, 'addresses'));
    const cc = stringList(body['cc-addresses'], 'cc-addresses').map((a) => address(a, 'cc-addresses'));
    const bcc = stringList(body['bcc-addresses'], 'bcc-addresses').map((a) => address(a, 'bcc-addresses'));
    if (body.criteria !== undefined && body.criteria !== null && body.criteria !== '') {
      if (typeof body.criteria !== 'string')
        throw ApiError.field('BAD_REQUEST', 'criteria', "'criteria' is a where clause over the Users table");
      to.push(...(await usersMatching(body.criteria)).filter((e) => EMAIL.test(e)));
    }
    let all = [...to, ...cc, ...bcc];
    if (body.uniqueEmails !== false) all = [...new Set(all.map((a) => a.toLowerCase()))];
    if (!all.length)
      throw ApiError.field(
        'BAD_REQUEST',
        'addresses',
        'No recipient: give addresses, cc-addresses, bcc-addresses or criteria',
      );
    if (all.length > MAX_RECIPIENTS)
      throw ApiError.field('BAD_REQUEST', 'addresses', `At most ${MAX_RECIPIENTS} recipients in one send`);
    const extra = stringList(body.attachment, 'attachment');
    const mail = await this.renderTemplate(appId, body['template-name'], body['template-values'], extra);
    // Each recipient gets a mail of their own: one failing address does not hold back the others.
    // The first few are tried while the caller waits; a large send goes out through the jobs.
    for (const [i, recipient] of all.entries())
      await this.enqueue(appId, { to: recipient, ...mail }, i < INLINE_SENDS, idOf?.(recipient));
    return { status: 'published', messageId: newId(), errorMessage: null };
  }

  // ---- delivery ----

  /** An app's mail from anywhere in the server: its event template applied, then the outbox. */
  async deliver(appId: string, mail: AppMail): Promise<void> {
    const { event, ...plain } = mail;
    let out: Mail = plain;
    if (event) {
      const own = await this.repo.eventTemplate(appId, event.id);
      if (own) out = { ...plain, ...render(own.subject, own.body, event.values) };
    }
    await this.enqueue(appId, out, true);
  }

  /** Sends at once through the app's settings (or the server's), answering the server's error. */
  private async sendNow(appId: string, mail: Mail): Promise<void> {
    const settings = await this.settings(appId);
    if (!settings) {
      await this.ctx.mailer.send(mail);
      return;
    }
    try {
      await this.viaSmtp(settings, mail);
    } catch (err) {
      const { field, message } = explain(err, settings);
      throw ApiError.field('BAD_REQUEST', field, message);
    }
  }

  private async viaSmtp(settings: SmtpSettings, mail: Mail): Promise<void> {
    const transport = transportFor(settings);
    try {
      await transport.sendMail({
        from: fromOf(settings),
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
      });
    } finally {
      transport.close();
    }
  }

  /**
   * Stores the mail, then tries it at once (`now`) or queues its delivery job. Once stored a
   * restart does not lose it: a failed try queues a retry, and the sweep finds a mail left behind
   * by a process that died in between.
   */
  async enqueue(appId: string, mail: Mail, now = false, knownId?: string): Promise<string> {
    if (knownId && (await this.repo.outboxItem(knownId))) return knownId;
    const id = knownId ?? newId();
    const created = Date.now();
    const stored: StoredMail = {
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.attachments?.length
        ? {
            attachments: mail.attachments.map((a) => ({ filename: a.filename, content: a.content.toString('base64') })),
          }
        : {}),
    };
    await this.repo.addOutbox({
      id,
      app_id: appId,
      recipient: mail.to.slice(0, 400),
      subject: mail.subject,
      mail: JSON.stringify(stored),
      status: 'PENDING',
      attempts: 0,
      error: null,
      next_attempt: created,
      claimed_until: null,
      created,
      sent: null,
    });
    if (now) await this.attempt(id);
    else await this.ctx.jobs.add({ kind: OUTBOX_JOB, appId, payload: { id }, runAt: created });
    return id;
  }

  /** One delivery attempt of an outbox mail (the job's run). */
  async attempt(id: string): Promise<void> {
    const now = Date.now();
    if (!(await this.repo.claim(id, now, CLAIM_MS))) return;
    const row = (await this.repo.outboxItem(id))!;
    const stored = JSON.parse(row.mail) as StoredMail;
    const mail: Mail = {
      to: stored.to,
      subject: stored.subject,
      text: stored.text,
      ...(stored.html ? { html: stored.html } : {}),
      ...(stored.attachments
        ? {
            attachments: stored.attachments.map((a) => ({
              filename: a.filename,
              content: Buffer.from(a.content, 'base64'),
            })),
          }
        : {}),
    };
    const attempts = row.attempts + 1;
    try {
      // The settings are read at each attempt: mail waiting for a fixed server goes out once it is fixed.
      const settings = await this.settings(row.app_id);
      if (settings) await this.viaSmtp(settings, mail);
      else await this.ctx.mailer.send(mail);
      await this.repo.settle(id, { status: 'SENT', attempts, error: null, next_attempt: null, sent: Date.now() });
    } catch (err) {
      const settings = await this.settings(row.app_id).catch(() => undefined);
      const error = settings ? explain(err, settings).message : err instanceof Error ? err.message : String(err);
      if (attempts >= maxAttempts()) {
        await this.repo.settle(id, { status: 'FAILED', attempts, error, next_attempt: null });
        this.ctx.log.warn({ appId: row.app_id, mail: id, error }, 'A mail could not be delivered; it is given up');
        return;
      }
      const next = Date.now() + backoffMs(attempts);
      await this.repo.settle(id, { attempts, error, next_attempt: next });
      await this.ctx.jobs.add({ kind: OUTBOX_JOB, appId: row.app_id, payload: { id }, runAt: next });
    }
  }

  /** Re-queues pending mails whose job was lost (a crash between storing and queueing, or after a failed attempt). */
  async sweep(): Promise<void> {
    const rows = await this.repo.stalePending(Date.now() - CLAIM_MS, Date.now());
    for (const r of rows) await this.attempt(r.id);
  }

  async outbox(appId: string): Promise<EmailOutboxItem[]> {
    return (await this.repo.outbox(appId)).map(outboxItem);
  }

  /**
   * One more attempt now, while the developer waits: a FAILED mail becomes pending for it (failing
   * again, it is FAILED again with the new error, no further retries); a waiting mail is tried
   * before its time. A SENT mail is a 400.
   */
  async retryOutbox(appId: string, id: string): Promise<EmailOutboxItem> {
    const row = await this.outboxRow(appId, id);
    if (row.status === 'SENT') throw ApiError.badRequest(`The mail to ${row.recipient} was sent already`);
    if (row.status === 'FAILED') await this.repo.revive(id, Date.now());
    await this.attempt(id);
    return outboxItem((await this.repo.outboxItem(id))!);
  }

  /** Removes a FAILED mail; a waiting or sent one is a 400 (it is not the developer's to lose). */
  async discardOutbox(appId: string, id: string): Promise<{ deleted: true; id: string }> {
    const row = await this.outboxRow(appId, id);
    if (row.status !== 'FAILED' || !(await this.repo.discardFailed(appId, id)))
      throw ApiError.badRequest(`Only a failed mail can be discarded; the mail to ${row.recipient} is ${row.status}`);
    return { deleted: true, id };
  }

  private async outboxRow(appId: string, id: string): Promise<OutboxRow> {
    const row = await this.repo.appOutboxItem(appId, id);
    if (!row) throw ApiError.notFound(`No mail '${id.slice(0, 100)}' in the app's outbox`);
    return row;
  }

  private async appName(appId: string): Promise<string> {
    return (await this.repo.appName(appId)) ?? appId;
  }
}

function outboxItem(r: OutboxRow): EmailOutboxItem {
  return {
    id: r.id,
    to: r.recipient,
    subject: r.subject,
    status: r.status,
    attempts: r.attempts,
    error: r.error,
    created: r.created,
    nextAttempt: r.status === 'PENDING' ? r.next_attempt : null,
    sent: r.sent,
  };
}

function oneLine(s: string, field: string): string {
  const t = s.trim();
  if (!t || t.length > 998 || /[\r\n]/.test(t))
    throw ApiError.field('BAD_REQUEST', field, `'${field}' is one line of 1 to 998 characters`);
  return t;
}

function address(raw: unknown, field: string): string {
  if (typeof raw !== 'string' || !EMAIL.test(raw.trim()))
    throw ApiError.field('BAD_REQUEST', field, `'${String(raw).slice(0, 100)}' is not an email address`);
  return raw.trim();
}

function stringList(raw: unknown, field: string): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.some((v) => typeof v !== 'string'))
    throw ApiError.field('BAD_REQUEST', field, `'${field}' must be a list of texts`);
  if (raw.length > MAX_RECIPIENTS) throw ApiError.field('BAD_REQUEST', field, `'${field}' lists too many entries`);
  return raw as string[];
}

/** A `{...}` that is not a valid key (e.g. `{first name}`) is named rather than sent as it is. */
function checkBraces(text: string, field: string): void {
  const rest = text
    .replace(/<style[\s\S]*?<\/style>/gi, '')
    .replace(/\{\{\s*[A-Za-z_][\w.-]{0,99}\s*\}\}|\{\s*[A-Za-z_][\w.-]{0,99}\s*\}/g, '');
  const m = /\{[^{}]{0,100}\}/.exec(rest);
  if (m)
    throw ApiError.field(
      'BAD_REQUEST',
      field,
      `'${m[0].slice(0, 60)}' in the ${field} is not a variable: write {name} with letters, digits, '_', '.' or '-'`,
    );
}
