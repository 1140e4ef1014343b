import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { Mailer } from './mailer.js';

/** A real Fastify logger whose JSON lines land in `lines`. */
function loggerInto(lines: string[], level = 'info') {
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return Fastify({ logger: { level, stream } }).log;
}

describe('mail without SMTP', () => {
  const mail = {
    to: 'dev@example.com',
    subject: 'Reset your password',
    text: 'Open this link:\nhttp://localhost:8080/reset-password?token=abc\n\nThanks.',
  };

  it('prints one readable block with the links, logs the facts as fields and drops a file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basalt-mail-'));
    const lines: string[] = [];
    const printed: string[] = [];
    const mailer = new Mailer(loggerInto(lines), undefined, 'Basalt <no-reply@localhost>', path.join(dir, 'mail'), {
      write: (t) => printed.push(t),
    });
    await mailer.send(mail);

    expect(printed).toHaveLength(1);
    const block = printed[0]!;
    expect(block).toContain('Mail (no SMTP set) to dev@example.com');
    expect(block).toContain('Subject: Reset your password');
    // The text keeps its line breaks (not \n escapes), and the link stands on its own line.
    expect(block).toContain('Open this link:\nhttp://localhost:8080/reset-password?token=abc\n');
    expect(block).toMatch(/Links:\n {2}http:\/\/localhost:8080\/reset-password\?token=abc\n/);

    const entry = JSON.parse(lines.find((l) => l.includes('no SMTP'))!);
    expect(entry.mail).toMatchObject({
      to: 'dev@example.com',
      subject: 'Reset your password',
      links: ['http://localhost:8080/reset-password?token=abc'],
    });
    expect(entry.msg).not.toContain('\n');

    const files = fs.readdirSync(path.join(dir, 'mail'));
    expect(files).toHaveLength(1);
    expect(entry.mail.file).toBe(path.join(dir, 'mail', files[0]!));
    expect(block).toContain(`Saved as ${entry.mail.file}`);
    expect(fs.readFileSync(entry.mail.file, 'utf8')).toContain('http://localhost:8080/reset-password?token=abc');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('prints nothing when the log is quieter than info', async () => {
    const printed: string[] = [];
    const mailer = new Mailer(loggerInto([], 'warn'), undefined, 'x', undefined, { write: (t) => printed.push(t) });
    await mailer.send(mail);
    expect(printed).toEqual([]);
    expect(mailer.recent.at(-1)).toEqual(mail);
  });
});
