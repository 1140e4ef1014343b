import { beforeAll, expect, it } from 'vitest';
import Backendless from 'backendless';
import { describeEachDb, listenForClients } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';

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
 * The SDK's `deleteChannel`, `getPushTemplates`, `pushWithTemplate`, `sendEmail` and
 * `sendEmailFromTemplate`, through the published `backendless` SDK over real HTTP.
 */
describeEachDb('messaging app API: channels, push templates and email from the SDK', (server) => {
  let f: AppFixture;
  let origin: string;
  const sdk = (apiKey = f.keys.JS): Sdk =>
    Backendless.initApp({ serverURL: origin, appId: f.appId, apiKey, standalone: true } as never) as unknown as Sdk;
  const console = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    f.console(method, `/messaging${path}`, body);

  beforeAll(async () => {
    f = await appFixture(server());
    origin = await listenForClients(server());
  });

  it('server code deletes a channel by name; other keys, the default channel and unknown names are refused', async () => {
    await sdk().Messaging.publish('doomed', 'first use creates it');
    expect(((await console('GET', '/channels')).json() as Array<{ name: string }>).map((c) => c.name)).toContain(
      'doomed',
    );

    const client = await rejection(sdk().Messaging.deleteChannel('doomed'));
    expect([client.status, client.code]).toEqual([403, 1011]);
    expect(client.message).toMatch(/server code only/);

    expect(await sdk(f.keys.BL).Messaging.deleteChannel('doomed')).toBe(true);
    expect(((await console('GET', '/channels')).json() as Array<{ name: string }>).map((c) => c.name)).not.toContain(
      'doomed',
    );
    const again = await rejection(sdk(f.keys.BL).Messaging.deleteChannel('doomed'));
    expect(again.status).toBe(404);
    expect(again.message).toMatch(/'doomed' does not exist/);
    const fallback = await rejection(sdk(f.keys.BL).Messaging.deleteChannel('default'));
    expect(fallback.status).toBe(400);
  });

  it('lists the push templates and pushes one with its {values} filled in', async () => {
    const phone = sdk();
    phone.setupDevice({ uuid: 'phone-1', platform: 'android', version: '14' } as never);
    await phone.Messaging.registerDevice('token-1', ['news']);
    const made = await console('POST', '/push/templates', {
      name: 'welcome',
      channelName: 'news',
      message: { title: 'Hi {name}', body: 'You have {count} {unknown} items' },
    });
    expect(made.statusCode, made.body).toBe(200);

    const templates = (await sdk().Messaging.getPushTemplates('ANDROID' as never)) as Array<{ name: string }>;
    expect(templates.map((t) => t.name)).toEqual(['welcome']);

    const refused = await rejection(sdk().Messaging.pushWithTemplate('welcome', { name: 'Ann' }));
    expect(refused.status).toBe(403);
    const sent = (await sdk(f.keys.BL).Messaging.pushWithTemplate('welcome', {
      name: 'Ann {count}',
      count: 3,
    })) as Record<string, unknown>;
    expect(sent).toMatchObject({ status: 'scheduled', errorMessage: null, recipients: 1 });
    const outbox = (await console('GET', '/push/outbox')).json() as Array<{
      messageId: string;
      payload: Record<string, unknown>;
    }>;
    const delivery = outbox.find((e) => e.messageId === sent.messageId);
    // Each {key} is replaced once; a value is not expanded again, an unknown key stays as written.
    expect(delivery?.payload).toMatchObject({ title: 'Hi Ann {count}', body: 'You have 3 {unknown} items' });

    const missing = await rejection(sdk(f.keys.BL).Messaging.pushWithTemplate('nope', {}));
    expect(missing.status).toBe(404);
    const badValues = await rejection(sdk(f.keys.BL).Messaging.pushWithTemplate('welcome', 'text' as never));
    expect(badValues.status).toBe(400);
  });

  it('server code sends email (text and HTML) to a list; bad input is a 400 and other keys a 403', async () => {
    const mailer = server().app.basalt.mailer;
    const bl = sdk(f.keys.BL);
    const answer = (await bl.Messaging.sendEmail(
      'Report',
      new bl.Bodyparts({ textmessage: 'plain', htmlmessage: '<b>bold</b>' } as never),
      ['a@example.com', 'b@example.com'],
    )) as Record<string, unknown>;
    expect(answer).toMatchObject({ status: 'published', errorMessage: null });
    const sent = mailer.recent.slice(-2);
    expect(sent.map((m) => [m.to, m.subject, m.text, m.html])).toEqual([
      ['a@example.com', 'Report', 'plain', '<b>bold</b>'],
      ['b@example.com', 'Report', 'plain', '<b>bold</b>'],
    ]);

    const client = await rejection(
      sdk().Messaging.sendEmail('Spam', new bl.Bodyparts({ textmessage: 'x' } as never), ['a@example.com']),
    );
    expect(client.status).toBe(403);
    const count = mailer.recent.length;
    const badAddress = await rejection(
      bl.Messaging.sendEmail('Hi', new bl.Bodyparts({ textmessage: 'x' } as never), [
        'a@example.com',
        'not an address',
      ]),
    );
    expect([badAddress.status, badAddress.message]).toEqual([400, "'not an address' is not an email address"]);
    const header = await rejection(
      bl.Messaging.sendEmail('Hi\r\nBcc: x@example.com', new bl.Bodyparts({ textmessage: 'x' } as never), [
        'a@example.com',
      ]),
    );
    expect(header.status).toBe(400);
    const tooMany = await rejection(
      bl.Messaging.sendEmail(
        'Hi',
        new bl.Bodyparts({ textmessage: 'x' } as never),
        Array.from({ length: 101 }, (_, i) => `u${i}@example.com`),
      ),
    );
    expect(tooMany.status).toBe(400);
    // Nothing was sent for a refused call, not even to its valid addresses.
    expect(mailer.recent.length).toBe(count);
  });

  it('attaches files of the app, all read before anything is sent', async () => {
    const mailer = server().app.basalt.mailer;
    const bl = sdk(f.keys.BL);
    await bl.Files.saveFile('docs', 'report.txt', 'quarterly numbers', true);
    const body = () => new bl.Bodyparts({ textmessage: 'see attached' } as never);
    await bl.Messaging.sendEmail('Report', body(), ['boss@example.com'], ['/docs/report.txt']);
    const mail = mailer.recent.at(-1)!;
    expect(mail.to).toBe('boss@example.com');
    expect(mail.attachments?.map((a) => [a.filename, a.content.toString()])).toEqual([
      ['report.txt', 'quarterly numbers'],
    ]);

    const count = mailer.recent.length;
    for (const bad of [
      ['docs/missing.txt'],
      ['docs'],
      ['../../etc/passwd'],
      Array.from({ length: 11 }, () => 'docs/report.txt'),
    ]) {
      const err = await rejection(bl.Messaging.sendEmail('Report', body(), ['boss@example.com'], bad));
      expect(err.status, bad[0]).toBe(400);
    }
    expect(mailer.recent.length).toBe(count);
  });

  it('sendEmailFromTemplate checks the key first, then the template (an unknown one is 404)', async () => {
    const bl = sdk(f.keys.BL);
    const err = await rejection(
      bl.Messaging.sendEmailFromTemplate(
        'no-such-template',
        bl.EmailEnvelope.create({ addresses: ['a@example.com'] } as never),
        {} as never,
      ),
    );
    expect([err.status, err.message]).toEqual([404, "Email template 'no-such-template' does not exist"]);
    const wrongKey = await server().call('POST', `/${f.appId}/not-a-key/emailtemplate/send`, { body: {} });
    expect(wrongKey.statusCode).toBe(401);
  });
});
