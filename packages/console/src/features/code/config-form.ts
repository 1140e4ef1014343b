import type { ServiceConfigValue } from '@basalt/shared';

/** What the server answers for a secret that is set (decision 0046); sending it back would mean "unchanged". */
export const SECRET_MASK = '********';

export type ConfigKind = 'string' | 'text' | 'bool' | 'date' | 'choice' | 'secret' | 'url';

/** How the form draws an item: the declared type, upper-cased by the server, or `secret: true`. */
export function kindOf(item: ServiceConfigValue): ConfigKind {
  if (/^(password|secret)$/i.test(item.type) || (item as { secret?: unknown }).secret === true) return 'secret';
  switch (item.type.toUpperCase()) {
    case 'BOOL':
    case 'BOOLEAN':
      return 'bool';
    case 'DATE':
      return 'date';
    case 'CHOICE':
      return 'choice';
    case 'TEXT':
      return 'text';
    case 'URL':
      return 'url';
    default:
      return 'string';
  }
}

/** One item as the form holds it. */
export interface ConfigFieldState {
  value: string | boolean;
  /** A secret the server holds (answered masked): left alone unless the developer chooses Replace. */
  stored: boolean;
  replacing: boolean;
}

export type ConfigDraft = Record<string, ConfigFieldState>;

/** Items in their declared `order`, then as declared. */
export function orderedItems(items: ServiceConfigValue[]): ServiceConfigValue[] {
  return items
    .map((item, i) => ({ item, i }))
    .sort((a, b) => (a.item.order ?? Infinity) - (b.item.order ?? Infinity) || a.i - b.i)
    .map(({ item }) => item);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The value of an `<input type="datetime-local">` (local time, seconds) for epoch ms or an ISO date. */
function dateInput(value: unknown): string {
  const ms = typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
  if (!Number.isFinite(ms)) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The form's starting state from `loadServiceConfig` (or `setServiceConfig`'s answer). */
export function draftOf(items: ServiceConfigValue[]): ConfigDraft {
  const draft: ConfigDraft = {};
  for (const item of items) {
    const kind = kindOf(item);
    const v = item.value;
    if (kind === 'secret') draft[item.name] = { value: '', stored: v === SECRET_MASK, replacing: false };
    else if (kind === 'bool') draft[item.name] = { value: v === true || v === 'true', stored: false, replacing: false };
    else if (kind === 'date') draft[item.name] = { value: dateInput(v), stored: false, replacing: false };
    else draft[item.name] = { value: v === null || v === undefined ? '' : String(v), stored: false, replacing: false };
  }
  return draft;
}

/** Whether the developer changed anything since `initial`. */
export function isDirty(initial: ConfigDraft, draft: ConfigDraft): boolean {
  return Object.keys(draft).some((name) => {
    const a = initial[name];
    const b = draft[name];
    if (!a || !b) return true;
    // A stored secret not being replaced is unchanged whatever was typed before Keep.
    if (b.stored && !b.replacing) return a.replacing;
    return a.value !== b.value || a.replacing !== b.replacing;
  });
}

/**
 * The body for `setServiceConfig` / `testServiceConfig` as `{name: value}`, or the messages of the
 * fields that cannot be sent. A stored secret not being replaced is left out, so the server keeps it;
 * the mask itself is never sent as a value. An emptied field is sent as '' (the server clears it).
 * Required items are the server's to enforce (it counts defaults and stored values): its 400 names
 * the item and the form shows it there.
 */
export function bodyOf(
  items: ServiceConfigValue[],
  draft: ConfigDraft,
): { body: Record<string, unknown>; errors: Record<string, string> } {
  const body: Record<string, unknown> = {};
  const errors: Record<string, string> = {};
  for (const item of items) {
    const field = draft[item.name];
    if (!field) continue;
    const kind = kindOf(item);
    if (kind === 'bool') {
      body[item.name] = field.value === true;
      continue;
    }
    const text = typeof field.value === 'string' ? field.value : '';
    if (kind === 'secret') {
      if (field.stored && !field.replacing) continue;
      if (field.stored && text === '') {
        errors[item.name] = 'Type the new value, or keep the stored one';
        continue;
      }
      if (text === SECRET_MASK) {
        errors[item.name] = 'This value reads as the mask of a stored secret; choose another';
        continue;
      }
    }
    if (kind === 'date') {
      if (text === '') body[item.name] = '';
      else {
        const ms = new Date(text).getTime();
        if (Number.isFinite(ms)) body[item.name] = ms;
        else errors[item.name] = 'Choose a date and time';
      }
      continue;
    }
    body[item.name] = text;
  }
  return { body, errors };
}

/** "Default: …" for the field's description, when the item declares a default. */
export function defaultText(item: ServiceConfigValue): string | null {
  const d = item.defaultValue;
  if (d === undefined || d === null || d === '' || kindOf(item) === 'secret') return null;
  if (kindOf(item) === 'bool') return `Default: ${d === true || d === 'true' ? 'on' : 'off'}`;
  if (kindOf(item) === 'date') return `Default: ${dateInput(d).replace('T', ' ') || String(d)}`;
  return `Default: ${typeof d === 'string' ? d : JSON.stringify(d)}`;
}
