import type { ApiCallsRow, UsersStatsRow } from '@basalt/shared';

const DAY = 86_400_000;

/** A period as the page keeps it in the URL: the reference client's names, or custom dates. */
export type PeriodName = 'month' | 'sixmo' | 'year' | 'custom';

export interface PeriodChoice {
  period: PeriodName;
  /** `YYYY-MM-DD`, custom periods only. */
  from?: string;
  to?: string;
}

/** Days each named period covers, today included (the server's ranges). */
const DAYS: Record<Exclude<PeriodName, 'custom'>, number> = { month: 30, sixmo: 182, year: 365 };

/** The day-aligned UTC range of a period, in epoch milliseconds (`to` is the start of its last day). */
export function rangeOf(choice: PeriodChoice, now = Date.now()): { from: number; to: number } {
  const today = Math.floor(now / DAY) * DAY;
  if (choice.period === 'custom') {
    const from = Date.parse(choice.from ?? '');
    const to = Date.parse(choice.to ?? '');
    if (Number.isFinite(from) && Number.isFinite(to) && from <= to) return { from, to };
    return { from: today - 29 * DAY, to: today };
  }
  return { from: today - (DAYS[choice.period] - 1) * DAY, to: today };
}

/** The server's period name of a choice. */
export const serverPeriod = (choice: PeriodChoice) => (choice.period === 'custom' ? 'custom' : choice.period);

/** `2026-11-27` of an epoch-milliseconds day. */
export const dayLabel = (t: number) => new Date(t).toISOString().slice(0, 10);

/** Every day of a range, so charts show quiet days as zero instead of skipping them. */
export function daysOf(range: { from: number; to: number }): number[] {
  const out: number[] = [];
  for (let t = range.from; t <= range.to; t += DAY) out.push(t);
  return out;
}

/** API calls per day and client kind, for a stacked chart: `[{date, REST: 30, JS: 2}]` and the kinds seen. */
export function callsByClient(
  rows: ApiCallsRow[],
  range: { from: number; to: number },
): { data: Array<Record<string, number | string>>; kinds: string[] } {
  const kinds = [...new Set(rows.map((r) => r.apiKeyName))].sort();
  const byDay = new Map<number, Record<string, number | string>>();
  for (const t of daysOf(range)) byDay.set(t, Object.fromEntries([['date', dayLabel(t)], ...kinds.map((k) => [k, 0])]));
  for (const r of rows) {
    const day = byDay.get(r.timestamp);
    if (day) day[r.apiKeyName] = Number(day[r.apiKeyName] ?? 0) + r.successCallCount + r.errorCount;
  }
  return { data: [...byDay.values()], kinds };
}

/** Users per day with quiet days as zero. */
export function usersByDay(rows: UsersStatsRow[], range: { from: number; to: number }) {
  const byTs = new Map(rows.map((r) => [r.timestamp, r]));
  return daysOf(range).map((t) => {
    const r = byTs.get(t);
    return {
      date: dayLabel(t),
      Active: r?.activeUsers ?? 0,
      New: r?.newUsers ?? 0,
      Registered: r?.registeredUsers ?? 0,
      Returning: r?.returningUsers ?? 0,
    };
  });
}

/** A CSV document: a header line and one line per row, values quoted when they need it. */
export function toCsv(columns: string[], rows: Array<Array<string | number | null | undefined>>): string {
  const cell = (v: string | number | null | undefined) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [columns, ...rows].map((line) => line.map(cell).join(',')).join('\n') + '\n';
}

/** Saves text as a file through the browser. */
export function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
