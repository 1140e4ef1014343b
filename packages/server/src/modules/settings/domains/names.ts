import { ApiError } from '../../../http/api-error.js';

/** One DNS label: letters, digits and inner dashes, at most 63 characters. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * A custom domain as the server stores and matches it: lower-cased, trimmed, without a trailing
 * dot. It must be a host name of two labels or more whose last label is a top-level domain (letters
 * only, so an IP address is never one), at most 253 characters. A 400 names what is wrong.
 */
export function hostNameOf(raw: unknown, field = 'domainName'): string {
  if (typeof raw !== 'string' || raw.trim() === '')
    throw ApiError.field('BAD_REQUEST', field, `'${field}' is required`);
  const name = raw.trim().toLowerCase().replace(/\.$/, '');
  const bad = (why: string) => ApiError.field('BAD_REQUEST', field, `'${raw}' is not a host name: ${why}`);
  if (/[/:?#@\s]/.test(name)) throw bad('give the host name alone, without a scheme, port or path');
  if (name.length > 253) throw bad('a host name has at most 253 characters');
  const labels = name.split('.');
  if (labels.length < 2) throw bad('it needs a domain and a top-level domain, such as app.example.com');
  for (const label of labels) {
    if (!LABEL.test(label))
      throw bad(`'${label}' must be 1–63 letters, digits or dashes, not starting or ending with a dash`);
  }
  if (!/^[a-z]{2,63}$/.test(labels[labels.length - 1])) throw bad('its top-level domain must be letters');
  return name;
}

/**
 * An origin as browsers send it in `Origin`: `http(s)://host[:port]`, lower-cased, without the
 * default port or a trailing slash. Anything with a path, query, user or another scheme is a 400
 * naming the entry.
 */
export function originOf(raw: string): string {
  const text = raw.trim().replace(/\/$/, '');
  const bad = (why: string) =>
    ApiError.field('BAD_REQUEST', 'domainNames', `'${raw}' is not an origin: ${why} (e.g. https://app.example.com)`);
  if (!/^https?:\/\//i.test(text)) throw bad('it must start with http:// or https://');
  if (!/^https?:\/\/[^/?#]+$/i.test(text))
    throw bad('give scheme, host and port only, without a path, query or fragment');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw bad('it cannot be read as a URL');
  }
  if (url.username || url.password) throw bad('it must not carry a user name or password');
  return url.origin;
}
