import type { Access } from '../api/permissions.queries';

/** A cell's state; `undefined` is inherited. */
export type CellState = Access | undefined;

/** Click and Space walk inherit → GRANT → DENY → inherit (docs/console-screens.md › Security). */
export function nextState(state: CellState): CellState {
  if (state === undefined) return 'GRANT';
  if (state === 'GRANT') return 'DENY';
  return undefined;
}

export function stateWord(state: CellState): string {
  return state === 'GRANT' ? 'granted' : state === 'DENY' ? 'denied' : 'inherited';
}

/** Operations of each permission service, in the order the server lists them. */
export const SERVICE_OPERATIONS: Record<string, string[]> = {
  data: ['Find', 'Create', 'Update', 'Remove', 'LoadRelations', 'AddRelation', 'SetRelation', 'DeleteRelation'],
  files: ['Read', 'Write', 'Delete'],
  messaging: ['Publish', 'Subscribe'],
  localservices: ['Invoke'],
  geo: ['Find', 'Create', 'Update', 'Remove'],
};

/** Column permissions: a DENY on Find hides the column, on Update refuses writes to it. */
export const COLUMN_OPERATIONS = ['Find', 'Update'];
