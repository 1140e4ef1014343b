import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect, it } from 'vitest';
import Backendless from 'backendless';
import { describeEachDb, listenForClients } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { SMTP_PASS, SMTP_USER, freePort, startSmtp, until, type LocalSmtp } from './smtp.test-helpers.js';

// Retries of the outbox come quickly in tests (the backoff doubles from this).
process.env.BASALT_EMAIL_RETRY_MS = '300';

const require = createRequire(import.meta.url);
const createClient: (serverUrl: string, authKey?: string) => any = require('backendless-console-sdk').createClient;

type Sdk = typeof Backendless;

const settingsFor = (port: number, over: Record<string, unknown> = {}) => ({
  host: '127.0.0.1',
  port,
  username: SMTP_USER,
  password: SMTP_PASS,
  security: 'NONE',
  fromEmail: 'app@example.com',
  fromName: 'Example App',
  ...over,
});

describeEachDb('email: SMTP settings, templates, sending and the outbox', (server) => {
  let f: AppFixture;
  let smtp: LocalSmtp;
  let origin: string;
  const sdk = (apiKey: string): Sdk =>
    Backendless.initApp({ serverURL: origin, appId: f.appId, apiKey, standalone: true } as never) as unknown as Sdk;

  beforeAll(async () => {
    f = await appFixture(server());
    smtp = await startSmtp();
    origin = await listenForClients(server());
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('answers the server default, refuses bad settings naming the field, stores the password sealed and masked', async () => {
    const initial = await f.console('GET', '/mailsettings');
    expect(initial.statusCode).toBe(200);
    expect(initial.json()).toMatchObject({ custom: false, password: '' });

    for (const [over, field] of [
      [{ port: 70000 }, 'port'],
      [{ port: 'abc' }, 'port'],
      [{ host: '' }, 'host'],
      [{ security: 'TLS9' }, 'security'],
      [{ fromEmail: 'not an address' }, 'fromEmail'],
    ] as const) {
      const res = await f.console('PUT', '/mailsettings', settingsFor(smtp.port, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message).toContain(`'${field}'`);
    }

    const saved = await f.console('PUT', '/mailsettings', settingsFor(smtp.port));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ ...settingsFor(smtp.port), password: '********', custom: true });
    const row = await server()
      .app.basalt.dbs.system.selectFrom('email_settings' as never)
      .select('config' as never)
      .where('app_id' as never, '=', f.appId as never)
      .executeTakeFirstOrThrow();
    expect(String((row as { config: string }).config)).not.toContain(SMTP_PASS);
    expect((await f.console('GET', '/mailsettings')).json()).toMatchObject({ password: '********', custom: true });
  });

  it('the connection test is a real handshake: good settings pass, a wrong port or password is named', async () => {
    // The masked password the console was answered stands for the stored one.
    const ok = await f.console('PUT', '/mailsettings/test', settingsFor(smtp.port, { password: '********' }));
    expect([ok.statusCode, ok.body]).toEqual([200, JSON.stringify({ success: true })]);

    const dead = await freePort();
    const wrongPort = await f.console('PUT', '/mailsettings/test', settingsFor(dead));
    expect(wrongPort.statusCode).toBe(400);
    expect(wrongPort.json().message).toContain(`port ${dead}`);
    expect(wrongPort.json().message).toMatch(/ECONNREFUSED/);

    const wrongPass = await f.console('PUT', '/mailsettings/test', settingsFor(smtp.port, { password: 'nope' }));
    expect(wrongPass.statusCode).toBe(400);
    expect(wrongPass.json().message).toMatch(/refused the username or password: .*535/);
  });

  it('system templates: unknown variables refused, saved wording used by the real password restore mail, reset', async () => {
    const list = (await f.console('GET', '/email')).json() as Array<{ eventId: string; customized: boolean }>;
    expect(list.map((t) => t.eventId)).toEqual(['USER_REGISTRATION_CONFIRMATION', 'PASSWORD_RESTORE']);

    const unknown = await f.console('PUT', '/email/events', {
      eventId: 'PASSWORD_RESTORE',
      subject: 'Reset {app_name}',
      body: 'Hi {nickname}, open {reset_url}',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('{nickname}');

    const saved = await f.console('PUT', '/email/events', {
      eventId: 'PASSWORD_RESTORE',
      subject: 'Password help for {email}',
      body: 'Follow {reset_url} to choose a new password.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ customized: true, subject: 'Password help for {email}' });

    const test = await f.console('POST', '/email/events/test', {
      eventId: 'PASSWORD_RESTORE',
      email: 'dev@example.com',
    });
    expect(test.statusCode, test.body).toBe(200);
    await smtp.waitFor(/Subject: Password help for dev@example\.com/);

    const user = await f.user('restore-me@example.com');
    const restore = await f.api('GET', `/users/restorepassword/${encodeURIComponent(user.email)}`);
    expect(restore.statusCode, restore.body).toBe(200);
    const mail = await smtp.waitFor(/Subject: Password help for restore-me@example\.com/);
    expect(mail.to).toEqual(['restore-me@example.com']);
    expect(mail.from).toBe('app@example.com');
    expect(mail.raw).toMatch(/password-reset\?token=[A-Za-z0-9_-]+/);

    const reset = await f.console('DELETE', '/email/events/PASSWORD_RESTORE');
    expect(reset.json()).toMatchObject({ customized: false, subject: 'Reset your {app_name} password' });
    expect((await f.console('DELETE', '/email/events/NO_SUCH_EVENT')).statusCode).toBe(400);
  });

  it('custom templates: keys parsed, bad variables refused, test send with values and an attachment of the app', async () => {
    const bad = await f.console('POST', '/emailtemplate', { name: 'bad', subject: 'Hi', body: 'Hello {first name}' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('{first name}');

    const keys = await f.console('POST', '/emailtemplate/customkeys', {
      subject: 'Hi {name}',
      body: '<p>{name} owes {amount}</p>',
    });
    expect(keys.json()).toEqual(['name', 'amount']);

    const created = await f.console('POST', '/emailtemplate', {
      name: 'invoice',
      subject: 'Invoice for {name}',
      body: '<p>Dear {name}, you owe {amount}.</p>',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({ name: 'invoice', keys: ['name', 'amount'], attachments: [] });
    expect((await f.console('POST', '/emailtemplate', { name: 'invoice', subject: 'x', body: 'y' })).statusCode).toBe(
      409,
    );

    await sdk(f.keys.BL).Files.saveFile('docs', 'terms.txt', 'the terms', true);
    const missing = await f.console('POST', '/emailtemplate/test', {
      'template-name': 'invoice',
      'template-values': { name: 'Ada' },
      email: 'ada@example.com',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('{amount}');

    const sent = await f.console('POST', '/emailtemplate/test', {
      'template-name': 'invoice',
      'template-values': { name: 'Ada', amount: '12 EUR' },
      attachment: ['docs/terms.txt'],
      email: 'ada@example.com',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await smtp.waitFor(/Subject: Invoice for Ada/);
    expect(mail.raw).toContain('Dear Ada, you owe 12 EUR.');
    expect(mail.raw).toMatch(/filename=terms\.txt/);

    const renamed = await f.console('PUT', '/emailtemplate/invoice', {
      name: 'bill',
      subject: 'Bill for {name}',
      body: 'Pay {amount}',
    });
    expect(renamed.json()).toMatchObject({ name: 'bill', keys: ['name', 'amount'] });
    expect(((await f.console('GET', '/emailtemplate')).json() as Array<{ name: string }>).map((t) => t.name)).toEqual([
      'bill',
    ]);
    expect((await f.console('DELETE', '/emailtemplate/bill')).statusCode).toBe(200);
    expect((await f.console('DELETE', '/emailtemplate/bill')).statusCode).toBe(404);
  });

  it('the app API sends a template by name with values (server code only), and /messaging/email uses the app settings', async () => {
    await f.console('POST', '/emailtemplate', {
      name: 'greeting',
      subject: 'Hello {name}',
      body: 'Welcome aboard, {name}!',
    });
    const bl = sdk(f.keys.BL);
    const answer = await bl.Messaging.sendEmailFromTemplate(
      'greeting',
      bl.EmailEnvelope.create({ addresses: ['grace@example.com'] } as never),
      { name: 'Grace' } as never,
    );
    expect(answer).toMatchObject({ status: 'published' });
    const mail = await smtp.waitFor(/Subject: Hello Grace/);
    expect(mail.to).toEqual(['grace@example.com']);
    expect(mail.raw).toContain('Welcome aboard, Grace!');

    const js = sdk(f.keys.JS);
    await expect(
      js.Messaging.sendEmailFromTemplate(
        'greeting',
        js.EmailEnvelope.create({ addresses: ['x@example.com'] } as never),
        {
          name: 'x',
        } as never,
      ),
    ).rejects.toMatchObject({ status: 403 });

    await bl.Messaging.sendEmail('Plain hello', new bl.Bodyparts({ textmessage: 'plain text body' } as never), [
      'plain@example.com',
    ]);
    const plain = await smtp.waitFor(/Subject: Plain hello/);
    expect(plain.from).toBe('app@example.com');
  });

  it('a mail the SMTP server cannot take waits in the outbox with its error and is delivered once the server works', async () => {
    const port = await freePort();
    expect((await f.console('PUT', '/mailsettings', settingsFor(port))).statusCode).toBe(200);
    const bl = sdk(f.keys.BL);
    await f.console('POST', '/emailtemplate', {
      name: 'later',
      subject: 'Delayed {name}',
      body: 'Late but here, {name}',
    });
    await bl.Messaging.sendEmailFromTemplate(
      'later',
      bl.EmailEnvelope.create({ addresses: ['late@example.com'] } as never),
      { name: 'Linus' } as never,
    );
    const waiting = await until('the failed attempt', async () => {
      const items = (await f.console('GET', '/email/outbox')).json() as Array<Record<string, unknown>>;
      const item = items.find((i) => i.subject === 'Delayed Linus');
      return item && item.error ? item : undefined;
    });
    expect(waiting).toMatchObject({ status: 'PENDING', to: 'late@example.com' });
    expect(String(waiting.error)).toContain(`port ${port}`);

    const second = await startSmtp(port);
    try {
      const mail = await second.waitFor(/Subject: Delayed Linus/, 20_000);
      expect(mail.raw).toContain('Late but here, Linus');
      const sent = await until('the outbox to show it sent', async () => {
        const items = (await f.console('GET', '/email/outbox')).json() as Array<Record<string, unknown>>;
        const item = items.find((i) => i.subject === 'Delayed Linus');
        return item?.status === 'SENT' ? item : undefined;
      });
      expect(sent.error).toBeNull();
      expect(Number(sent.attempts)).toBeGreaterThanOrEqual(2);
    } finally {
      await second.close();
    }
    // Back to the working server for what follows; reset gives the server default back.
    expect((await f.console('DELETE', '/mailsettings')).json()).toMatchObject({ custom: false });
  });

  it('through the published console client 3.0.0: settings pass the test, a custom template sent by the app API arrives, a wrong port is named', async () => {
    const email = createClient(origin, f.dev.authKey).email;
    const answered = await email.updateEmailParams(f.appId, settingsFor(smtp.port));
    expect(answered).toMatchObject({ host: '127.0.0.1', port: smtp.port, password: '********' });
    expect(await email.getEmailParams(f.appId)).toMatchObject({ security: 'NONE', fromName: 'Example App' });
    expect(await email.testSMTPConnection(f.appId, settingsFor(smtp.port))).toEqual({ success: true });

    const dead = await freePort();
    await expect(email.testSMTPConnection(f.appId, settingsFor(dead))).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining(`port ${dead}`),
    });

    await email.createCustomTemplate(f.appId, {
      name: 'hello-ref',
      subject: 'Hi {name} from ref',
      body: 'Dear {name}',
    });
    expect(await email.parseCustomTemplateKeys(f.appId, { subject: 'Hi {name}', body: 'x' })).toEqual(['name']);
    expect((await email.loadCustomTemplates(f.appId)).map((t: { name: string }) => t.name)).toContain('hello-ref');

    const bl = sdk(f.keys.BL);
    await bl.Messaging.sendEmailFromTemplate(
      'hello-ref',
      bl.EmailEnvelope.create({ addresses: ['ref@example.com'] } as never),
      { name: 'Margaret' } as never,
    );
    const mail = await smtp.waitFor(/Subject: Hi Margaret from ref/);
    expect(mail.raw).toContain('Dear Margaret');
    await email.deleteCustomTemplate(f.appId, 'hello-ref');
    expect((await email.loadCustomTemplates(f.appId)).map((t: { name: string }) => t.name)).not.toContain('hello-ref');
  });
});
