/** A timer's `frequency` as stored (Backendless's form; decision 0047). */
export interface FrequencyLike {
  schedule?: string;
  repeat?: { every?: number; on?: number[]; months?: number[]; weekdays?: number[]; weeks?: number[]; cron?: string };
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const ORDINALS = ['first', 'second', 'third', 'fourth', 'last'];

const plural = (n: number, one: string) => (n === 1 ? one : `${n} ${one}s`);
const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;

/** "every 5 seconds", "every 2 weeks on Monday and Friday", "on day 1 and 15 of Jan and Jul" … */
export function scheduleInWords(frequency: unknown): string {
  const f = (frequency ?? {}) as FrequencyLike;
  const r = f.repeat ?? {};
  const every = r.every ?? 1;
  switch (f.schedule) {
    case 'once':
      return 'once';
    case 'custom':
      return `every ${plural(every, 'second')}`;
    case 'daily':
      return `every ${plural(every, 'day')}`;
    case 'weekly':
      return `every ${plural(every, 'week')} on ${list((r.on ?? []).map((d) => WEEKDAYS[d - 1] ?? `day ${d}`))}`;
    case 'monthly': {
      const months = r.months?.length
        ? ` of ${list(r.months.map((m) => MONTHS[m - 1] ?? String(m)))}`
        : ' of every month';
      if (r.on?.length) return `on day ${list(r.on.map(String))}${months}`;
      const weeks = list((r.weeks ?? []).map((w) => ORDINALS[w - 1] ?? `#${w}`));
      return `on the ${weeks} ${list((r.weekdays ?? []).map((d) => WEEKDAYS[d - 1] ?? `day ${d}`))}${months}`;
    }
    case 'cron':
      return `cron ${r.cron ?? ''}`.trim();
    default:
      return 'unknown schedule';
  }
}
