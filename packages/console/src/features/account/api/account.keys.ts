/** Query keys of the developer's own account (shared by every app). */
export const accountKeys = {
  all: ['user'] as const,
  accountInfo: () => [...accountKeys.all, 'accountInfo'] as const,
  twoFactor: () => [...accountKeys.all, '2fa'] as const,
};
