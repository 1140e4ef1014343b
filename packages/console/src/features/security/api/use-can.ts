import { DevOperationNames } from '@basalt/shared';
import { useMyPermissions } from './lookups.queries';

/** "tables (40)": how the console names a developer permission, as the server's 403 does. */
export function permissionName(operation: number): string {
  return `${DevOperationNames[operation] ?? 'operation'} (${operation})`;
}

/**
 * Whether the signed-in developer may do a numbered operation. Controls they lack stay visible but
 * disabled, with `reason` naming the permission to ask for (docs/console-screens.md › Errors and permissions). While unknown, the
 * server decides.
 */
export function useCan(appId: string, operation: number): { allowed: boolean; reason?: string } {
  const { data } = useMyPermissions(appId);
  const allowed = data?.get(operation) !== 'DENY';
  return allowed ? { allowed } : { allowed, reason: `Needs the ${permissionName(operation)} permission` };
}
