/** `yyyy-mm-dd` of a date input → the first millisecond of that local day. */
export function dayStart(day: string | null): number | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  return new Date(`${day}T00:00:00`).getTime();
}

/** `yyyy-mm-dd` → the last millisecond of that local day (a range "to" includes the day). */
export function dayEnd(day: string | null): number | undefined {
  const start = dayStart(day);
  return start === undefined ? undefined : start + 24 * 3600 * 1000 - 1;
}
