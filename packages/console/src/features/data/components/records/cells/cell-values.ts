import type { DataTable } from '@basalt/shared';
import type { DataRecord } from '@basalt/sdk';
import { parseLocalDateTime } from '../../../data-format';

/** What an inline editor hands back: the value to save, or a message telling the user what to type. */
export type Parsed<T> = { value: T } | { error: string };

/**
 * The value after a click or Space on a boolean cell. A column that accepts null cycles through
 * it (null → true → false → null), so an emptied cell can be restored from the grid alone; a
 * required column only flips between true and false.
 */
export function nextBoolean(current: boolean | null, required: boolean): boolean | null {
  if (current === null) return true;
  if (current) return false;
  return required ? true : null;
}

/** Pasted text for a boolean cell: true/false in any case, 1/0, yes/no; empty is null. */
export function parseBooleanText(text: string): Parsed<boolean | null> {
  const t = text.trim().toLowerCase();
  if (t === '' || t === 'null') return { value: null };
  if (t === 'true' || t === '1' || t === 'yes') return { value: true };
  if (t === 'false' || t === '0' || t === 'no') return { value: false };
  return { error: 'Type true or false' };
}

// Plain decimal notation only: Number() would also accept hex, binary and "Infinity".
const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** Text typed in a number cell. Empty text is null unless the column is required. */
export function parseNumberText(text: string, opts: { integer: boolean; required: boolean; name: string }): Parsed<number | null> {
  const t = text.trim();
  if (t === '') return opts.required ? { error: `${opts.name} is required` } : { value: null };
  if (/^[+-]?\d+,\d+$/.test(t)) return { error: 'Use . for decimals, not ,' };
  if (!NUMBER_TEXT.test(t)) return { error: opts.integer ? 'Type a whole number, like 42' : 'Type a number, like 3.5' };
  const n = Number(t);
  if (!Number.isFinite(n)) return { error: 'This number is too large' };
  if (opts.integer && !Number.isInteger(n)) return { error: `${opts.name} takes whole numbers` };
  if (opts.integer && !Number.isSafeInteger(n)) return { error: 'This whole number is too large' };
  return { value: n };
}

/** How a number cell shows its value (and what Ctrl+C copies). */
export function formatNumberCell(value: number | null): string {
  return value === null ? '' : String(value);
}

/**
 * The value of a datetime-local input as epoch millis. The browser reports a half-typed date as
 * an empty value with `badInput`, which must not be mistaken for "clear the cell".
 */
export function parseDateTimeInput(value: string, badInput: boolean, opts: { required: boolean; name: string }): Parsed<number | null> {
  if (badInput) return { error: 'Finish the date and time, or clear it' };
  if (value.trim() === '') return opts.required ? { error: `${opts.name} is required` } : { value: null };
  const ms = parseLocalDateTime(value);
  return ms === null ? { error: 'Pick a date and time' } : { value: ms };
}

/** Pasted text for a date cell: `2026-04-28 14:30[:05]` (or with T) in local time, or epoch millis. */
export function parseDateTimeText(text: string): Parsed<number | null> {
  const t = text.trim();
  if (t === '') return { value: null };
  if (/^\d{10,14}$/.test(t)) return { value: Number(t) };
  const ms = parseLocalDateTime(t);
  return ms === null ? { error: 'Use a date like 2026-04-28 14:30' } : { value: ms };
}

/** objectIds of the records in a relation cell (one-to-one holds an object or null, one-to-many a list). */
export function relatedIds(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list
    .map((r) => (r && typeof r === 'object' ? (r as { objectId?: unknown }).objectId : r))
    .filter((id): id is string => typeof id === 'string' && id !== '');
}

/** Chips of a relation cell: up to `max` labels, then "+N". Empty relations draw no chip at all. */
export function relationChips(labels: string[], max = 3): string[] {
  if (labels.length <= max) return labels;
  return [...labels.slice(0, max), `+${labels.length - max}`];
}

/** Label of a target record: its first text column, else its objectId. */
export function recordLabel(table: DataTable | undefined, record: DataRecord): string {
  const column = table?.columns.find((c) => !c.system && (c.dataType === 'STRING' || c.dataType === 'EXTENDED_STRING'));
  const value = column ? record[column.name] : undefined;
  return value ? String(value) : String(record.objectId);
}
