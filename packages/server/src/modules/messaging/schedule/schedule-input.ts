import { ApiError } from '../../../http/api-error.js';

/** When a publish fires: first due time, repeat period and end (epoch ms; null = none). */
export interface Schedule {
  firstAt: number;
  repeatEveryMs: number | null;
  expiresAt: number | null;
}

/** Shortest and longest repeat periods, in seconds (the SDK's unit). */
export const MIN_REPEAT_SECONDS = 1;
export const MAX_REPEAT_SECONDS = 366 * 24 * 3600;
/** A publish may be scheduled at most this far ahead. */
const MAX_AHEAD_MS = 5 * 366 * 24 * 3600 * 1000;

const unset = (v: unknown) => v === undefined || v === null || v === 0;

function number(v: unknown, field: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw ApiError.field('BAD_REQUEST', field, `${field} must be a number`);
  return v;
}

/**
 * Reads publishAt (ms), repeatEvery (s) and repeatExpiresAt (ms) of a publish. Answers null when
 * the publish goes out now: no repeat and a publishAt that is unset, past or within a second.
 */
export function readSchedule(
  input: { publishAt?: unknown; repeatEvery?: unknown; repeatExpiresAt?: unknown },
  now: number,
): Schedule | null {
  const publishAt = unset(input.publishAt) ? null : number(input.publishAt, 'publishAt');
  const every = unset(input.repeatEvery) ? null : number(input.repeatEvery, 'repeatEvery');
  const expires = unset(input.repeatExpiresAt) ? null : number(input.repeatExpiresAt, 'repeatExpiresAt');
  if (publishAt !== null && publishAt > now + MAX_AHEAD_MS)
    throw ApiError.field('BAD_REQUEST', 'publishAt', 'publishAt is more than five years ahead');
  if (every === null) {
    if (expires !== null)
      throw ApiError.field(
        'BAD_REQUEST',
        'repeatExpiresAt',
        'repeatExpiresAt needs repeatEvery (seconds between publishes)',
      );
    return publishAt !== null && publishAt > now + 1000
      ? { firstAt: publishAt, repeatEveryMs: null, expiresAt: null }
      : null;
  }
  if (!Number.isInteger(every) || every < MIN_REPEAT_SECONDS || every > MAX_REPEAT_SECONDS) {
    throw ApiError.field(
      'BAD_REQUEST',
      'repeatEvery',
      `repeatEvery is whole seconds from ${MIN_REPEAT_SECONDS} to ${MAX_REPEAT_SECONDS}`,
    );
  }
  const firstAt = Math.max(publishAt ?? now, now);
  if (expires !== null && expires <= firstAt)
    throw ApiError.field('BAD_REQUEST', 'repeatExpiresAt', 'repeatExpiresAt must be later than the first publish');
  return { firstAt, repeatEveryMs: every * 1000, expiresAt: expires };
}
