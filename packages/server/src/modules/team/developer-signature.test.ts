import { expect, it } from 'vitest';
import { describeEachDb, registerDeveloper, startTestServer } from '../../test-helpers.js';
import { SIGNATURE_TTL_S, verifyDeveloperSignature } from './developer-signature.js';

describeEachDb('developer signature', (server) => {
  it('signs who the developer is; a changed, expired or foreign signature does not verify', async () => {
    const dev = await registerDeveloper(server());
    expect((await server().call('GET', '/console/developer/signature')).statusCode).toBe(401);
    const res = await server().call('GET', '/console/developer/signature', { authKey: dev.authKey });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const signature = res.json() as string;
    const ctx = server().app.basalt;

    const claims = verifyDeveloperSignature(ctx, signature);
    expect(claims).toMatchObject({ sub: dev.id, email: dev.email, name: 'Test Developer', iss: 'basalt' });
    expect(claims!.exp - claims!.iat).toBe(SIGNATURE_TTL_S);
    // It is no auth key.
    expect((await server().call('GET', '/console/applications', { authKey: signature })).statusCode).toBe(401);

    const [head, body, mac] = signature.split('.');
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: 'SOMEONE-ELSE' })).toString('base64url');
    expect(verifyDeveloperSignature(ctx, `${head}.${forged}.${mac}`)).toBeUndefined();
    expect(verifyDeveloperSignature(ctx, `${head}.${body}.${mac.slice(0, -2)}AA`)).toBeUndefined();
    expect(verifyDeveloperSignature(ctx, signature, (claims!.exp + 1) * 1000)).toBeUndefined();
    expect(verifyDeveloperSignature(ctx, 'not a signature')).toBeUndefined();

    // Another server has another key (its own data directory's secret, unless one is set for all).
    if (process.env.BASALT_SECRET_KEY) return;
    const other = await startTestServer('sqlite');
    try {
      expect(verifyDeveloperSignature(other.app.basalt, signature)).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});
