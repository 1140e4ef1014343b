import { ON_2_57, describeParity, fail, raw } from './parity.test-helpers.js';

const A = 'test-app-id';
const W = 'test-workspace-id';
/** A 200 answer carrying an `auth-key` header, as the server answers sign-ins. */
const withKey = (value: unknown) => raw(JSON.stringify(value), 200, { 'auth-key': 'test-auth-key' });
const r = withKey({ id: 'test-id', name: 'test-user' });
const u = (api: any) => api.user;
const member = { name: 'Test User', email: 'test@example.com', password: 'password123' };

/** The call, then the key the client sends from then on (read from a follow-up request). */
const keyAfter = async (api: any, run: (api: any) => Promise<unknown>) => {
  const answer = await run(api);
  await api.user.get2FAState();
  return answer;
};

describeParity('user', [
  ['getAccountInfo', (api) => u(api).getAccountInfo(), [r]],
  ['getAccountInfo with a key of its own', (api) => u(api).getAccountInfo('test-auth-key'), [r]],
  ['getAccountInfo refused', (api) => u(api).getAccountInfo(), [fail('Unauthorized', 401)]],
  [
    'register',
    (api) => u(api).register({ email: 'test@example.com', password: 'password123', name: 'Test User' }),
    [r],
  ],
  [
    'register refused',
    (api) => u(api).register({ email: 'duplicate@example.com' }),
    [fail('Email already exists', 409)],
  ],
  ['suicide', (api) => u(api).suicide(), [r]],
  ['suicide refused', (api) => u(api).suicide(), [fail('Account deletion failed', 500)]],
  [
    'login answers the account with the key and sends it from then on',
    (api) => keyAfter(api, (a) => a.user.login('test@example.com', 'password123')),
    [withKey({ name: 'Test User', email: 'test@example.com' })],
  ],
  [
    'login that needs a one-time code answers the body only',
    (api) => keyAfter(api, (a) => a.user.login('test@example.com', 'password123')),
    [withKey({ otpCreated: true, sessionId: 'session-123' })],
  ],
  ['login refused', (api) => u(api).login('test@example.com', 'wrongpassword'), [fail('Invalid credentials', 401)]],
  [
    'loginWithTOTP',
    (api) => keyAfter(api, (a) => a.user.loginWithTOTP({ sessionId: 'session-123', otpCode: '123456' })),
    [withKey({ name: 'Test User', email: 'test@example.com' })],
  ],
  [
    'loginWithTOTP refused',
    (api) => u(api).loginWithTOTP({ sessionId: 'session-123', otpCode: '000000' }),
    [fail('Invalid OTP code', 401)],
  ],
  [
    'cloudLogin',
    (api) => keyAfter(api, (a) => a.user.cloudLogin('test@example.com', 'password123')),
    [withKey({ name: 'Test User', email: 'test@example.com' })],
  ],
  [
    'cloudLogin that needs a one-time code',
    (api) => u(api).cloudLogin('test@example.com', 'password123'),
    [withKey({ otpCreated: true, sessionId: 'cloud-session-123' })],
  ],
  [
    'cloudLogin refused',
    (api) => u(api).cloudLogin('test@example.com', 'wrongpassword'),
    [fail('Invalid credentials', 401)],
  ],
  [
    'cloudLoginWithTOTP',
    (api) => keyAfter(api, (a) => a.user.cloudLoginWithTOTP({ sessionId: 'cloud-session-123', otpCode: '654321' })),
    [withKey({ name: 'Test User', email: 'test@example.com' })],
  ],
  [
    'cloudLoginWithTOTP refused',
    (api) => u(api).cloudLoginWithTOTP({ sessionId: 'cloud-session-123', otpCode: '000000' }),
    [fail('Invalid OTP code', 401)],
  ],
  ['loginSocial', (api) => u(api).loginSocial('google'), [r]],
  ['loginSocial of another provider', (api) => u(api).loginSocial('facebook'), [r]],
  ['loginSocial refused', (api) => u(api).loginSocial('invalid-provider'), [fail('Provider not found', 404)]],
  ['logout answers nothing', (api) => u(api).logout(), [r]],
  ['logout refused', (api) => u(api).logout(), [fail('Logout failed', 500)]],
  ['restorePassword sends a form body', (api) => u(api).restorePassword('test@example.com'), [r]],
  ['restorePassword encodes the address', (api) => u(api).restorePassword('test+user@example.com'), [r]],
  [
    'restorePassword refused',
    (api) => u(api).restorePassword('nonexistent@example.com'),
    [fail('Email not found', 404)],
  ],
  ['resendConfirmEmail', (api) => u(api).resendConfirmEmail('test@example.com'), [r]],
  [
    'resendConfirmEmail refused',
    (api) => u(api).resendConfirmEmail('test@example.com'),
    [fail('Email already confirmed', 400)],
  ],
  [
    'updateProfile',
    (api) => u(api).updateProfile({ name: 'Updated Name', company: 'New Company', timezone: 'UTC' }),
    [r],
  ],
  ['updateProfile refused', (api) => u(api).updateProfile({ name: '' }), [fail('Profile update failed', 422)]],
  [
    'registerAndJoinAppTeam',
    (api) => keyAfter(api, (a) => a.user.registerAndJoinAppTeam(A, 'confirm-123', member)),
    [withKey({ name: 'Test User', email: 'test@example.com' })],
  ],
  [
    'registerAndJoinAppTeam refused',
    (api) => u(api).registerAndJoinAppTeam(A, 'invalid-code', { email: 'test@example.com' }),
    [fail('Invalid confirmation code', 400)],
  ],
  [
    'registerAndJoinWorkspace',
    (api) => keyAfter(api, (a) => a.user.registerAndJoinWorkspace(W, 'workspace-confirm-123', member)),
    [withKey({ name: 'Test User', email: 'test@example.com' })],
    ON_2_57,
  ],
  [
    'registerAndJoinWorkspace refused',
    (api) => u(api).registerAndJoinWorkspace(W, 'invalid-code', { email: 'test@example.com' }),
    [fail('Invalid workspace confirmation code', 400)],
    ON_2_57,
  ],
  ['loginToDiscourse', (api) => u(api).loginToDiscourse('testuser', 'signature123', 'sso-token-data'), [r]],
  [
    'loginToDiscourse refused',
    (api) => u(api).loginToDiscourse('user', 'invalid-sig', 'sso'),
    [fail('Invalid SSO data', 401)],
  ],
  ['getPermissions', (api) => u(api).getPermissions(A), [r]],
  ['getPermissions refused', (api) => u(api).getPermissions(A), [fail('Access denied', 403)]],
  [
    'completeStripeConnection',
    (api) => u(api).completeStripeConnection({ code: 'stripe-auth-code', state: 'state-token' }),
    [r],
  ],
  [
    'completeStripeConnection refused',
    (api) => u(api).completeStripeConnection({ code: 'invalid-code' }),
    [fail('Stripe connection failed', 400)],
  ],
  ['getStripeConnectToken', (api) => u(api).getStripeConnectToken(), [r]],
  ['getStripeConnectToken refused', (api) => u(api).getStripeConnectToken(), [fail('Token generation failed', 500)]],
  ['getStripeConnectAccountId', (api) => u(api).getStripeConnectAccountId(), [r]],
  ['getStripeConnectAccountId refused', (api) => u(api).getStripeConnectAccountId(), [fail('Account not found', 404)]],
  ['setStripeConnectAccountId', (api) => u(api).setStripeConnectAccountId({ accountId: 'acct_1234567890' }), [r]],
  [
    'setStripeConnectAccountId refused',
    (api) => u(api).setStripeConnectAccountId({ accountId: 'invalid' }),
    [fail('Invalid account ID', 400)],
  ],
  ['get2FAState', (api) => u(api).get2FAState(), [r]],
  ['get2FAState refused', (api) => u(api).get2FAState(), [fail('2FA state unavailable', 500)]],
  ['update2FAState on', (api) => u(api).update2FAState(true), [r]],
  ['update2FAState off', (api) => u(api).update2FAState(false), [r]],
  ['update2FAState refused', (api) => u(api).update2FAState(true), [fail('2FA update failed', 500)]],
  ['changePassword', (api) => u(api).changePassword('user-123', 'newpassword123'), [r]],
  ['changePassword refused', (api) => u(api).changePassword('user-123', 'weak'), [fail('Password change failed', 400)]],
]);
