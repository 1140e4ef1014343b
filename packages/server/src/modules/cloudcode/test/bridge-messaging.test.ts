import crypto from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test-helpers.js';
import { appFixture, type AppFixture } from '../../appapi/appapi.test-helpers.js';
import { deploy } from './cloudcode.test-helpers.js';

const CODE = `
class Mail {
  /** The reference SDK's call: subject, body parts, recipients. */
  async classic(subject, to) {
    return Backendless.Messaging.sendEmail(subject, { textmessage: 'plain body', htmlmessage: '<b>html body</b>' }, to);
  }

  /** Basalt's own API. */
  async typed(subject, to) {
    return basalt.messaging.sendEmail({ subject, text: 'typed body', to });
  }

  async toChannel(channel, message) {
    return Backendless.Messaging.push({ channelName: channel, message });
  }

  async withTemplate(name, value) {
    return Backendless.Messaging.pushWithTemplate(name, { who: value });
  }

  async stray() {
    return Backendless.Messaging.push({ channelName: 'default', message: 'x', secret: true });
  }
}
Backendless.ServerCode.addService(Mail);
`;

/*
 * Email and push from cloud code through the host bridge: the same work and limits as the app
 * API's sendEmail and pushWithTemplate routes, and the channel's Publish permission for a push to
 * a channel's devices, decided for the caller plus ServerCodeUser.
 */
describeEachDb('cloud code bridge: email and push', (server) => {
  let f: AppFixture;
  const call = (method: string, args: unknown[], token?: string) =>
    f.api('POST', `/services/Mail/${method}`, { body: args, ...(token ? { token } : {}) });
  const outbox = async () =>
    (await f.console('GET', '/messaging/push/outbox')).json() as Array<{
      messageId: string;
      deviceId: string;
      payload: Record<string, unknown>;
    }>;

  beforeAll(async () => {
    f = await appFixture(server());
    await deploy(f, [{ id: 'services/mail.js', content: CODE }]);
    const device = await f.api('POST', '/messaging/registrations', {
      body: { deviceToken: 'token-1', deviceId: 'phone-1', os: 'ANDROID', osVersion: '14', channels: ['default'] },
    });
    expect(device.statusCode, device.body).toBe(200);
  });

  it('an email sent from code reaches the mail sink, in both APIs', async () => {
    const mailer = server().app.basalt.mailer;
    const subject = `Report ${crypto.randomUUID()}`;
    const res = await call('classic', [subject, ['a@example.com', 'b@example.com']]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'published', errorMessage: null });
    const sent = mailer.recent.filter((m) => m.subject === subject);
    expect(sent.map((m) => m.to).sort()).toEqual(['a@example.com', 'b@example.com']);
    expect(sent[0]).toMatchObject({ text: 'plain body', html: '<b>html body</b>' });

    const typed = `Typed ${crypto.randomUUID()}`;
    expect((await call('typed', [typed, 'c@example.com'])).statusCode).toBe(200);
    expect(mailer.recent.find((m) => m.subject === typed)).toMatchObject({ to: 'c@example.com', text: 'typed body' });
  });

  it("the routes' limits hold: a bad address and too many recipients are 400s naming 'to', and nothing is sent", async () => {
    const mailer = server().app.basalt.mailer;
    const subject = `Refused ${crypto.randomUUID()}`;
    const bad = await call('classic', [subject, ['not an address']]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('not an email address');
    const many = Array.from({ length: 101 }, (_, i) => `u${i}@example.com`);
    const tooMany = await call('classic', [subject, many]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/'to' lists 1 to 100 addresses/);
    expect(mailer.recent.some((m) => m.subject === subject)).toBe(false);
  });

  it("a push to a channel is recorded in the outbox for the channel's devices", async () => {
    const marker = `news ${crypto.randomUUID()}`;
    const res = await call('toChannel', ['default', marker]);
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json();
    expect(sent).toMatchObject({ recipients: 1 });
    const delivery = (await outbox()).find((e) => e.messageId === sent.messageId);
    expect(delivery).toMatchObject({ deviceId: 'phone-1' });
    expect(delivery?.payload).toMatchObject({ body: marker });
  });

  it('a template push fills the template and is recorded', async () => {
    const made = await f.console('POST', '/messaging/push/templates', {
      name: 'hello',
      channelName: 'default',
      message: { title: 'Hi {who}', body: 'from code' },
    });
    expect(made.statusCode, made.body).toBe(200);
    const res = await call('withTemplate', ['hello', 'Ann']);
    expect(res.statusCode, res.body).toBe(200);
    const delivery = (await outbox()).find((e) => e.messageId === res.json().messageId);
    expect(delivery?.payload).toMatchObject({ title: 'Hi Ann', body: 'from code' });
    const missing = await call('withTemplate', ['nope', 'x']);
    expect(missing.statusCode).toBe(404);
  });

  it('a caller denied Publish on the channel is refused the push; a granted user pushes', async () => {
    const channels = (await f.console('GET', '/messaging/channels')).json();
    const channel = (Array.isArray(channels) ? channels : channels.data).find(
      (c: { name: string }) => c.name === 'default',
    );
    const anon = await f.roleId('NotAuthenticatedUser');
    const deny = await f.console('PUT', `/security/messaging/${channel.channelid}/roles/${anon}`, {
      permissions: [{ operation: 'Publish', access: 'DENY' }],
    });
    expect(deny.statusCode, deny.body).toBe(200);
    const before = (await outbox()).length;
    const refused = await call('toChannel', ['default', 'denied']);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/Permission denied/);
    expect((await outbox()).length).toBe(before);

    const user = await f.user();
    const allowed = await call('toChannel', ['default', 'granted'], user.token);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await outbox()).length).toBe(before + 1);
  });

  it('an unknown push field is a 400 naming it', async () => {
    const res = await call('stray', []);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain("unknown field 'secret'");
  });
});
