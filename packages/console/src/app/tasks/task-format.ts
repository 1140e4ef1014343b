import type { Task } from './task-store';

const count = new Intl.NumberFormat();
const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];

/** "2.4 MB": a size in bytes in the largest unit that keeps it above 1. */
export function bytes(n: number): string {
  let value = n;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${BYTE_UNITS[unit]}`;
}

/** "1,200 of 5,000 rows", "2.4 MB of 6.0 MB" or "40%"; just the amount done while the total is unknown. */
export function taskAmount(task: Pick<Task, 'done' | 'total' | 'unit'>): string {
  if (task.unit === 'percent') return `${Math.round(task.done)}%`;
  const fmt = task.unit === 'bytes' ? bytes : (n: number) => count.format(n);
  const suffix = task.unit === 'rows' ? ' rows' : '';
  if (!task.total) return `${fmt(task.done)}${suffix}`;
  return `${fmt(task.done)} of ${fmt(task.total)}${suffix}`;
}

/** What the tray button says to a screen reader, e.g. "Tasks: 2 running, 1 failed". */
export function trayLabel(list: Task[]): string {
  const running = list.filter((t) => t.status === 'running').length;
  const failed = list.filter((t) => t.status === 'failed').length;
  const interrupted = list.filter((t) => t.status === 'interrupted').length;
  const parts = [running ? `${running} running` : 'none running'];
  if (interrupted) parts.push(`${interrupted} interrupted`);
  if (failed) parts.push(`${failed} failed`);
  return `Tasks: ${parts.join(', ')}`;
}
