const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-04-28 14:30:05` in the browser's time zone: sortable, and typed back the same way. */
export function formatLocalDateTime(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** The value of an `<input type="datetime-local">` for epoch ms. */
export function toDateTimeLocalInput(ms: number | null | undefined): string {
  if (typeof ms !== 'number') return '';
  return formatLocalDateTime(ms).replace(' ', 'T');
}

/** Short name of the browser's time zone at a moment (`UTC`, `GMT+2`, `CET`): it changes with summer time. */
export function timeZoneLabel(ms: number): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZoneName: 'short' }).formatToParts(new Date(ms)).find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}

/** `2026-04-28 14:30:05 GMT+2`: a moment shown with the zone it is read in (views, Run as, filters, record panel). */
export function formatDateTimeWithZone(ms: number): string {
  return `${formatLocalDateTime(ms)} ${timeZoneLabel(ms)}`.trim();
}

/**
 * Parses a date typed as a date, in local time: `yyyy-mm-dd`, or day first as `d-m-yyyy`,
 * `d.m.yyyy` or `d/m/yyyy` (the quick search's order), each optionally followed by `hh:mm[:ss]`
 * (after a space or T). Null when it is not a date.
 */
export function parseLocalDateTime(text: string): number | null {
  const time = '(?:[ T](\\d{1,2}):(\\d{2})(?::(\\d{2}))?)?';
  const iso = new RegExp(`^\\s*(\\d{4})-(\\d{1,2})-(\\d{1,2})${time}\\s*$`).exec(text);
  const dayFirst = iso ? null : new RegExp(`^\\s*(\\d{1,2})([-./])(\\d{1,2})\\2(\\d{4})${time}\\s*$`).exec(text);
  if (!iso && !dayFirst) return null;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5], iso[6]]
    : [dayFirst![4], dayFirst![3], dayFirst![1], dayFirst![5], dayFirst![6], dayFirst![7]];
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  return Number.isNaN(date.getTime()) || date.getMonth() !== Number(mo) - 1 ? null : date.getTime();
}

const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** A table's record count for the sidebar: exact below 1,000, else `~12.4k` (an estimate). */
export function formatEstimate(count: number | undefined): string {
  if (count === undefined) return '';
  return count < 1000 ? String(count) : `~${compact.format(count).toLowerCase()}`;
}

export const numberFormat = new Intl.NumberFormat();

/** `age:asc,name:desc` (the URL's `sort`) ⇄ `['age asc', 'name desc']` (the query's sortBy). */
export function parseSort(param: string | null): Array<{ column: string; dir: 'asc' | 'desc' }> {
  if (!param) return [];
  return param
    .split(',')
    .map((part) => {
      const [column, dir] = part.split(':');
      return { column: column.trim(), dir: dir === 'desc' ? ('desc' as const) : ('asc' as const) };
    })
    .filter((s) => s.column);
}

export function formatSort(sort: Array<{ column: string; dir: 'asc' | 'desc' }>): string {
  return sort.map((s) => `${s.column}:${s.dir}`).join(',');
}

/** A where literal for a value (strings quoted, quotes doubled). */
export function whereLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return `'${String(value).replace(/'/g, "''")}'`;
}

export const TYPE_LABELS: Record<string, string> = {
  STRING: 'String',
  STRING_ID: 'String id',
  EXTENDED_STRING: 'Extended string',
  TEXT: 'Text',
  INT: 'Integer',
  DOUBLE: 'Decimal',
  BOOLEAN: 'Boolean',
  DATETIME: 'Date and time',
  FILE_REF: 'File reference',
  DATA_REF: 'Relation',
  GEO_REF: 'Geo relation',
  POINT: 'Point',
  LINESTRING: 'Line string',
  POLYGON: 'Polygon',
  GEOMETRY: 'Geometry',
  JSON: 'JSON',
};

export const TYPE_HINTS: Record<string, string> = {
  STRING: 'Short text: names, codes, emails',
  STRING_ID: 'An id text, like objectId',
  EXTENDED_STRING: 'Longer text',
  TEXT: 'Long text: descriptions, notes',
  INT: 'Whole numbers',
  DOUBLE: 'Numbers with decimals',
  BOOLEAN: 'true, false or empty',
  DATETIME: 'A moment in time, shown in your time zone',
  FILE_REF: 'Path of a file in the app’s storage',
  DATA_REF: 'Links records of another table',
  GEO_REF: 'Links geo points',
  POINT: 'A location: longitude and latitude (WKT or GeoJSON)',
  LINESTRING: 'A route: a line through points',
  POLYGON: 'An area: a closed shape, with holes',
  GEOMETRY: 'Any of point, line string or polygon',
  JSON: 'A JSON document: object, list or value, queried by path',
};
