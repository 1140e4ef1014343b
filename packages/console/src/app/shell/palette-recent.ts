/**
 * Palette items chosen lately, newest first, kept in localStorage so they lead the palette after a
 * reload. Only ids are kept: labels and targets come from the current lists, so a renamed or
 * deleted table never shows a stale entry.
 */
const KEY = 'basalt.palette.recent';
const MAX = 8;

export function recentIds(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, MAX) : [];
  } catch {
    return [];
  }
}

export function rememberRecent(id: string): string[] {
  const next = [id, ...recentIds().filter((x) => x !== id)].slice(0, MAX);
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the palette still works, it only forgets.
  }
  return next;
}
