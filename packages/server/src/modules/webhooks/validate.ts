import dns from 'node:dns/promises';
import net from 'node:net';
import { WEBHOOK_MASK } from '@basalt/shared';
import { ApiError } from '../../http/api-error.js';
import { isPrivateAddress } from '../../http/remote-fetch.js';
import { parseFilter } from '../../realtime/where-filter.js';
import { eventProblem } from './events.js';

export const MAX_EVENTS = 100;
export const MAX_HEADERS = 20;
const MAX_NAME = 100;
const MAX_URL = 2048;
const MAX_SECRET = 512;
const MAX_HEADER_VALUE = 2000;
export const MAX_FILTER = 2000;
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,100}$/;
/** Headers a webhook cannot set: the delivery's own, and those that describe the request itself. */
const RESERVED_HEADER = /^(x-basalt-.*|content-type|content-length|host|connection|transfer-encoding|user-agent)$/i;

export function checkName(raw: unknown): string {
  const name = typeof raw === 'string' ? raw.trim() : '';
  if (!name || name.length > MAX_NAME)
    throw ApiError.field('VALIDATION', 'name', `'name' is required: 1 to ${MAX_NAME} characters`);
  return name;
}

/**
 * A receiver URL: http(s), no credentials in it, and, unless the operator allows private
 * addresses (`BASALT_REMOTE_FETCH_PRIVATE`), a host that resolves to public addresses only. The
 * delivery checks the address again when it connects (a name may resolve elsewhere later).
 */
export async function checkUrl(raw: unknown, allowPrivate: boolean): Promise<string> {
  if (typeof raw !== 'string' || !raw.trim() || raw.length > MAX_URL)
    throw ApiError.field('VALIDATION', 'url', `'url' is required: an http(s) URL of at most ${MAX_URL} characters`);
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw ApiError.field('VALIDATION', 'url', `'url' is not a valid URL: ${raw.slice(0, 100)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw ApiError.field('VALIDATION', 'url', `'url' must use http or https, not ${url.protocol}`);
  if (url.username || url.password)
    throw ApiError.field('VALIDATION', 'url', "'url' must not carry a user name or password; use a header");
  if (!allowPrivate) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: string[];
    if (net.isIP(host)) addresses = [host];
    else
      try {
        addresses = (await dns.lookup(host, { all: true })).map((a) => a.address);
      } catch {
        throw ApiError.field('VALIDATION', 'url', `The host ${host} of 'url' cannot be resolved`);
      }
    if (addresses.some(isPrivateAddress))
      throw ApiError.field(
        'VALIDATION',
        'url',
        `${host} is a private address the server does not call (the operator allows them with BASALT_REMOTE_FETCH_PRIVATE)`,
      );
  }
  return url.toString();
}

/** The secret to keep: a new one, or the stored one when the masked value (or nothing) comes back. */
export function checkSecret(raw: unknown, stored: string | undefined): string | undefined {
  if ((raw === undefined || raw === WEBHOOK_MASK) && stored !== undefined) return undefined;
  if (typeof raw !== 'string' || !raw || raw.length > MAX_SECRET)
    throw ApiError.field(
      'VALIDATION',
      'secret',
      `'secret' is required: 1 to ${MAX_SECRET} characters, used to sign every delivery`,
    );
  return raw;
}

export function checkEvents(raw: unknown): string[] {
  if (!Array.isArray(raw) || raw.length === 0)
    throw ApiError.field('VALIDATION', 'events', "'events' must list at least one event, e.g. data.Order.created");
  const events = [...new Set(raw)];
  if (events.length > MAX_EVENTS)
    throw ApiError.field('VALIDATION', 'events', `A webhook hears at most ${MAX_EVENTS} events`);
  for (const e of events) {
    if (typeof e !== 'string') throw ApiError.field('VALIDATION', 'events', "'events' holds event names (text)");
    const problem = eventProblem(e);
    if (problem) throw ApiError.field('VALIDATION', 'events', problem);
  }
  return events as string[];
}

/** Extra headers; a masked value sent back keeps the stored value of that header. */
export function checkHeaders(raw: unknown, stored: Record<string, string>): Record<string, string> {
  if (raw === undefined || raw === null) return raw === null ? {} : stored;
  if (typeof raw !== 'object' || Array.isArray(raw))
    throw ApiError.field('VALIDATION', 'headers', "'headers' must be an object of header names to values");
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_HEADERS)
    throw ApiError.field('VALIDATION', 'headers', `A webhook sends at most ${MAX_HEADERS} headers of its own`);
  const out: Record<string, string> = {};
  for (const [name, value] of entries) {
    if (!HEADER_NAME.test(name))
      throw ApiError.field('VALIDATION', 'headers', `'${name.slice(0, 100)}' is not a valid header name`);
    if (RESERVED_HEADER.test(name))
      throw ApiError.field('VALIDATION', 'headers', `The header '${name}' is set by the delivery itself`);
    if (typeof value !== 'string' || value.length > MAX_HEADER_VALUE || /[\r\n\0]/.test(value))
      throw ApiError.field(
        'VALIDATION',
        'headers',
        `The value of '${name}' must be text of at most ${MAX_HEADER_VALUE} characters on one line`,
      );
    const key = name.toLowerCase();
    out[key] = value === WEBHOOK_MASK && stored[key] !== undefined ? stored[key] : value;
  }
  return out;
}

/** A where clause over the event's data, checked now so a delivery never meets a broken one. */
export function checkFilter(raw: unknown): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string' || raw.length > MAX_FILTER)
    throw ApiError.field('VALIDATION', 'filter', `'filter' is a where clause of at most ${MAX_FILTER} characters`);
  const text = raw.trim();
  if (!text) return null;
  try {
    parseFilter(text);
  } catch (err) {
    throw ApiError.field('VALIDATION', 'filter', `'filter' is not a valid where clause: ${(err as Error).message}`);
  }
  return text;
}
