import type { Access } from '@basalt/shared';

/** Answer of routes that only confirm that the work was done. */
export interface SuccessAnswer {
  success: boolean;
  message?: string;
}

/** One developer-team operation with the caller's access to it (`user.getPermissions`). */
export interface DevPermissionEntry {
  operation: number;
  access: Access;
}
