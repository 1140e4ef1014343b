/**
 * The escaping of published pages (decision 0080): every text and attribute value that reaches
 * the HTML goes through these, whatever its source (a record, a prop, the URL).
 */

const TEXT = /[&<>"']/;
const TEXT_ALL = /[&<>"']/g;
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text and attribute values: `& < > " '` as entities (one pass, no copy when nothing needs it). */
export function escapeHtml(value: unknown): string {
  const s = value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
  return TEXT.test(s) ? s.replace(TEXT_ALL, (c) => ENTITIES[c]) : s;
}

/** ` name="value"` with the value escaped; nothing for undefined, null or false; ` name` for true. */
export function attr(name: string, value: unknown): string {
  if (value === undefined || value === null || value === false) return '';
  if (value === true) return ` ${name}`;
  return ` ${name}="${escapeHtml(value)}"`;
}

/**
 * JSON inside `<script type="application/json">`: `<`, `>`, `&` and the two line separators as
 * escapes, so no value can close the element or start a comment.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A date column's value (milliseconds since the epoch, as the data API answers it) as text a
 * visitor reads: `2026-11-28 03:20 UTC`. A visitor's time zone is not known when the page is
 * rendered on the server, so the zone is named rather than guessed. Anything else is `textOf`.
 */
export function dateTextOf(value: unknown): string {
  if (typeof value !== 'number') return textOf(value);
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return textOf(value);
  return `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A cell or text value as text: objects as JSON, null as empty. */
export function textOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
