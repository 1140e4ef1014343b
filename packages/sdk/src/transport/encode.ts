/** A query value: arrays become repeated keys, `null` the text `null`, `undefined` is skipped. */
export type QueryValue =
  | string
  | number
  | boolean
  | null
  | undefined
  | Array<string | number | boolean | null | undefined>
  | Record<string, unknown>;

/** A query object as groups pass it. */
export type Query = Record<string, QueryValue>;

/** Encodes a query object (without the leading `?`); an empty result means "no query". */
export function encodeQuery(query: Query | undefined): string {
  if (!query) return '';
  const parts: string[] = [];
  const add = (key: string, value: unknown) => {
    if (value === undefined) return;
    const text = value === null ? 'null' : typeof value === 'object' ? JSON.stringify(value) : String(value);
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`);
  };
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) add(key, item);
    else add(key, value);
  }
  return parts.join('&');
}

/**
 * Encodes a value (a hive key, a name) for one path segment the way the reference client's
 * transport ends up sending it: what a URL cannot hold is escaped as by `encodeURI` (`:`, `@`, `$`,
 * `&`, `+`, `=`, `,` stay as they are), and `/`, `?` and `#` are escaped too, so the value stays one
 * segment (the reference would split the path there).
 */
export function segment(value: string | number): string {
  return encodeURI(String(value)).replace(/[/?#]/g, (c) => encodeURIComponent(c));
}

const PERCENT_ESCAPE = /%[0-9A-Fa-f]{2}/;

/**
 * Makes a path URL-safe segment by segment. A segment that already holds percent-escapes was
 * encoded by its group (file paths, table names) and is kept as it is, so nothing is encoded twice.
 */
export function encodePathSegments(path: string): string {
  return path
    .split('/')
    .map((segment) => (PERCENT_ESCAPE.test(segment) ? segment : encodeURI(segment)))
    .join('/');
}

/** True for an absolute http(s) URL, which is used as is instead of being joined to the base. */
export function isAbsoluteUrl(path: string): boolean {
  return /^https?:\/\//i.test(path);
}

/** Joins a base URL and a path without doubling or losing the slash between them. */
export function joinUrl(base: string, path: string): string {
  if (!base) return path;
  const b = base.endsWith('/') ? base.slice(0, -1) : base;
  return path.startsWith('/') ? b + path : `${b}/${path}`;
}

/** Appends an encoded query to a URL that may already have one. */
export function withQuery(url: string, query: Query | undefined): string {
  const qs = encodeQuery(query);
  if (!qs) return url;
  return url + (url.includes('?') ? '&' : '?') + qs;
}

/** Body types fetch sends as they are (the runtime sets the content type where it knows it). */
export function isRawBody(body: unknown): boolean {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
  );
}

/** Encodes a plain object as `application/x-www-form-urlencoded` text (`a=1&b=x%20y`). */
export function encodeForm(fields: Record<string, string | number | boolean>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
}
