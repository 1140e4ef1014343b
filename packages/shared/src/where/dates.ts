/**
 * Date literals of the where language. DATETIME columns hold epoch milliseconds, so a date text
 * compared with them is turned into epoch ms here; without a zone it is read as UTC.
 */

const ISO =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?$/i;
/** Month first, as the reference client's search treats `4/28/1990`. */
const US = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2})?$/i;

function zoneOffsetMs(zone: string | undefined): number {
  if (!zone || /^(Z|UTC|GMT)$/i.test(zone)) return 0;
  const m = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return (m[1] === '+' ? 1 : -1) * minutes * 60_000;
}

function build(
  y: number,
  mo: number,
  d: number,
  h: number,
  mi: number,
  s: number,
  ms: number,
  zone: string | undefined,
): number | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 59) return null;
  const t = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  // Date.UTC rolls 2024-02-31 over to March; such a date is refused instead.
  if (new Date(t).getUTCDate() !== d) return null;
  return t - zoneOffsetMs(zone);
}

/**
 * Epoch ms of `2024-01-31`, `2024-01-31 10:00[:00[.000]]`, ISO `2024-01-31T10:00:00Z` or with an
 * offset, or `1/31/2024 [10:00[:00]]`; null when the text is not such a date.
 */
export function parseDateLiteral(text: string): number | null {
  const s = text.trim();
  let m = ISO.exec(s);
  if (m) {
    const ms = m[7] ? Number(m[7].padEnd(3, '0')) : 0;
    return build(
      Number(m[1]),
      Number(m[2]),
      Number(m[3]),
      Number(m[4] ?? 0),
      Number(m[5] ?? 0),
      Number(m[6] ?? 0),
      ms,
      m[8],
    );
  }
  m = US.exec(s);
  if (m)
    return build(
      Number(m[3]),
      Number(m[1]),
      Number(m[2]),
      Number(m[4] ?? 0),
      Number(m[5] ?? 0),
      Number(m[6] ?? 0),
      0,
      m[7],
    );
  return null;
}

/** `YYYY-MM-DD HH:MM:SS` in UTC: the text a DATETIME shows to LIKE. */
export function formatDateTimeText(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ');
}
