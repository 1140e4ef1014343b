import { expect, it } from 'vitest';
import {
  createTestApp,
  describeEachDb,
  registerDeveloper,
  type TestDeveloper,
  type TestServer,
} from '../../test-helpers.js';
import { logOf } from '../audit/audit.test-helpers.js';
import { totp } from './totp.js';

const CODE_SHAPE = /^[a-hj-km-np-z2-9]{5}-[a-hj-km-np-z2-9]{5}$/;

/** Turns 2FA on and confirms it; answers the secret and the recovery codes of the confirmation. */
async function enrol(server: TestServer, dev: TestDeveloper): Promise<{ secret: string; codes: string[] }> {
  const on = await server.call('PUT', '/console/developer/login/2fa', {
    authKey: dev.authKey,
    body: { enabled: true },
  });
  const secret = on.json().secret as string;
  const confirmed = await server.call('POST', '/console/developer/login/2fa/confirm', {
    authKey: dev.authKey,
    body: { otpCode: totp(secret) },
  });
  expect(confirmed.statusCode).toBe(200);
  return { secret, codes: confirmed.json().recoveryCodes };
}

async function startSignIn(server: TestServer, dev: TestDeveloper): Promise<string> {
  const res = await server.call('POST', '/console/home/login', { body: { login: dev.email, password: dev.password } });
  expect(res.json().otpCreated).toBe(true);
  return res.json().sessionId;
}

function useCode(server: TestServer, sessionId: string, recoveryCode: string) {
  return server.call('POST', '/console/home/otp-login/recovery-code', { body: { sessionId, recoveryCode } });
}

async function codesLeft(server: TestServer, dev: TestDeveloper): Promise<number> {
  return (await server.call('GET', '/console/developer/login/2fa', { authKey: dev.authKey })).json().recoveryCodesLeft;
}

describeEachDb('two-factor recovery codes', (server) => {
  it('gives ten distinct codes at enrolment, never again in the state; each signs in once', async () => {
    const dev = await registerDeveloper(server());
    const { codes } = await enrol(server(), dev);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(CODE_SHAPE);
    const state = (await server().call('GET', '/console/developer/login/2fa', { authKey: dev.authKey })).json();
    expect(state).toEqual({ enabled: true, pendingConfirmation: false, recoveryCodesLeft: 10 });

    // Typed in upper case with spaces instead of the dash: still the code.
    const ok = await useCode(server(), await startSignIn(server(), dev), codes[0]!.toUpperCase().replace('-', ' '));
    expect(ok.statusCode).toBe(200);
    const key = String(ok.headers['auth-key']);
    expect(ok.json()).toMatchObject({ email: dev.email, authKey: key });
    expect((await server().call('GET', '/console/home/myaccount', { authKey: key })).statusCode).toBe(200);
    expect(await codesLeft(server(), dev)).toBe(9);

    const again = await useCode(server(), await startSignIn(server(), dev), codes[0]!);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('INVALID_OTP');
    expect(again.headers['auth-key']).toBeUndefined();
    expect(await codesLeft(server(), dev)).toBe(9);
  });

  it("records the use in the audit log of the developer's apps and mails the developer", async () => {
    const dev = await registerDeveloper(server());
    const appId = await createTestApp(server(), dev.authKey);
    const { codes } = await enrol(server(), dev);
    expect((await useCode(server(), await startSignIn(server(), dev), codes[3]!)).statusCode).toBe(200);
    const log = await logOf(server(), dev, appId, '', (e) => e.some((x) => x.action === 'account.recoveryCodeUsed'));
    const entry = log.data.find((e) => e.action === 'account.recoveryCodeUsed');
    expect(entry).toMatchObject({
      actor: dev.email,
      developerId: dev.id,
      summary: `${dev.email} signed in with a recovery code (9 left)`,
    });
    const mail = server().app.basalt.mailer.recent.find((m) => m.to === dev.email && /recovery code/.test(m.subject));
    expect(mail?.text).toMatch(/9 of your codes are left/);
  });

  it('regenerates with the password or a current code; the old codes die at once', async () => {
    const dev = await registerDeveloper(server());
    const { secret, codes } = await enrol(server(), dev);
    const regen = (body: object) =>
      server().call('POST', '/console/developer/login/2fa/recovery-codes', { authKey: dev.authKey, body });

    const none = await regen({});
    expect(none.statusCode).toBe(400);
    expect(none.json().details.fields.map((f: { field: string }) => f.field)).toEqual(['password']);
    const wrongPassword = await regen({ password: 'not the password' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().details.fields.map((f: { field: string }) => f.field)).toEqual(['password']);

    const byPassword = await regen({ password: dev.password });
    expect(byPassword.statusCode).toBe(200);
    const fresh: string[] = byPassword.json().recoveryCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => codes.includes(c))).toBe(false);
    expect((await useCode(server(), await startSignIn(server(), dev), codes[1]!)).statusCode).toBe(401);

    const byCode = await regen({ otpCode: totp(secret) });
    expect(byCode.statusCode).toBe(200);
    expect((await useCode(server(), await startSignIn(server(), dev), fresh[0]!)).statusCode).toBe(401);
    expect((await useCode(server(), await startSignIn(server(), dev), byCode.json().recoveryCodes[0])).statusCode).toBe(
      200,
    );
  });

  it('has no codes before 2FA is confirmed or after it is turned off', async () => {
    const dev = await registerDeveloper(server());
    const pending = await server().call('PUT', '/console/developer/login/2fa', {
      authKey: dev.authKey,
      body: { enabled: true },
    });
    const regen = await server().call('POST', '/console/developer/login/2fa/recovery-codes', {
      authKey: dev.authKey,
      body: { password: dev.password },
    });
    expect(regen.statusCode).toBe(400);
    const secret = pending.json().secret as string;
    const { codes } = await (async () => {
      const c = await server().call('POST', '/console/developer/login/2fa/confirm', {
        authKey: dev.authKey,
        body: { otpCode: totp(secret) },
      });
      return { codes: c.json().recoveryCodes as string[] };
    })();
    const off = await server().call('PUT', '/console/developer/login/2fa', {
      authKey: dev.authKey,
      body: { enabled: false, otpCode: totp(secret, Date.now() + 30_000) },
    });
    expect(off.statusCode).toBe(200);
    // Sign-in no longer asks for a code; turned on again, the old codes are gone.
    const { codes: next } = await enrol(server(), dev);
    expect(next.some((c) => codes.includes(c))).toBe(false);
    expect((await useCode(server(), await startSignIn(server(), dev), codes[0]!)).statusCode).toBe(401);
  });

  it('limits wrong recovery codes per attempt and per developer across attempts', async () => {
    const dev = await registerDeveloper(server());
    const { codes } = await enrol(server(), dev);
    const first = await startSignIn(server(), dev);
    for (let i = 0; i < 5; i++) expect((await useCode(server(), first, `wrong-${i}aaaa`)).statusCode).toBe(401);
    // The attempt is spent: even a good code needs the password again.
    expect([401, 429]).toContain((await useCode(server(), first, codes[0]!)).statusCode);
    // A new attempt (password again) does not reset the developer's allowance of wrong codes.
    let blocked = 0;
    for (let round = 0; round < 4 && !blocked; round++) {
      const id = await startSignIn(server(), dev);
      for (let i = 0; i < 5; i++) {
        const res = await useCode(server(), id, `wrong-${round}${i}bbbb`);
        if (res.statusCode === 429) {
          blocked++;
          break;
        }
        expect(res.statusCode).toBe(401);
      }
    }
    expect(blocked).toBe(1);
    const late = await useCode(server(), await startSignIn(server(), dev), codes[0]!);
    expect(late.statusCode).toBe(429);
    expect(late.headers['auth-key']).toBeUndefined();
    expect(await codesLeft(server(), dev)).toBe(10);
  });
});
