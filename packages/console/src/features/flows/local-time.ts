/** Epoch ms as the value of a datetime-local input, in the browser's time zone ('' for 0 or bad). */
export function toLocalInput(v: unknown): string {
  const ms = typeof v === 'number' ? v : typeof v === 'string' ? Date.parse(v) : NaN;
  if (!Number.isFinite(ms) || ms <= 0) return '';
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

/** A datetime-local value as epoch ms in text, or null when empty or unreadable. */
export function fromLocalInput(v: string): string | null {
  if (!v) return null;
  const ms = new Date(v).getTime();
  return Number.isFinite(ms) ? String(ms) : null;
}
