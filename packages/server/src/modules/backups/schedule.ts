import type { BackupPolicy } from '@basalt/shared';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * When a policy's next scheduled backup is due after `now`: the next whole `hour` (UTC) of a day,
 * or of the policy's `weekday` for weekly ones. Null while the policy is disabled. Missed runs (the
 * server was down) are not made up one by one: the sweep takes a due policy once and moves it on.
 */
export function nextRun(policy: BackupPolicy, now: number): number | null {
  if (!policy.enabled) return null;
  const day = Math.floor(now / DAY) * DAY;
  let at = day + policy.hour * HOUR;
  if (at <= now) at += DAY;
  if (policy.frequency === 'weekly') {
    // 1970-01-01 was a Thursday (4).
    const weekday = (Math.floor(at / DAY) + 4) % 7;
    at += ((policy.weekday - weekday + 7) % 7) * DAY;
  }
  return at;
}
