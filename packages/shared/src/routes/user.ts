import { Type } from '@sinclair/typebox';
import { defineRoute } from '../route.js';

const Email = Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' });
const Password = Type.String({ minLength: 8, maxLength: 256 });

/** Developer account routes (`user` group of the reference client). */
export const userRoutes = {
  getAccountInfo: defineRoute({ name: 'user.getAccountInfo', method: 'GET', path: '/console/home/myaccount', auth: 'developer' }),
  register: defineRoute({
    name: 'user.register', method: 'POST', path: '/console/devreg', auth: 'public',
    body: Type.Object({ email: Email, password: Password, name: Type.Optional(Type.String({ maxLength: 200 })) }),
  }),
  suicide: defineRoute({ name: 'user.suicide', method: 'DELETE', path: '/console/developer-suicide', auth: 'developer' }),
  login: defineRoute({
    name: 'user.login', method: 'POST', path: '/console/home/login', auth: 'public',
    body: Type.Object({ login: Type.String({ minLength: 1, maxLength: 254 }), password: Type.String({ minLength: 1, maxLength: 256 }) }),
  }),
  loginWithTOTP: defineRoute({
    name: 'user.loginWithTOTP', method: 'POST', path: '/console/home/otp-login', auth: 'public',
    body: Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 200 }), otpCode: Type.Union([Type.String({ maxLength: 20 }), Type.Number()]) }),
  }),
  loginWithRecoveryCode: defineRoute({
    name: 'user.loginWithRecoveryCode', method: 'POST', path: '/console/home/otp-login/recovery-code', auth: 'public',
    body: Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 200 }), recoveryCode: Type.String({ minLength: 1, maxLength: 40 }) }),
    summary: 'Basalt addition: the code step of sign-in with a one-time recovery code instead of the authenticator',
  }),
  cloudLogin: defineRoute({
    name: 'user.cloudLogin', method: 'POST', path: '/console/home/cloud/login', auth: 'public',
    body: Type.Object({ login: Type.String({ minLength: 1, maxLength: 254 }), password: Type.String({ minLength: 1, maxLength: 256 }) }),
  }),
  cloudLoginWithTOTP: defineRoute({
    name: 'user.cloudLoginWithTOTP', method: 'POST', path: '/console/home/cloud/otp-login', auth: 'public',
    body: Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 200 }), otpCode: Type.Union([Type.String({ maxLength: 20 }), Type.Number()]) }),
  }),
  loginSocial: defineRoute({ name: 'user.loginSocial', method: 'GET', path: '/console/social/oauth/:type/request_url', auth: 'public' }),
  logout: defineRoute({ name: 'user.logout', method: 'DELETE', path: '/console/home/logout', auth: 'developer' }),
  restorePassword: defineRoute({ name: 'user.restorePassword', method: 'POST', path: '/console/restorepassword', auth: 'public' }),
  resetPassword: defineRoute({
    name: 'user.resetPassword', method: 'POST', path: '/console/restorepassword/confirm', auth: 'public',
    body: Type.Object({ token: Type.String({ minLength: 10, maxLength: 200 }), password: Password }),
    summary: 'Basalt addition: finishes a password restore with the token from the mail',
  }),
  resendConfirmEmail: defineRoute({ name: 'user.resendConfirmEmail', method: 'GET', path: '/console/resend', auth: 'public' }),
  confirmEmail: defineRoute({
    name: 'user.confirmEmail', method: 'POST', path: '/console/confirm-email', auth: 'public',
    body: Type.Object({ token: Type.String({ minLength: 10, maxLength: 200 }) }),
    summary: 'Basalt addition: confirms an email address with the token from the mail',
  }),
  updateProfile: defineRoute({
    name: 'user.updateProfile', method: 'PUT', path: '/console/home/myaccount/', auth: 'developer',
    body: Type.Object({ name: Type.Optional(Type.String({ maxLength: 200 })), email: Type.Optional(Email) }),
  }),
  registerAndJoinAppTeam: defineRoute({ name: 'user.registerAndJoinAppTeam', method: 'POST', path: '/:appId/console/activatedev', auth: 'public' }),
  getPermissions: defineRoute({ name: 'user.getPermissions', method: 'GET', path: '/:appId/console/my-permissions', auth: 'developer' }),
  get2FAState: defineRoute({ name: 'user.get2FAState', method: 'GET', path: '/console/developer/login/2fa', auth: 'developer' }),
  update2FAState: defineRoute({
    name: 'user.update2FAState', method: 'PUT', path: '/console/developer/login/2fa', auth: 'developer',
    body: Type.Object({ enabled: Type.Boolean(), otpCode: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Number()])) }),
  }),
  regenerateRecoveryCodes: defineRoute({
    name: 'user.regenerateRecoveryCodes', method: 'POST', path: '/console/developer/login/2fa/recovery-codes', auth: 'developer',
    body: Type.Object({ password: Type.Optional(Type.String({ maxLength: 256 })), otpCode: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Number()])) }),
    summary: 'Basalt addition: a new set of ten recovery codes (the old ones stop working); needs the password or a current code',
  }),
  confirm2FA: defineRoute({
    name: 'user.confirm2FA', method: 'POST', path: '/console/developer/login/2fa/confirm', auth: 'developer',
    body: Type.Object({ otpCode: Type.Union([Type.String({ maxLength: 20 }), Type.Number()]) }),
    summary: 'Basalt addition: proves the authenticator works before 2FA is switched on',
  }),
  registerAndJoinWorkspace: defineRoute({ name: 'user.registerAndJoinWorkspace', method: 'POST', path: '/console/automation/management/:workspaceId/activatedev', auth: 'public', summary: 'Joins a flows workspace (automation area)' }),
  loginToDiscourse: defineRoute({ name: 'user.loginToDiscourse', method: 'POST', path: '/console/discourse/sso', auth: 'developer', summary: 'Community forum single sign-on' }),
  completeStripeConnection: defineRoute({ name: 'user.completeStripeConnection', method: 'POST', path: '/console/community/marketplace/stripe-connect/auth', auth: 'developer', summary: 'Marketplace payout account connection' }),
  getStripeConnectToken: defineRoute({ name: 'user.getStripeConnectToken', method: 'GET', path: '/console/community/marketplace/stripe-connect/token', auth: 'developer' }),
  getStripeConnectAccountId: defineRoute({ name: 'user.getStripeConnectAccountId', method: 'GET', path: '/console/developer/stripe-connect', auth: 'developer' }),
  setStripeConnectAccountId: defineRoute({ name: 'user.setStripeConnectAccountId', method: 'PUT', path: '/console/developer/stripe-connect', auth: 'developer' }),
  changePassword: defineRoute({
    name: 'user.changePassword', method: 'POST', path: '/console/passwordchange', auth: 'developer',
    body: Type.Object({ id: Type.Optional(Type.String({ maxLength: 256 })), password: Password, currentPassword: Type.Optional(Type.String({ maxLength: 256 })) }),
  }),
};

/** The developer's own account, as `GET /console/home/myaccount` answers it. */
export interface DeveloperAccount {
  id: string;
  email: string;
  name: string;
  authKey: string;
  emailConfirmed: boolean;
  twoFactorEnabled: boolean;
  created: number;
}

/** Login answer when two-factor login is on: the code step must follow. */
export interface OtpPending {
  otpCreated: true;
  sessionId: string;
}

export interface TwoFactorState {
  enabled: boolean;
  /** Present only while enrolling (after `update2FAState(true)`, before confirmation). */
  secret?: string;
  otpauthUri?: string;
  /** True after `update2FAState(true)` until the first code is confirmed. */
  pendingConfirmation?: boolean;
  /** Recovery codes not used yet (once 2FA is confirmed). */
  recoveryCodesLeft?: number;
  /** The ten recovery codes, in the answer of `confirm2FA` only: they are never readable again. */
  recoveryCodes?: string[];
}

/** Answer of `regenerateRecoveryCodes`. */
export interface RecoveryCodesAnswer {
  recoveryCodes: string[];
  recoveryCodesLeft: number;
}
