import { Type, type Static } from '@sinclair/typebox';
import { defineRoute } from '../route.js';
import { SuccessSchema, NotBuiltSchema } from '../schemas.js';

const Email = Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+$' });
const Password = Type.String({ minLength: 8, maxLength: 256 });

/** The developer's own account, as `GET /console/home/myaccount` answers it. */
export const DeveloperAccountSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  name: Type.String(),
  authKey: Type.String(),
  emailConfirmed: Type.Boolean(),
  twoFactorEnabled: Type.Boolean(),
  created: Type.Number(),
});
export type DeveloperAccount = Static<typeof DeveloperAccountSchema>;

/** A new account: the account without its key (sign-in is a separate step). */
const NewAccountSchema = Type.Omit(DeveloperAccountSchema, ['authKey']);

/** Login answer when two-factor login is on: the code step must follow. */
export const OtpPendingSchema = Type.Object({ otpCreated: Type.Literal(true), sessionId: Type.String() });
export type OtpPending = Static<typeof OtpPendingSchema>;

export const TwoFactorStateSchema = Type.Object({
  enabled: Type.Boolean(),
  /** Present only while enrolling (after `update2FAState(true)`, before confirmation). */
  secret: Type.Optional(Type.String()),
  otpauthUri: Type.Optional(Type.String()),
  /** True after `update2FAState(true)` until the first code is confirmed. */
  pendingConfirmation: Type.Optional(Type.Boolean()),
  /** Recovery codes not used yet (once 2FA is confirmed). */
  recoveryCodesLeft: Type.Optional(Type.Integer()),
  /** The ten recovery codes, in the answer of `confirm2FA` only: they are never readable again. */
  recoveryCodes: Type.Optional(Type.Array(Type.String())),
});
export type TwoFactorState = Static<typeof TwoFactorStateSchema>;

/** Answer of `regenerateRecoveryCodes`. */
export const RecoveryCodesAnswerSchema = Type.Object({
  recoveryCodes: Type.Array(Type.String()),
  recoveryCodesLeft: Type.Integer(),
});
export type RecoveryCodesAnswer = Static<typeof RecoveryCodesAnswerSchema>;

/** Each developer operation and whether the caller may perform it in the app. */
export const DevPermissionListSchema = Type.Array(
  Type.Object({ operation: Type.Integer(), access: Type.Union([Type.Literal('GRANT'), Type.Literal('DENY')]) }),
);

const OtpCode = Type.Union([Type.String({ maxLength: 20 }), Type.Number()]);
const SuccessMessageSchema = Type.Object({ success: Type.Boolean(), message: Type.String() });

/** Developer account routes (`user` group of the reference client). */
export const userRoutes = {
  getAccountInfo: defineRoute({
    name: 'user.getAccountInfo',
    response: DeveloperAccountSchema,
    method: 'GET',
    path: '/console/home/myaccount',
    auth: 'developer',
  }),
  register: defineRoute({
    name: 'user.register',
    response: NewAccountSchema,
    method: 'POST',
    path: '/console/devreg',
    auth: 'public',
    body: Type.Object({
      email: Email,
      password: Password,
      name: Type.Optional(Type.String({ maxLength: 200 })),
      /** The invitation an invite-only instance needs (decision 0083). */
      inviteId: Type.Optional(Type.String({ maxLength: 100 })),
    }),
  }),
  suicide: defineRoute({
    name: 'user.suicide',
    response: SuccessSchema,
    method: 'DELETE',
    path: '/console/developer-suicide',
    auth: 'developer',
  }),
  login: defineRoute({
    name: 'user.login',
    response: Type.Union([OtpPendingSchema, DeveloperAccountSchema]),
    method: 'POST',
    path: '/console/home/login',
    auth: 'public',
    body: Type.Object({
      login: Type.String({ minLength: 1, maxLength: 254 }),
      password: Type.String({ minLength: 1, maxLength: 256 }),
    }),
  }),
  loginWithTOTP: defineRoute({
    name: 'user.loginWithTOTP',
    response: DeveloperAccountSchema,
    method: 'POST',
    path: '/console/home/otp-login',
    auth: 'public',
    body: Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 200 }), otpCode: OtpCode }),
  }),
  loginWithRecoveryCode: defineRoute({
    name: 'user.loginWithRecoveryCode',
    response: DeveloperAccountSchema,
    method: 'POST',
    path: '/console/home/otp-login/recovery-code',
    auth: 'public',
    body: Type.Object({
      sessionId: Type.String({ minLength: 1, maxLength: 200 }),
      recoveryCode: Type.String({ minLength: 1, maxLength: 40 }),
    }),
    summary: 'Basalt addition: the code step of sign-in with a one-time recovery code instead of the authenticator',
  }),
  cloudLogin: defineRoute({
    name: 'user.cloudLogin',
    response: Type.Union([OtpPendingSchema, DeveloperAccountSchema]),
    method: 'POST',
    path: '/console/home/cloud/login',
    auth: 'public',
    body: Type.Object({
      login: Type.String({ minLength: 1, maxLength: 254 }),
      password: Type.String({ minLength: 1, maxLength: 256 }),
    }),
  }),
  cloudLoginWithTOTP: defineRoute({
    name: 'user.cloudLoginWithTOTP',
    response: DeveloperAccountSchema,
    method: 'POST',
    path: '/console/home/cloud/otp-login',
    auth: 'public',
    body: Type.Object({ sessionId: Type.String({ minLength: 1, maxLength: 200 }), otpCode: OtpCode }),
  }),
  loginSocial: defineRoute({
    name: 'user.loginSocial',
    response: NotBuiltSchema,
    method: 'GET',
    path: '/console/social/oauth/:type/request_url',
    auth: 'public',
  }),
  logout: defineRoute({
    name: 'user.logout',
    response: SuccessSchema,
    method: 'DELETE',
    path: '/console/home/logout',
    auth: 'developer',
  }),
  restorePassword: defineRoute({
    name: 'user.restorePassword',
    response: SuccessMessageSchema,
    method: 'POST',
    path: '/console/restorepassword',
    auth: 'public',
    // The reference client sends `email=` as a form; a JSON body or the form text as text/plain work too.
    body: Type.Union([
      Type.Null(),
      Type.Object({ email: Type.Optional(Type.String({ maxLength: 254 })) }),
      Type.String({ maxLength: 1000 }),
    ]),
  }),
  resetPassword: defineRoute({
    name: 'user.resetPassword',
    response: SuccessSchema,
    method: 'POST',
    path: '/console/restorepassword/confirm',
    auth: 'public',
    body: Type.Object({ token: Type.String({ minLength: 10, maxLength: 200 }), password: Password }),
    summary: 'Basalt addition: finishes a password restore with the token from the mail',
  }),
  resendConfirmEmail: defineRoute({
    name: 'user.resendConfirmEmail',
    response: SuccessSchema,
    method: 'GET',
    path: '/console/resend',
    auth: 'public',
    query: Type.Object({ email: Type.Optional(Type.String({ maxLength: 254 })) }),
  }),
  confirmEmail: defineRoute({
    name: 'user.confirmEmail',
    response: SuccessSchema,
    method: 'POST',
    path: '/console/confirm-email',
    auth: 'public',
    body: Type.Object({ token: Type.String({ minLength: 10, maxLength: 200 }) }),
    summary: 'Basalt addition: confirms an email address with the token from the mail',
  }),
  updateProfile: defineRoute({
    name: 'user.updateProfile',
    response: DeveloperAccountSchema,
    method: 'PUT',
    path: '/console/home/myaccount/',
    auth: 'developer',
    body: Type.Object({ name: Type.Optional(Type.String({ maxLength: 200 })), email: Type.Optional(Email) }),
  }),
  registerAndJoinAppTeam: defineRoute({
    name: 'user.registerAndJoinAppTeam',
    response: DeveloperAccountSchema,
    method: 'POST',
    path: '/:appId/console/activatedev',
    auth: 'public',
    query: Type.Object({ 'confirmation-code': Type.Optional(Type.String({ maxLength: 200 })) }),
    // Checked in the handler, which names the field in its message.
    body: Type.Union([
      Type.Null(),
      Type.Object({ password: Type.Optional(Type.Unknown()), name: Type.Optional(Type.Unknown()) }),
      Type.String(),
    ]),
  }),
  getPermissions: defineRoute({
    name: 'user.getPermissions',
    response: DevPermissionListSchema,
    method: 'GET',
    path: '/:appId/console/my-permissions',
    auth: 'developer',
  }),
  get2FAState: defineRoute({
    name: 'user.get2FAState',
    response: TwoFactorStateSchema,
    method: 'GET',
    path: '/console/developer/login/2fa',
    auth: 'developer',
  }),
  update2FAState: defineRoute({
    name: 'user.update2FAState',
    response: TwoFactorStateSchema,
    method: 'PUT',
    path: '/console/developer/login/2fa',
    auth: 'developer',
    body: Type.Object({ enabled: Type.Boolean(), otpCode: Type.Optional(OtpCode) }),
  }),
  regenerateRecoveryCodes: defineRoute({
    name: 'user.regenerateRecoveryCodes',
    response: RecoveryCodesAnswerSchema,
    method: 'POST',
    path: '/console/developer/login/2fa/recovery-codes',
    auth: 'developer',
    body: Type.Object({ password: Type.Optional(Type.String({ maxLength: 256 })), otpCode: Type.Optional(OtpCode) }),
    summary:
      'Basalt addition: a new set of ten recovery codes (the old ones stop working); needs the password or a current code',
  }),
  confirm2FA: defineRoute({
    name: 'user.confirm2FA',
    response: TwoFactorStateSchema,
    method: 'POST',
    path: '/console/developer/login/2fa/confirm',
    auth: 'developer',
    body: Type.Object({ otpCode: OtpCode }),
    summary: 'Basalt addition: proves the authenticator works before 2FA is switched on',
  }),
  registerAndJoinWorkspace: defineRoute({
    name: 'user.registerAndJoinWorkspace',
    response: NotBuiltSchema,
    method: 'POST',
    path: '/console/automation/management/:workspaceId/activatedev',
    auth: 'public',
    summary: 'Joins a flows workspace (automation area)',
  }),
  loginToDiscourse: defineRoute({
    name: 'user.loginToDiscourse',
    response: NotBuiltSchema,
    method: 'POST',
    path: '/console/discourse/sso',
    auth: 'developer',
    summary: 'Community forum single sign-on',
  }),
  completeStripeConnection: defineRoute({
    name: 'user.completeStripeConnection',
    response: NotBuiltSchema,
    method: 'POST',
    path: '/console/community/marketplace/stripe-connect/auth',
    auth: 'developer',
    summary: 'Marketplace payout account connection',
  }),
  getStripeConnectToken: defineRoute({
    name: 'user.getStripeConnectToken',
    response: NotBuiltSchema,
    method: 'GET',
    path: '/console/community/marketplace/stripe-connect/token',
    auth: 'developer',
  }),
  getStripeConnectAccountId: defineRoute({
    name: 'user.getStripeConnectAccountId',
    response: NotBuiltSchema,
    method: 'GET',
    path: '/console/developer/stripe-connect',
    auth: 'developer',
  }),
  setStripeConnectAccountId: defineRoute({
    name: 'user.setStripeConnectAccountId',
    response: NotBuiltSchema,
    method: 'PUT',
    path: '/console/developer/stripe-connect',
    auth: 'developer',
  }),
  changePassword: defineRoute({
    name: 'user.changePassword',
    response: SuccessSchema,
    method: 'POST',
    path: '/console/passwordchange',
    auth: 'developer',
    body: Type.Object({
      id: Type.Optional(Type.String({ maxLength: 256 })),
      password: Password,
      currentPassword: Type.Optional(Type.String({ maxLength: 256 })),
    }),
  }),
};
