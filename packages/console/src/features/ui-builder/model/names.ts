import { UI_NAME_PATTERN } from './schema';

/** What to change about a container, page or layout name, or null when the server takes it. */
export function validateUiName(name: string, taken: readonly string[] = []): string | null {
  const n = name.trim();
  if (!n) return 'Give it a name';
  if (n.length > 50) return 'Use at most 50 characters';
  if (!UI_NAME_PATTERN.test(n)) return "Start with a letter or digit; then use letters, digits, '_' or '-'";
  if (taken.includes(n)) return `${n} already exists`;
  return null;
}
