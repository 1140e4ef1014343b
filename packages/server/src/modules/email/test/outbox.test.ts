import { beforeAll, expect, it } from 'vitest';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { describeEachDb, listenForClients } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { SMTP_PASS, SMTP_USER, freePort, startSmtp, until } from './smtp.test-helpers.js';

// A mail fails for good after two attempts here, the second 200 ms after the first.
process.env.BASALT_EMAIL_RETRY_MS = '200';
process.env.BASALT_EMAIL_MAX_ATTEMPTS = '2';

describeEachDb('email outbox: failed mail listed with its error, retried now, discarded', (server) => {
  let f: AppFixture;
  let email: ReturnType<typeof createBasaltClient>['email'];

  beforeAll(async () => {
    f = await appFixture(server());
    email = createBasaltClient(await listenForClients(server()), f.dev.authKey).email;
  });

  /** Sends a mail through the app API (server code) and waits for it to be FAILED. */
  async function failedMail(subject: string, port: number) {
    const settings = {
      host: '127.0.0.1',
      port,
      username: SMTP_USER,
      password: SMTP_PASS,
      security: 'NONE',
      fromEmail: 'app@example.com',
      fromName: 'Example App',
    };
    expect((await f.console('PUT', '/mailsettings', settings)).statusCode).toBe(200);
    const sent = await f.api('POST', '/messaging/email', {
      body: { subject, bodyparts: { textmessage: `Body of ${subject}` }, to: ['reader@example.com'] },
      key: f.keys.BL,
    });
    expect(sent.statusCode).toBe(200);
    return until('the mail to fail for good', async () => {
      const item = (await email.loadEmailOutbox(f.appId)).find((i) => i.subject === subject);
      return item?.status === 'FAILED' ? item : undefined;
    });
  }

  it('lists a failed mail with the SMTP error, and a retry now delivers it to the server once it is up', async () => {
    const port = await freePort();
    const failed = await failedMail('Invoice 7', port);
    expect(failed).toMatchObject({ to: 'reader@example.com', attempts: 2, nextAttempt: null, sent: null });
    expect(failed.error).toContain(`port ${port}`);

    // Still down: the retry is one more attempt, failed again with the error.
    const again = await email.retryEmailOutbox(f.appId, failed.id);
    expect(again).toMatchObject({ status: 'FAILED', attempts: 3 });
    expect(again.error).toContain(`port ${port}`);

    const smtp = await startSmtp(port);
    try {
      const done = await email.retryEmailOutbox(f.appId, failed.id);
      expect(done).toMatchObject({ status: 'SENT', attempts: 4, error: null });
      const mail = await smtp.waitFor(/Subject: Invoice 7/);
      expect(mail.to).toEqual(['reader@example.com']);
      expect(mail.raw).toContain('Body of Invoice 7');
      // A sent mail is neither retried nor discarded.
      await expect(email.retryEmailOutbox(f.appId, failed.id)).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/was sent already/),
      });
      await expect(email.discardEmailOutbox(f.appId, failed.id)).rejects.toMatchObject({
        status: 400,
        message: expect.stringMatching(/Only a failed mail can be discarded/),
      });
    } finally {
      await smtp.close();
    }
  });

  it('discards a failed mail; an unknown mail is a 404 naming it', async () => {
    const failed = await failedMail('Reminder 3', await freePort());
    expect(await email.discardEmailOutbox(f.appId, failed.id)).toEqual({ deleted: true, id: failed.id });
    expect((await email.loadEmailOutbox(f.appId)).some((i) => i.id === failed.id)).toBe(false);
    await expect(email.discardEmailOutbox(f.appId, failed.id)).rejects.toMatchObject({
      status: 404,
      message: expect.stringMatching(/No mail '.+' in the app's outbox/),
    });
    await expect(email.retryEmailOutbox(f.appId, 'no-such-mail')).rejects.toMatchObject({ status: 404 });
    // Another developer sees nothing of it.
    const other = await appFixture(server());
    const res = await other.console('POST', `/email/outbox/${failed.id}/retry`);
    expect(res.statusCode).toBe(404);
  });
});
