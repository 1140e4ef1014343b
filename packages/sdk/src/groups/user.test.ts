import { describe, expect, it } from 'vitest';
import type { BasaltClient } from '../client.js';
import {
  TEST_HOST as H,
  jsonHeaders,
  recordingClient,
  type RecordedCall,
} from '../test-support/fake-fetch.test-helpers.js';

const KEY = { 'auth-key': 'test-key' };
const JSON_KEY = jsonHeaders();

type Case = [string, (c: BasaltClient) => Promise<unknown>, RecordedCall];

const cases: Case[] = [
  [
    'getAccountInfo',
    (c) => c.user.getAccountInfo(),
    { url: `${H}/console/home/myaccount`, method: 'GET', headers: KEY, body: undefined },
  ],
  [
    'getAccountInfo(authKey)',
    (c) => c.user.getAccountInfo('other'),
    { url: `${H}/console/home/myaccount`, method: 'GET', headers: { 'auth-key': 'other' }, body: undefined },
  ],
  [
    'register',
    (c) => c.user.register({ email: 'a@b.c', password: 'p4ssword', name: 'A' }),
    {
      url: `${H}/console/devreg`,
      method: 'POST',
      headers: JSON_KEY,
      body: '{"email":"a@b.c","password":"p4ssword","name":"A"}',
    },
  ],
  [
    'suicide',
    (c) => c.user.suicide(),
    { url: `${H}/console/developer-suicide`, method: 'DELETE', headers: KEY, body: undefined },
  ],
  [
    'login',
    (c) => c.user.login('a@b.c', 'pw'),
    { url: `${H}/console/home/login`, method: 'POST', headers: JSON_KEY, body: '{"login":"a@b.c","password":"pw"}' },
  ],
  [
    'loginWithTOTP',
    (c) => c.user.loginWithTOTP({ sessionId: 's', otpCode: '123456' }),
    {
      url: `${H}/console/home/otp-login`,
      method: 'POST',
      headers: JSON_KEY,
      body: '{"sessionId":"s","otpCode":"123456"}',
    },
  ],
  [
    'loginWithRecoveryCode',
    (c) => c.user.loginWithRecoveryCode('s', 'abcde-fghjk'),
    {
      url: `${H}/console/home/otp-login/recovery-code`,
      method: 'POST',
      headers: JSON_KEY,
      body: '{"sessionId":"s","recoveryCode":"abcde-fghjk"}',
    },
  ],
  [
    'cloudLogin',
    (c) => c.user.cloudLogin('a@b.c', 'pw'),
    {
      url: `${H}/console/home/cloud/login`,
      method: 'POST',
      headers: JSON_KEY,
      body: '{"login":"a@b.c","password":"pw"}',
    },
  ],
  [
    'cloudLoginWithTOTP',
    (c) => c.user.cloudLoginWithTOTP({ sessionId: 's', otpCode: 1 }),
    {
      url: `${H}/console/home/cloud/otp-login`,
      method: 'POST',
      headers: JSON_KEY,
      body: '{"sessionId":"s","otpCode":1}',
    },
  ],
  [
    'loginSocial',
    (c) => c.user.loginSocial('github'),
    { url: `${H}/console/social/oauth/github/request_url`, method: 'GET', headers: KEY, body: undefined },
  ],
  [
    'logout',
    (c) => c.user.logout(),
    { url: `${H}/console/home/logout`, method: 'DELETE', headers: KEY, body: undefined },
  ],
  [
    'restorePassword',
    (c) => c.user.restorePassword('a+b@c.d'),
    {
      url: `${H}/console/restorepassword`,
      method: 'POST',
      headers: { ...KEY, 'Content-Type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: 'email=a%2Bb%40c.d',
    },
  ],
  [
    'resetPassword',
    (c) => c.user.resetPassword('tok', 'newpassword'),
    {
      url: `${H}/console/restorepassword/confirm`,
      method: 'POST',
      headers: JSON_KEY,
      body: '{"token":"tok","password":"newpassword"}',
    },
  ],
  [
    'resendConfirmEmail',
    (c) => c.user.resendConfirmEmail('a+b@c.d'),
    { url: `${H}/console/resend?email=a%2Bb%40c.d`, method: 'GET', headers: KEY, body: undefined },
  ],
  [
    'confirmEmail',
    (c) => c.user.confirmEmail('tok'),
    { url: `${H}/console/confirm-email`, method: 'POST', headers: JSON_KEY, body: '{"token":"tok"}' },
  ],
  [
    'updateProfile',
    (c) => c.user.updateProfile({ name: 'N' }),
    { url: `${H}/console/home/myaccount/`, method: 'PUT', headers: JSON_KEY, body: '{"name":"N"}' },
  ],
  [
    'registerAndJoinAppTeam',
    (c) => c.user.registerAndJoinAppTeam('APP', 'CODE', { email: 'a@b.c', password: 'pw' }),
    {
      url: `${H}/APP/console/activatedev?confirmation-code=CODE`,
      method: 'POST',
      headers: JSON_KEY,
      body: '{"email":"a@b.c","password":"pw"}',
    },
  ],
  [
    'registerAndJoinWorkspace',
    (c) => c.user.registerAndJoinWorkspace('W', 'CODE', { email: 'a@b.c', password: 'pw' }),
    {
      url: `${H}/console/automation/management/W/activatedev?confirmation-code=CODE`,
      method: 'POST',
      headers: JSON_KEY,
      body: '{"email":"a@b.c","password":"pw"}',
    },
  ],
  [
    'loginToDiscourse',
    (c) => c.user.loginToDiscourse({ id: 1 }, 'sig', 'sso'),
    {
      url: `${H}/console/discourse/sso`,
      method: 'POST',
      headers: JSON_KEY,
      body: '{"user":{"id":1},"sig":"sig","sso":"sso"}',
    },
  ],
  [
    'getPermissions',
    (c) => c.user.getPermissions('APP'),
    { url: `${H}/APP/console/my-permissions`, method: 'GET', headers: KEY, body: undefined },
  ],
  [
    'completeStripeConnection',
    (c) => c.user.completeStripeConnection({ code: 'x' }),
    {
      url: `${H}/console/community/marketplace/stripe-connect/auth`,
      method: 'POST',
      headers: JSON_KEY,
      body: '{"code":"x"}',
    },
  ],
  [
    'getStripeConnectToken',
    (c) => c.user.getStripeConnectToken(),
    { url: `${H}/console/community/marketplace/stripe-connect/token`, method: 'GET', headers: KEY, body: undefined },
  ],
  [
    'getStripeConnectAccountId',
    (c) => c.user.getStripeConnectAccountId(),
    { url: `${H}/console/developer/stripe-connect`, method: 'GET', headers: KEY, body: undefined },
  ],
  [
    'setStripeConnectAccountId',
    (c) => c.user.setStripeConnectAccountId({ accountId: 'acc' }),
    { url: `${H}/console/developer/stripe-connect`, method: 'PUT', headers: JSON_KEY, body: '{"accountId":"acc"}' },
  ],
  [
    'get2FAState',
    (c) => c.user.get2FAState(),
    { url: `${H}/console/developer/login/2fa`, method: 'GET', headers: KEY, body: undefined },
  ],
  [
    'update2FAState',
    (c) => c.user.update2FAState(true),
    { url: `${H}/console/developer/login/2fa`, method: 'PUT', headers: JSON_KEY, body: '{"enabled":true}' },
  ],
  [
    'update2FAState(off, code)',
    (c) => c.user.update2FAState(false, '123456'),
    {
      url: `${H}/console/developer/login/2fa`,
      method: 'PUT',
      headers: JSON_KEY,
      body: '{"enabled":false,"otpCode":"123456"}',
    },
  ],
  [
    'confirm2FA',
    (c) => c.user.confirm2FA('123456'),
    {
      url: `${H}/console/developer/login/2fa/confirm`,
      method: 'POST',
      headers: JSON_KEY,
      body: '{"otpCode":"123456"}',
    },
  ],
  [
    'regenerateRecoveryCodes',
    (c) => c.user.regenerateRecoveryCodes({ password: 'pw' }),
    {
      url: `${H}/console/developer/login/2fa/recovery-codes`,
      method: 'POST',
      headers: JSON_KEY,
      body: '{"password":"pw"}',
    },
  ],
  [
    'changePassword',
    (c) => c.user.changePassword('ID', 'newpassword'),
    {
      url: `${H}/console/passwordchange`,
      method: 'POST',
      headers: JSON_KEY,
      body: '{"id":"ID","password":"newpassword"}',
    },
  ],
];

describe('user group: request shapes', () => {
  it.each(cases)('%s', async (_name, call, expected) => {
    const { client, calls } = recordingClient();
    await call(client);
    expect(calls).toEqual([expected]);
  });

  it('covers every method of the group', () => {
    const { client } = recordingClient();
    const covered = new Set(cases.map(([name]) => name.replace(/\(.*$/, '')));
    expect(Object.keys(client.user).filter((m) => !covered.has(m))).toEqual([]);
  });

  it('sends no auth-key before sign-in', async () => {
    const { client, calls } = recordingClient(null);
    await client.user.login('a@b.c', 'pw');
    expect(calls[0].headers).toEqual({ 'Content-Type': 'application/json' });
  });
});

describe('user group: the key', () => {
  it('login stores the auth-key header and answers the body with authKey', async () => {
    const { client, calls, reply } = recordingClient(null);
    reply({ body: { id: 'D', email: 'a@b.c' }, headers: { 'auth-key': 'NEW' } });
    expect(await client.user.login('a@b.c', 'pw')).toEqual({ id: 'D', email: 'a@b.c', authKey: 'NEW' });
    expect(client.getAuthKey()).toBe('NEW');
    await client.apps.getApps();
    expect(calls[1].headers).toEqual({ 'auth-key': 'NEW' });
  });

  it('login answers an otpCreated body untouched and keeps the old key', async () => {
    const { client, reply } = recordingClient('OLD');
    reply({ body: { otpCreated: true, sessionId: 'S' }, headers: { 'auth-key': 'IGNORED' } });
    expect(await client.user.login('a@b.c', 'pw')).toEqual({ otpCreated: true, sessionId: 'S' });
    expect(client.getAuthKey()).toBe('OLD');
  });

  it('loginWithTOTP, cloud logins and registerAndJoinAppTeam store the key too; body authKey is the fallback', async () => {
    const { client, reply } = recordingClient(null);
    reply({ body: { id: 'D' }, headers: { 'auth-key': 'K1' } });
    await client.user.loginWithTOTP({ sessionId: 's', otpCode: '1' });
    expect(client.getAuthKey()).toBe('K1');
    reply({ body: { id: 'D', authKey: 'K2' } });
    expect(await client.user.cloudLogin('a', 'b')).toEqual({ id: 'D', authKey: 'K2' });
    expect(client.getAuthKey()).toBe('K2');
    reply({ body: {}, headers: { 'auth-key': 'K3' } });
    await client.user.cloudLoginWithTOTP({ sessionId: 's', otpCode: '1' });
    expect(client.getAuthKey()).toBe('K3');
    reply({ body: {}, headers: { 'auth-key': 'K4' } });
    await client.user.registerAndJoinAppTeam('A', 'C', { email: 'a@b.c', password: 'x' });
    expect(client.getAuthKey()).toBe('K4');
  });

  it('getAccountInfo stores the answer authKey; logout clears the key', async () => {
    const { client, calls, replyJson } = recordingClient('OLD');
    replyJson({ id: 'D', authKey: 'FROM_ACCOUNT' });
    await client.user.getAccountInfo();
    expect(client.getAuthKey()).toBe('FROM_ACCOUNT');
    replyJson({ success: true });
    await client.user.logout();
    expect(client.getAuthKey()).toBeUndefined();
    await client.apps.getApps();
    expect(calls[2].headers).toEqual({});
  });

  it('a failed logout keeps the key', async () => {
    const { client, reply } = recordingClient('K');
    reply({ status: 500, body: { code: 'INTERNAL', message: 'boom' } });
    await expect(client.user.logout()).rejects.toMatchObject({ message: 'boom', status: 500, code: 'INTERNAL' });
    expect(client.getAuthKey()).toBe('K');
  });
});
