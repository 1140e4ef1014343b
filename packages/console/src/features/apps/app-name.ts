// Mirrors AppNameSchema in @basalt/shared, worded as what to do.
export function validateAppName(value: string): string | null {
  const name = value.trim();
  if (!name) return 'Give the app a name';
  if (name.length > 64) return 'Use at most 64 characters';
  if (!/^[A-Za-z0-9][A-Za-z0-9 _.-]*$/.test(name))
    return 'Use letters, digits, spaces, _ . or -, and start with a letter or digit';
  return null;
}
