import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import Backendless from 'backendless';
import { createClient as createBasaltClient } from '@basalt/sdk';
import { firebaseScrypt, verifyFirebaseScrypt } from '../accounts/index.js';
import { describeEachDb, listenForClients } from '../../test-helpers.js';
import { appFixture, type AppFixture } from '../appapi/appapi.test-helpers.js';
import { expectError } from '../data/data.test-helpers.js';

const require = createRequire(import.meta.url);
const createReferenceClient: (serverUrl: string, authKey?: string) => any =
  require('backendless-console-sdk').createClient;

/** The sample project of Firebase's scrypt documentation: its parameters, one user, and that user's hash. */
const DOC = {
  hashConfig: {
    algorithm: 'SCRYPT',
    base64_signer_key: 'jxspr8Ki0RYycVU8zykbdLGjFQ3McFUH0uiiTvC8pVMXAn210wjLNmdZJzxUECKbm0QsEmYUSDzZvpjeJ9WmXA==',
    base64_salt_separator: 'Bw==',
    rounds: 8,
    mem_cost: 14,
  },
  password: 'user1password',
  salt: '42xEC+ixf3L2lw==',
  hash: 'lSrfV15cpx95/sZS2W9c9Kp6i/LVgQNDNC/qzrCnh1SAyZvqmZqAjTdn3aoItz+VHjoZilo78198JAdRuid5lQ==',
};
const b64 = (s: string) => Buffer.from(s, 'base64');
const docParams = {
  signerKey: b64(DOC.hashConfig.base64_signer_key),
  saltSeparator: b64(DOC.hashConfig.base64_salt_separator),
  rounds: 8,
  memCost: 14,
};

describe('Firebase scrypt', () => {
  it("gives the published sample's hash, and refuses another password", async () => {
    expect((await firebaseScrypt(DOC.password, b64(DOC.salt), docParams)).toString('base64')).toBe(DOC.hash);
    expect(await verifyFirebaseScrypt(DOC.password, b64(DOC.salt), b64(DOC.hash), docParams)).toBe(true);
    expect(await verifyFirebaseScrypt('user1Password', b64(DOC.salt), b64(DOC.hash), docParams)).toBe(false);
  });

  it('is scrypt(password, salt ‖ separator) keying AES-256-CTR over the signer key, step by step', async () => {
    const params = { signerKey: crypto.randomBytes(64), saltSeparator: Buffer.from([7]), rounds: 2, memCost: 10 };
    const salt = crypto.randomBytes(10);
    const key = crypto.scryptSync('pässword', Buffer.concat([salt, params.saltSeparator]), 64, { N: 1024, r: 2, p: 1 });
    const aes = crypto.createCipheriv('aes-256-ctr', key.subarray(0, 32), Buffer.alloc(16));
    const expected = Buffer.concat([aes.update(params.signerKey), aes.final()]);
    expect((await firebaseScrypt('pässword', salt, params)).equals(expected)).toBe(true);
    // Another separator or cost gives another hash: each parameter is used.
    for (const other of [{ saltSeparator: Buffer.from([8]) }, { rounds: 3 }, { memCost: 11 }])
      expect((await firebaseScrypt('pässword', salt, { ...params, ...other })).equals(expected)).toBe(false);
  });
});

/** A Firebase export user with a hash made for `password` under the sample project's parameters. */
async function exported(localId: string, email: string, password: string, extra: object = {}) {
  const salt = crypto.randomBytes(10);
  return {
    localId,
    email,
    emailVerified: true,
    passwordHash: (await firebaseScrypt(password, salt, docParams)).toString('base64'),
    salt: salt.toString('base64'),
    displayName: `Name of ${localId}`,
    createdAt: '1556000000000',
    providerUserInfo: [{ providerId: 'password', email }],
    ...extra,
  };
}

type Sdk = typeof Backendless;

describeEachDb('Firebase users import', (server) => {
  let f: AppFixture;
  let url: string;
  const sdk = (): Sdk =>
    Backendless.initApp({ serverURL: url, appId: f.appId, apiKey: f.keys.JS, standalone: true } as never) as never;
  const stored = async (email: string) => {
    const users = (await server().app.basalt.data.schema(f.appId)).table('Users')!;
    const row = await server()
      .app.basalt.dbs.app(f.appId)
      .selectFrom(users.sqlName)
      .select('password')
      .where('email', '=', email)
      .executeTakeFirst();
    return String((row as { password?: unknown } | undefined)?.password);
  };
  /** The app API refuses a login with this status (its error codes are numbers, as the SDKs read them). */
  const refused = async (res: Promise<{ statusCode: number }>, status: number) =>
    expect((await res).statusCode).toBe(status);
  const login = (login: string, password: string) => f.api('POST', '/users/login', { body: { login, password } });

  beforeAll(async () => {
    f = await appFixture(server());
    url = await listenForClients(server());
  });

  it('imports through our SDK; the first login checks Firebase scrypt and re-hashes, the second uses our hash', async () => {
    const client = createBasaltClient(url, f.dev.authKey);
    const file = {
      users: [
        await exported('uid-ann', 'Ann@Example.com', 'ann secret 1'),
        { localId: 'uid-doc', email: 'doc@example.com', passwordHash: DOC.hash, salt: DOC.salt },
        { localId: 'uid-phone', phoneNumber: '+15550001' },
        { localId: 'uid-google', email: 'google@example.com', providerUserInfo: [{ providerId: 'google.com' }] },
        { localId: 'uid-twice', email: 'ann@example.com', passwordHash: DOC.hash, salt: DOC.salt },
        { localId: 'uid-other', email: 'other@example.com', passwordHash: 'AAAA', salt: DOC.salt },
      ],
    };
    const result = await client.transfer.importFirebaseUsers(f.appId, { users: file, hashConfig: DOC.hashConfig });
    expect(result.imported).toBe(3);
    expect(result.withoutPassword).toBe(1);
    expect(result.skipped.map((s) => [s.localId, s.reason.split(':')[0]])).toEqual([
      ['uid-phone', 'no email'],
      ['uid-twice', 'a user with this email exists already'],
      ['uid-other', 'its passwordHash does not fit the hash parameters (another project or algorithm)'],
    ]);

    // The imported hash is kept sealed: neither the hash nor the signer key can be read in the store.
    const sealed = await stored('ann@example.com');
    expect(sealed.startsWith('imported:firebase-scrypt:')).toBe(true);
    expect(sealed).not.toContain(DOC.hashConfig.base64_signer_key.slice(0, 20));
    // The console never answers it.
    const listed = await f.console('GET', '/data/Users?pageSize=50');
    expect(listed.body).not.toContain('imported:firebase');

    await refused(login('ann@example.com', 'wrong password'), 401);
    expect(await stored('ann@example.com')).toBe(sealed);

    const app = sdk();
    const user = (await app.UserService.login('ann@example.com', 'ann secret 1', false)) as unknown as Record<
      string,
      unknown
    >;
    expect(user).toMatchObject({ email: 'ann@example.com', name: 'Name of uid-ann' });
    expect(user.password).toBeUndefined();
    const rehashed = await stored('ann@example.com');
    expect(rehashed.startsWith('$argon2')).toBe(true);

    // The second login goes through Basalt's own hash; a wrong password still fails.
    expect((await login('ann@example.com', 'ann secret 1')).statusCode).toBe(200);
    await refused(login('ann@example.com', 'ann secret 2'), 401);
    expect(await stored('ann@example.com')).toBe(rehashed);

    // The sample user of Firebase's documentation logs in with its documented password.
    expect((await login('doc@example.com', DOC.password)).statusCode).toBe(200);
    // A federated user has no password to log in with.
    await refused(login('google@example.com', 'anything'), 401);
  });

  it('imports through the published console client, with the hash parameters as the Firebase console shows them', async () => {
    const client = createReferenceClient(url, f.dev.authKey);
    const text = [
      'hash_config {',
      '  algorithm: SCRYPT,',
      `  base64_signer_key: ${DOC.hashConfig.base64_signer_key},`,
      '  base64_salt_separator: Bw==,',
      '  rounds: 8,',
      '  mem_cost: 14,',
      '}',
    ].join('\n');
    const users = [await exported('uid-ref', 'ref@example.com', 'ref pass 1', { disabled: false })];
    const result = await client.transfer.importFirebaseUsers(f.appId, { users, hashConfig: text });
    expect(result).toEqual({ imported: 1, withoutPassword: 0, skipped: [] });
    await refused(login('ref@example.com', 'ref pass 2'), 401);
    expect((await login('ref@example.com', 'ref pass 1')).statusCode).toBe(200);
  });

  it('refuses bad input with a 400 naming the problem, and creates nobody', async () => {
    const users = [await exported('uid-bad', 'bad@example.com', 'pw')];
    const post = (body: unknown) => f.console('POST', '/import/firebase/users', body);
    expectError(await post({ users, hashConfig: { ...DOC.hashConfig, algorithm: 'BCRYPT' } }), 400, 'SCRYPT');
    expectError(await post({ users, hashConfig: { ...DOC.hashConfig, rounds: 99 } }), 400, 'hashConfig.rounds');
    expectError(await post({ users, hashConfig: { ...DOC.hashConfig, mem_cost: 'x' } }), 400, 'hashConfig.mem_cost');
    expectError(await post({ users, hashConfig: { ...DOC.hashConfig, base64_signer_key: '' } }), 400, 'signer_key');
    expectError(await post({ users: [], hashConfig: DOC.hashConfig }), 400, 'no users');
    expectError(await post({ users: 'not json', hashConfig: DOC.hashConfig }), 400);
    expectError(await post({ users }), 400, 'hashConfig');
    await refused(login('bad@example.com', 'pw'), 401);
  });
});
