/** Parses what a developer typed as JSON; the problem in words when it does not parse. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; problem: string } {
  if (!text.trim()) return { ok: false, problem: 'Enter a JSON value, e.g. {"text": "Hello"} or "Hello" in quotes' };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    const detail = err instanceof Error ? err.message : String(err);
    return { ok: false, problem: `Not valid JSON (${detail}). Put text in double quotes to send a string.` };
  }
}

/** A JSON object (headers, options), or the problem in words. */
export function parseJsonObject(
  text: string,
  what: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; problem: string } {
  if (!text.trim()) return { ok: true, value: {} };
  const parsed = parseJson(text);
  if (!parsed.ok) return parsed;
  if (typeof parsed.value !== 'object' || parsed.value === null || Array.isArray(parsed.value))
    return { ok: false, problem: `${what} must be a JSON object, e.g. {"city": "Paris"}` };
  return { ok: true, value: parsed.value as Record<string, unknown> };
}

/** One line of a message for lists. */
export function preview(value: unknown, max = 160): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text === undefined ? '—' : text.length > max ? `${text.slice(0, max)}…` : text;
}

const timeFormat = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** `14:03:27.118`: when live messages arrive, milliseconds matter. */
export function preciseTime(ms: number): string {
  const d = new Date(ms);
  return `${timeFormat.format(d)}.${String(d.getMilliseconds()).padStart(3, '0')}`;
}
