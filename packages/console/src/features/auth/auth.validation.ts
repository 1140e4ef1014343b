// Same limits as the server's schema (packages/shared routes/user.ts), worded as what to do.
export function validateEmail(value: string): string | null {
  const v = value.trim();
  if (!v) return 'Enter your email address';
  if (v.length > 254 || !/^[^\s@]+@[^\s@]+$/.test(v)) return 'Enter an email address like name@example.com';
  return null;
}

export function validateNewPassword(value: string): string | null {
  if (value.length < 8) return 'Use at least 8 characters';
  if (value.length > 256) return 'Use at most 256 characters';
  return null;
}
