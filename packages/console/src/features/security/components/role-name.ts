/** The server's rule for role names: letters, digits, space, _ . - ; starting with a letter or digit. */
const ROLE_NAME = /^[A-Za-z0-9][A-Za-z0-9 _.-]*$/;

export function roleNameError(name: string): string | undefined {
  const v = name.trim();
  if (!v) return 'Enter a name';
  if (v.length > 100) return 'Use at most 100 characters';
  if (!ROLE_NAME.test(v)) return 'Use letters, digits, spaces, _ . and -; start with a letter or digit';
  return undefined;
}
