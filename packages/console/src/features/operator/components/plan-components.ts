import { bytes } from '../../../app/tasks/task-format';

/**
 * Every plan component in the order the server lists them (decision 0082), with the name and unit
 * the server gives them and whether this edition enforces them. The operator's catalogue names only
 * limits; this table turns the ids into words.
 */
export const PLAN_COMPONENTS: ReadonlyArray<{ id: string; name: string; unit: string; enforced: boolean }> = [
  { id: 'api-calls-per-minute', name: 'API calls per minute', unit: 'calls', enforced: true },
  { id: 'api-calls-per-day', name: 'API calls per day', unit: 'calls', enforced: true },
  { id: 'db-storage-bytes', name: 'Database storage', unit: 'bytes', enforced: false },
  { id: 'file-storage-bytes', name: 'File storage', unit: 'bytes', enforced: true },
  { id: 'tables', name: 'Tables', unit: 'tables', enforced: true },
  { id: 'records-per-table', name: 'Records per table', unit: 'records', enforced: false },
  { id: 'hive-bytes', name: 'Hive storage', unit: 'bytes', enforced: false },
  { id: 'hive-keys', name: 'Hive keys', unit: 'keys', enforced: false },
  { id: 'realtime-connections', name: 'Real-time connections', unit: 'connections', enforced: false },
  { id: 'team-members', name: 'Team members', unit: 'developers', enforced: false },
  { id: 'cloud-code-ms-per-day', name: 'Cloud code time per day', unit: 'ms', enforced: false },
  { id: 'flow-runs-per-month', name: 'Flow runs per month', unit: 'runs', enforced: false },
  { id: 'ui-containers', name: 'UI containers', unit: 'containers', enforced: false },
];

/** A limit in the component's unit ("1.0 MB", "50 calls"); undefined means unlimited. */
export function limitText(unit: string, limit: number | undefined): string {
  if (limit === undefined) return 'Unlimited';
  return unit === 'bytes' ? bytes(limit) : `${limit.toLocaleString('en-US')} ${unit}`;
}
