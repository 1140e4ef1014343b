import { beforeAll, expect, it } from 'vitest';
import Backendless from 'backendless';
import { describeEachDb, listenForClients } from '../../test-helpers.js';
import { appFixture, type AppFixture } from './appapi.test-helpers.js';

type Sdk = typeof Backendless;
type SdkError = Error & { code?: number; status?: number };

async function rejection(p: Promise<unknown>): Promise<SdkError> {
  try {
    await p;
  } catch (err) {
    return err as SdkError;
  }
  throw new Error('expected the call to be refused');
}

/**
 * Email confirmation of app users through the published `backendless` SDK: registration while the
 * app requires it, the mailed link, `resendEmailConfirmation` and `createEmailConfirmationURL`.
 */
describeEachDb('app users: email confirmation', (server) => {
  let f: AppFixture;
  let origin: string;
  const sdk = (apiKey = f.keys.JS): Sdk =>
    Backendless.initApp({ serverURL: origin, appId: f.appId, apiKey, standalone: true } as never) as unknown as Sdk;
  const mailsTo = (to: string) => server().app.basalt.mailer.recent.filter((m) => m.to === to);
  /** The link of the newest mail to an address, waiting for it (mails go after the answer). */
  const linkFor = async (to: string, count: number): Promise<string> => {
    for (let i = 0; i < 100 && mailsTo(to).length < count; i++) await new Promise((r) => setTimeout(r, 20));
    const mails = mailsTo(to);
    expect(mails).toHaveLength(count);
    const url = /(https?:\/\/\S+\/confirm-email\?token=[A-Za-z0-9_-]+)/.exec(mails[count - 1].text)?.[1];
    expect(url).toBeDefined();
    return new URL(url!).pathname + new URL(url!).search;
  };
  const open = (path: string) => server().call('GET', path);

  beforeAll(async () => {
    f = await appFixture(server());
    origin = await listenForClients(server());
  });

  it('without the setting, registration signs in at once and sends no mail', async () => {
    await sdk().UserService.register({ email: 'open@example.com', password: 'pass one' } as never);
    expect(await sdk().UserService.login('open@example.com', 'pass one')).toMatchObject({
      email: 'open@example.com',
      userStatus: 'ENABLED',
    });
    expect(mailsTo('open@example.com')).toHaveLength(0);
  });

  it('with it, the new user waits for the mailed link, then signs in; the link works once', async () => {
    expect((await f.console('PUT', '/userregistration', { emailConfirmationRequired: true })).statusCode).toBe(200);
    const user = (await sdk().UserService.register({
      email: 'wait@example.com',
      password: 'pass two',
    } as never)) as unknown as Record<string, unknown>;
    expect(user.userStatus).toBe('EMAIL_CONFIRMATION_PENDING');
    const link = await linkFor('wait@example.com', 1);

    const early = await rejection(sdk().UserService.login('wait@example.com', 'pass two'));
    expect([early.status, early.code]).toEqual([401, 3090]);
    expect(early.message).toMatch(/not confirmed/);
    // A wrong password says nothing about the account's state.
    const wrong = await rejection(sdk().UserService.login('wait@example.com', 'guess'));
    expect(wrong.code).toBe(3003);

    const page = await open(link);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Email confirmed');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(await sdk().UserService.login('wait@example.com', 'pass two')).toMatchObject({
      userStatus: 'ENABLED',
      isEmailConfirmed: true,
    });
    const again = await open(link);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('not valid');
    expect((await open(`/app-users/${f.appId}/confirm-email?token=${'x'.repeat(43)}`)).statusCode).toBe(400);
  });

  it('resendEmailConfirmation mails a new link (the old one stops working) and answers the same for anyone', async () => {
    await sdk().UserService.register({ email: 'lost@example.com', password: 'pass three' } as never);
    const first = await linkFor('lost@example.com', 1);
    expect(await sdk().UserService.resendEmailConfirmation('lost@example.com')).toBeNull();
    const second = await linkFor('lost@example.com', 2);
    expect(await sdk().UserService.resendEmailConfirmation('nobody@example.com')).toBeNull();
    // A confirmed user gets no mail.
    expect(await sdk().UserService.resendEmailConfirmation('wait@example.com')).toBeNull();
    await new Promise((r) => setTimeout(r, 100));
    expect(mailsTo('nobody@example.com')).toHaveLength(0);
    expect(mailsTo('wait@example.com')).toHaveLength(1);

    expect((await open(first)).statusCode).toBe(400);
    expect((await open(second)).statusCode).toBe(200);
    // Three requests per identity in a window.
    await sdk().UserService.resendEmailConfirmation('flood@example.com');
    await sdk().UserService.resendEmailConfirmation('flood@example.com');
    await sdk().UserService.resendEmailConfirmation('flood@example.com');
    expect((await rejection(sdk().UserService.resendEmailConfirmation('flood@example.com'))).status).toBe(429);
  });

  it('createEmailConfirmationURL answers a working link to server code only', async () => {
    await sdk().UserService.register({ email: 'manual@example.com', password: 'pass four' } as never);
    const client = await rejection(sdk().UserService.createEmailConfirmationURL('manual@example.com'));
    expect(client.status).toBe(403);
    const { confirmationURL } = (await sdk(f.keys.BL).UserService.createEmailConfirmationURL(
      'manual@example.com',
    )) as unknown as { confirmationURL: string };
    expect(confirmationURL).toMatch(/\/confirm-email\?token=/);
    expect((await open(new URL(confirmationURL).pathname + new URL(confirmationURL).search)).statusCode).toBe(200);
    expect((await rejection(sdk(f.keys.BL).UserService.createEmailConfirmationURL('manual@example.com'))).status).toBe(
      400,
    );
    expect((await rejection(sdk(f.keys.BL).UserService.createEmailConfirmationURL('nobody@example.com'))).status).toBe(
      404,
    );
  });
});
