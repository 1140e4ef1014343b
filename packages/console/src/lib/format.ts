const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDate(ms: number | undefined): string {
  return ms ? dateFormat.format(new Date(ms)) : '—';
}

export function formatDateTime(ms: number | undefined): string {
  return ms ? dateTimeFormat.format(new Date(ms)) : '—';
}

/** Two letters for an avatar: initials of the words, or the first two characters. */
export function initials(text: string): string {
  const words = text
    .trim()
    .split(/[\s_.-]+/)
    .filter(Boolean);
  if (words.length >= 2) return (words[0][0] + words[1][0]).toUpperCase();
  return text.trim().slice(0, 2).toUpperCase() || '?';
}
