import type { Access } from '@basalt/shared';

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
