import {
  Routes,
  type DeveloperAccount,
  type OtpPending,
  type RecoveryCodesAnswer,
  type TwoFactorState,
} from '@basalt/shared';
import type { BodyOf, Open, ResponseOf } from '@basalt/shared';
import type { RequestSpec } from '../transport/transport.js';
import type { Transport } from '../transport/transport.js';
import { encodeForm } from '../transport/encode.js';
import { isRecord } from '../transport/errors.js';
import { AUTH_COOKIE, deleteCookie, keyFromResponse } from './auth-key.js';
import type { GroupContext } from './group-context.js';

const r = Routes.user;

/** Sign-up data: email and password are required; other fields are passed through. */
export type RegisterData = Open<BodyOf<typeof r.register>>;

/** Second step of a two-factor sign-in. */
export type TotpAuthData = BodyOf<typeof r.loginWithTOTP>;

/** Answer of a password sign-in: the account with its key, or the pending code step. */
export type LoginAnswer = DeveloperAccount | OtpPending;

/** Editable profile fields. */
export type ProfileUpdate = BodyOf<typeof r.updateProfile>;

/** True when a sign-in answer asks for the second factor. */
export function isOtpPending(answer: LoginAnswer): answer is OtpPending {
  return isRecord(answer) && !!(answer as { otpCreated?: unknown }).otpCreated;
}

/** Developer account (`user` group of the reference client). */
export function createUserGroup({ request, context }: GroupContext) {
  /**
   * Sends a sign-in request; unless the answer is the pending code step, stores the returned key
   * as the client's key and answers the body with `authKey` set.
   */
  async function signIn<T>(spec: RequestSpec, channel: Transport = request): Promise<T> {
    const res = await channel.sendFull<unknown>(spec);
    if (isRecord(res.body) && res.body.otpCreated) return res.body as T;
    const authKey = keyFromResponse(res);
    context.authKey = authKey;
    return { ...(isRecord(res.body) ? res.body : {}), authKey } as T;
  }

  return {
    /**
     * The signed-in developer's account. `authKey` overrides the client's key for this call; on
     * success the answer's `authKey` becomes the client's key.
     */
    async getAccountInfo(authKey?: string): Promise<DeveloperAccount> {
      const account: DeveloperAccount = await request.route(
        r.getAccountInfo,
        [],
        authKey ? { headers: { 'auth-key': authKey } } : {},
      );
      context.authKey = isRecord(account) ? account.authKey : undefined;
      return account;
    },

    /** Creates a developer account (sign-in is a separate step). */
    register(userData: RegisterData): Promise<Omit<DeveloperAccount, 'authKey'>> {
      return request.route(r.register, [], { body: userData });
    },

    /** Deletes the signed-in developer's account and the applications it owns. */
    suicide(): Promise<ResponseOf<typeof r.suicide>> {
      return request.route(r.suicide);
    },

    /** Password sign-in. Answers `{ otpCreated, sessionId }` when the code step must follow. */
    login(login: string, password: string): Promise<LoginAnswer> {
      return signIn(request.routeSpec(r.login, [], { body: { login, password } }));
    },

    /** Code step of a two-factor sign-in. */
    loginWithTOTP(authData: TotpAuthData): Promise<DeveloperAccount> {
      return signIn(request.routeSpec(r.loginWithTOTP, [], { body: authData }));
    },

    /** Basalt addition: code step of a two-factor sign-in with a one-time recovery code. */
    loginWithRecoveryCode(sessionId: string, recoveryCode: string): Promise<DeveloperAccount> {
      return signIn(request.routeSpec(r.loginWithRecoveryCode, [], { body: { sessionId, recoveryCode } }));
    },

    /** `login` on the cloud route. */
    cloudLogin(login: string, password: string): Promise<LoginAnswer> {
      return signIn(request.routeSpec(r.cloudLogin, [], { body: { login, password } }));
    },

    /** `loginWithTOTP` on the cloud route. */
    cloudLoginWithTOTP(authData: TotpAuthData): Promise<DeveloperAccount> {
      return signIn(request.routeSpec(r.cloudLoginWithTOTP, [], { body: authData }));
    },

    /** Redirect URL of a social sign-in provider (not available yet: 501). */
    loginSocial(type: string): Promise<ResponseOf<typeof r.loginSocial>> {
      return request.route(r.loginSocial, [type]);
    },

    /** Ends the session: the key stops working and the client forgets it (answers nothing). */
    async logout(): Promise<void> {
      await request.route(r.logout);
      context.authKey = undefined;
      deleteCookie(AUTH_COOKIE);
    },

    /** Mails a password-reset link (the answer never tells whether the email exists). */
    restorePassword(email: string): Promise<ResponseOf<typeof r.restorePassword>> {
      return request.route(r.restorePassword, [], {
        body: encodeForm({ email }),
        contentType: 'application/x-www-form-urlencoded; charset=UTF-8',
      });
    },

    /** Basalt addition: sets a new password with the token of the reset mail. */
    resetPassword(token: string, password: string): Promise<ResponseOf<typeof r.resetPassword>> {
      return request.route(r.resetPassword, [], { body: { token, password } });
    },

    /** Sends the email-confirmation mail again. */
    resendConfirmEmail(email: string): Promise<ResponseOf<typeof r.resendConfirmEmail>> {
      return request.route(r.resendConfirmEmail, [], { query: { email } });
    },

    /** Basalt addition: confirms the email address with the token of the confirmation mail. */
    confirmEmail(token: string): Promise<ResponseOf<typeof r.confirmEmail>> {
      return request.route(r.confirmEmail, [], { body: { token } });
    },

    /** Updates name or email (a new email must be confirmed again). */
    updateProfile(profile: ProfileUpdate): Promise<DeveloperAccount> {
      return request.route(r.updateProfile, [], { body: profile });
    },

    /** Signs up through an app-team invitation and signs in. */
    registerAndJoinAppTeam(appId: string, confirmationCode: string, userData: RegisterData): Promise<DeveloperAccount> {
      return signIn(
        request.routeSpec(r.registerAndJoinAppTeam, [appId], {
          query: { 'confirmation-code': confirmationCode },
          body: userData,
        }),
      );
    },

    /** Signs up through a workspace invitation (automation service) and signs in. */
    registerAndJoinWorkspace(
      workspaceId: string,
      confirmationCode: string,
      userData: RegisterData,
    ): Promise<DeveloperAccount> {
      const spec = request.automation.routeSpec(r.registerAndJoinWorkspace, [workspaceId], {
        query: { 'confirmation-code': confirmationCode },
        body: userData,
      });
      return signIn(spec, request.automation);
    },

    /** Single sign-on into the community forum. */
    loginToDiscourse(user: unknown, sig: string, sso: string): Promise<unknown> {
      return request.route(r.loginToDiscourse, [], { body: { user, sig, sso } });
    },

    /** The signed-in developer's permissions in one application. */
    getPermissions(appId: string): Promise<ResponseOf<typeof r.getPermissions>> {
      return request.route(r.getPermissions, [appId]);
    },

    /** Finishes connecting a payout account for marketplace sales. */
    completeStripeConnection(data: Record<string, unknown>): Promise<unknown> {
      return request.route(r.completeStripeConnection, [], { body: data });
    },

    /** Token that starts connecting a payout account. */
    getStripeConnectToken(): Promise<unknown> {
      return request.route(r.getStripeConnectToken);
    },

    /** The connected payout account. */
    getStripeConnectAccountId(): Promise<unknown> {
      return request.route(r.getStripeConnectAccountId);
    },

    /** Stores the connected payout account. */
    setStripeConnectAccountId(data: Record<string, unknown>): Promise<unknown> {
      return request.route(r.setStripeConnectAccountId, [], { body: data });
    },

    /** Whether two-factor sign-in is on (and whether enrolment waits for its first code). */
    get2FAState(): Promise<TwoFactorState> {
      return request.route(r.get2FAState);
    },

    /**
     * Turns two-factor sign-in on (the answer holds `secret` and `otpauthUri` for the
     * authenticator) or off. Basalt asks for a current `otpCode` to turn a confirmed 2FA off.
     */
    update2FAState(enabled: boolean, otpCode?: string | number): Promise<TwoFactorState> {
      return request.route(r.update2FAState, [], { body: { enabled, otpCode } });
    },

    /** Basalt addition: confirms enrolment with a first code from the authenticator. */
    confirm2FA(otpCode: string | number): Promise<TwoFactorState> {
      return request.route(r.confirm2FA, [], { body: { otpCode } });
    },

    /**
     * Basalt addition: a new set of ten recovery codes; the old ones stop working. Needs the
     * account password or a current authenticator code.
     */
    regenerateRecoveryCodes(proof: BodyOf<typeof r.regenerateRecoveryCodes>): Promise<RecoveryCodesAnswer> {
      return request.route(r.regenerateRecoveryCodes, [], { body: proof });
    },

    /**
     * Changes the password; other sessions end. `currentPassword` (Basalt addition) is checked
     * when given.
     */
    changePassword(
      id: string,
      password: string,
      currentPassword?: string,
    ): Promise<ResponseOf<typeof r.changePassword>> {
      return request.route(r.changePassword, [], { body: { id, password, currentPassword } });
    },
  };
}

/** The `user` group's methods. */
export type UserGroup = ReturnType<typeof createUserGroup>;
