import type { ComponentLimit } from '@basalt/shared';
import { bytes } from '../../../app/tasks/task-format';

/** An amount in the component's unit: bytes as KB/MB, counts with thousands separators. */
export function amount(unit: string, n: number): string {
  return unit === 'bytes' ? bytes(n) : `${n.toLocaleString('en-US')} ${unit}`;
}

/** "600 KB of 1.0 MB", "1 of 2 tables". */
export function usedOf(unit: string, usage: number, limit: number): string {
  return unit === 'bytes'
    ? `${bytes(usage)} of ${bytes(limit)}`
    : `${usage.toLocaleString('en-US')} of ${amount(unit, limit)}`;
}

/** Share of the limit used, 0–100+ (null when unlimited or not measured). */
export function share(c: Pick<ComponentLimit, 'limit' | 'usage'>): number | null {
  if (c.limit === null || c.usage === null) return null;
  if (c.limit === 0) return c.usage > 0 ? 100 : 0;
  return (c.usage / c.limit) * 100;
}

/** Bar colour by threshold: orange from 80 %, red at 100 % (the notices go out at 80, 90, 100 %). */
export function barColor(percent: number): string {
  if (percent >= 100) return 'red';
  if (percent >= 80) return 'orange';
  return 'teal';
}

/** A price of the operator's catalogue (no currency is configured: the number as given). */
export function price(n: number): string {
  return n === 0 ? 'Free' : n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
