/** What the sign-in area offers the rest of the console. */
export { validateEmail, validateNewPassword } from './auth.validation';
export { useResendConfirmEmail } from './api/auth.queries';
export { logoutOnServer } from './api/auth.queries';
