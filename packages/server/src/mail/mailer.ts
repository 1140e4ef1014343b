import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative of `text`, for SMTP (the log shows the text). */
  html?: string;
  /** Files sent with the mail (the log names them). */
  attachments?: Array<{ filename: string; content: Buffer }>;
}

/**
 * A mail an app sends (its users' system mails, the app API's mails). `event` names the system
 * event it is for, so the app's own template of that event replaces subject and text.
 */
export interface AppMail extends Mail {
  event?: { id: string; values: Record<string, string> };
}

/** Delivers an app's mail through that app's settings (set by the email module). */
export type AppDelivery = (appId: string, mail: AppMail) => Promise<void>;

/** Somewhere to print a mail for a person to read (stderr by default). */
export interface TextOut {
  write(text: string): unknown;
}

/** The links of a mail's text, so the log entry carries them as data too. */
export function linksOf(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"']+/g) ?? [])];
}

/**
 * Outgoing mail. With `SMTP_URL` set it goes through SMTP; without it (a self-hosted install works
 * with no setup) each mail is printed as one framed block a person can read and click links in,
 * recorded in the server log as an entry with its recipient, subject and links, written as a text
 * file into the drop folder (`<dataDir>/mail` unless set), and kept in `recent` for the tests.
 */
export class Mailer {
  readonly mode: 'smtp' | 'log';
  /** The last mails sent, newest last (bounded). */
  readonly recent: Mail[] = [];
  private readonly transport?: Transporter;
  /**
   * Where an app's mails go: the email module sets it so they use the app's templates, SMTP
   * settings and durable outbox. Without it they go out as the server's own mails.
   */
  appDelivery?: AppDelivery;

  constructor(
    private readonly log: FastifyBaseLogger,
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly dropDir?: string,
    private readonly out: TextOut = process.stderr,
  ) {
    this.mode = smtpUrl ? 'smtp' : 'log';
    if (smtpUrl) this.transport = nodemailer.createTransport(smtpUrl);
  }

  /** The sender of the server's own mails. */
  get defaultFrom(): string {
    return this.from;
  }

  /** Sends a mail of an app (see `appDelivery`). */
  sendForApp(appId: string, mail: AppMail): Promise<void> {
    if (this.appDelivery) return this.appDelivery(appId, mail);
    const { event: _event, ...plain } = mail;
    return this.send(plain);
  }

  async send(mail: Mail): Promise<void> {
    this.recent.push(mail);
    if (this.recent.length > 50) this.recent.shift();
    if (this.transport) {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
      });
      return;
    }
    const attached = (mail.attachments ?? [])
      .map((a) => `Attachment: ${a.filename} (${a.content.length} bytes)\n`)
      .join('');
    let file: string | undefined;
    if (this.dropDir) {
      await fs.promises.mkdir(this.dropDir, { recursive: true });
      // The recipient is reduced to safe characters: it names a file.
      file = path.join(this.dropDir, `${Date.now()}-${mail.to.replace(/[^A-Za-z0-9@._-]/g, '_').slice(0, 100)}.txt`);
      await fs.promises.writeFile(file, `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n${attached}`);
    }
    // A JSON log line escapes the newlines of the text: the entry keeps the facts as fields, and the
    // mail itself is printed beside the log as a block (only when the log shows info at all, so
    // quiet test runs stay quiet).
    const links = linksOf(mail.text);
    this.log.info(
      { mail: { to: mail.to, subject: mail.subject, links, ...(file ? { file } : {}) } },
      `Mail (no SMTP set) to ${mail.to}: ${mail.subject}`,
    );
    if (!QUIET_LEVELS.has(this.log.level)) this.out.write(mailBlock(mail, attached, links, file));
  }
}

/** Log levels that hide info entries: the block is not printed either. */
const QUIET_LEVELS = new Set(['warn', 'error', 'fatal', 'silent']);

/** A mail framed by rules, with its links listed after the text. */
function mailBlock(mail: Mail, attached: string, links: string[], file?: string): string {
  const rule = '─'.repeat(72);
  return [
    rule,
    `Mail (no SMTP set) to ${mail.to}`,
    `Subject: ${mail.subject}`,
    ...(file ? [`Saved as ${file}`] : []),
    '',
    mail.text.trimEnd(),
    ...(attached ? ['', attached.trimEnd()] : []),
    ...(links.length ? ['', 'Links:', ...links.map((l) => `  ${l}`)] : []),
    rule,
    '',
  ].join('\n');
}
