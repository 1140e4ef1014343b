import { ApiError } from '../../http/api-error.js';

/** `{key}` (or `{{key}}`) in a subject or body: a name of letters, digits, `_`, `.` and `-`. */
const KEY = /\{\{\s*([A-Za-z_][\w.-]{0,99})\s*\}\}|\{\s*([A-Za-z_][\w.-]{0,99})\s*\}/g;

/** The keys of the texts, in order of first use, each once. */
export function keysOf(...texts: string[]): string[] {
  const seen = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(KEY)) seen.add(m[1] ?? m[2]);
  return [...seen];
}

/** The text with each known key replaced by its value, in one pass (a value holding `{x}` stays as it is). */
export function fill(text: string, values: Record<string, string>, escape = false): string {
  return text.replace(KEY, (whole, a: string | undefined, b: string | undefined) => {
    const key = (a ?? b)!;
    if (!Object.hasOwn(values, key)) return whole;
    return escape ? escapeHtml(values[key]) : values[key];
  });
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Whether a body is HTML (then it is sent as HTML with a text alternative). */
export function isHtml(body: string): boolean {
  return /<\/?[a-z][\s\S]*?>/i.test(body);
}

/** A readable text version of an HTML body. */
export function textOf(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr)>/gi, '\n')
    .replace(/<a\s[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, '$2 ($1)')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#(\d+);/g, (_w, n: string) => String.fromCharCode(Number(n)))
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A mail rendered from a template: subject, text, and HTML when the body is HTML. */
export function render(
  subject: string,
  body: string,
  values: Record<string, string>,
): { subject: string; text: string; html?: string } {
  const filledSubject = fill(subject, values).replace(/[\r\n]+/g, ' ');
  if (isHtml(body)) {
    const html = fill(body, values, true);
    return { subject: filledSubject, text: textOf(html), html };
  }
  return { subject: filledSubject, text: fill(body, values) };
}

/** One system event whose mail an app can word itself. */
export interface SystemEvent {
  id: string;
  name: string;
  subject: string;
  body: string;
  variables: string[];
}

/**
 * The mails the server sends to an app's users today, with the default wording (the same words the
 * server uses while the app has not changed them).
 */
export const SYSTEM_EVENTS: SystemEvent[] = [
  {
    id: 'USER_REGISTRATION_CONFIRMATION',
    name: 'Registration confirmation',
    subject: 'Confirm your {app_name} email address',
    body:
      'Welcome to {app_name}.\n\nTo confirm your email address and start signing in, open this link within seven days:\n{confirmation_url}\n\n' +
      'If you did not register, ignore this message.',
    variables: ['app_name', 'email', 'confirmation_url'],
  },
  {
    id: 'PASSWORD_RESTORE',
    name: 'Password restore',
    subject: 'Reset your {app_name} password',
    body:
      'Someone asked to reset the password of your {app_name} account.\n\nTo choose a new password, open this link within one hour:\n{reset_url}\n\n' +
      'The link works once. If it was not you, ignore this message: your password stays as it is.',
    variables: ['app_name', 'email', 'reset_url'],
  },
];

export function systemEvent(id: unknown): SystemEvent {
  const key = String(id);
  const event = SYSTEM_EVENTS.find((e) => e.id === key || e.name.toLowerCase() === key.toLowerCase());
  if (!event)
    throw ApiError.field(
      'BAD_REQUEST',
      'eventId',
      `Unknown email event '${key.slice(0, 100)}': one of ${SYSTEM_EVENTS.map((e) => e.id).join(', ')}`,
    );
  return event;
}

/** A system template may use only its event's variables: an unknown one is named. */
export function checkEventVariables(event: SystemEvent, subject: string, body: string): void {
  const unknown = keysOf(subject, body).filter((k) => !event.variables.includes(k));
  if (unknown.length)
    throw ApiError.field(
      'BAD_REQUEST',
      'body',
      `Unknown variable${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `{${k}}`).join(', ')} in the ${event.name} template: it may use ${event.variables.map((v) => `{${v}}`).join(', ')}`,
    );
}

/** Values of a send: names to text (numbers and objects as JSON). */
export function valuesOf(raw: unknown, field: string): Record<string, string> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw ApiError.field('BAD_REQUEST', field, `'${field}' must be an object of names to values`);
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > 200) throw ApiError.field('BAD_REQUEST', field, `At most 200 values in '${field}'`);
  return Object.fromEntries(entries.map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
}
