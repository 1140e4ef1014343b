import { useMutation } from '@tanstack/react-query';
import { getSdk } from '../../../lib/sdk';

export function useLogin() {
  return useMutation({
    meta: { publicCall: true, errorToast: false },
    mutationFn: (input: { login: string; password: string }) => getSdk().user.login(input.login, input.password),
  });
}

export function useLoginWithTOTP() {
  return useMutation({
    meta: { publicCall: true, errorToast: false },
    mutationFn: (input: { sessionId: string; otpCode: string }) => getSdk().user.loginWithTOTP(input),
  });
}

export function useLoginWithRecoveryCode() {
  return useMutation({
    meta: { publicCall: true, errorToast: false },
    mutationFn: (input: { sessionId: string; recoveryCode: string }) =>
      getSdk().user.loginWithRecoveryCode(input.sessionId, input.recoveryCode),
  });
}

export function useRegister() {
  return useMutation({
    meta: { publicCall: true, errorToast: false },
    mutationFn: (input: { email: string; password: string; name: string }) => getSdk().user.register(input),
  });
}

export function useRestorePassword() {
  return useMutation({
    meta: { publicCall: true, errorToast: false },
    mutationFn: (email: string) => getSdk().user.restorePassword(email),
  });
}

export function useResetPassword() {
  return useMutation({
    meta: { publicCall: true, errorToast: false },
    mutationFn: (input: { token: string; password: string }) =>
      getSdk().user.resetPassword(input.token, input.password),
  });
}

export function useConfirmEmail() {
  return useMutation({
    meta: { publicCall: true, errorToast: false },
    mutationFn: (token: string) => getSdk().user.confirmEmail(token),
  });
}

export function useResendConfirmEmail() {
  return useMutation({
    meta: { publicCall: true },
    mutationFn: (email: string) => getSdk().user.resendConfirmEmail(email),
  });
}

/** Accepts a team invitation: creates the account (or signs in an existing one) and joins the app. */
export function useRegisterAndJoinAppTeam() {
  return useMutation({
    meta: { publicCall: true, errorToast: false },
    mutationFn: (input: { appId: string; code: string; password: string; name: string }) =>
      // The invitation's code names the email; the server takes it from there.
      getSdk().user.registerAndJoinAppTeam(input.appId, input.code, {
        email: '',
        password: input.password,
        name: input.name,
      }),
  });
}

/** Ends the session on the server (sign-out); the caller drops the key whatever the answer. */
export function logoutOnServer(): Promise<unknown> {
  return getSdk().user.logout();
}
