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
 * Outgoing mail. With `SMTP_URL` set it goes through SMTP; without it each mail is written to the
 * server log (so a self-hosted install works with no setup), and also as a text file into
 * `BASALT_MAIL_DIR` when that is set, and kept in `recent` for the tests.
 */
export class Mailer {
  readonly mode: 'smtp' | 'log';
  /** The last mails sent, newest last (bounded). */
  readonly recent: Mail[] = [];
  private readonly transport?: Transporter;

  constructor(private readonly log: FastifyBaseLogger, smtpUrl: string | undefined, private readonly from: string, private readonly dropDir?: string) {
    this.mode = smtpUrl ? 'smtp' : 'log';
    if (smtpUrl) this.transport = nodemailer.createTransport(smtpUrl);
  }

  async send(mail: Mail): Promise<void> {
    this.recent.push(mail);
    if (this.recent.length > 50) this.recent.shift();
    if (this.transport) {
      await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}), ...(mail.attachments?.length ? { attachments: mail.attachments } : {}) });
      return;
    }
    const attached = (mail.attachments ?? []).map((a) => `Attachment: ${a.filename} (${a.content.length} bytes)\n`).join('');
    this.log.info({ mail: { to: mail.to, subject: mail.subject } }, `Mail (no SMTP configured) to ${mail.to}: ${mail.subject}\n${mail.text}${attached ? `\n${attached}` : ''}`);
    if (this.dropDir) {
      await fs.promises.mkdir(this.dropDir, { recursive: true });
      // The recipient is reduced to safe characters: it names a file.
      const name = `${Date.now()}-${mail.to.replace(/[^A-Za-z0-9@._-]/g, '_').slice(0, 100)}.txt`;
      await fs.promises.writeFile(path.join(this.dropDir, name), `To: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n${attached}`);
    }
  }
}
