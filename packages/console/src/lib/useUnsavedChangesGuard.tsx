import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type Location } from 'react-router';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export interface GuardOptions {
  /** What the question says is at stake, e.g. "The fields you changed in this record are not saved yet." */
  message?: string;
  /**
   * Whether a navigation leaves the form. By default any change of path or query does; a form
   * that lives beside URL state (a side panel over a filtered list) names what matters to it.
   */
  leaves?: (current: Location, next: Location) => boolean;
}

const DEFAULT_MESSAGE = 'Your changes here are not saved yet.';

function askDiscard(message: string, onDiscard: () => void, onKeep: () => void) {
  let decided = false;
  modals.openConfirmModal({
    title: 'Discard your changes?',
    children: <Text size="sm">{message}</Text>,
    labels: { confirm: 'Discard', cancel: 'Keep editing' },
    confirmProps: { color: 'red' },
    onConfirm: () => {
      decided = true;
      onDiscard();
    },
    // Cancel, Esc and a click outside all keep the edits.
    onClose: () => {
      if (!decided) {
        decided = true;
        onKeep();
      }
    },
  });
}

/**
 * Guards a form with unsaved edits (docs/console-screens.md › Unsaved edits): in-app navigation — links, Back, closing a
 * panel through the URL — asks "Discard your changes?" first (react-router's blocker), and reload
 * or closing the tab gets the browser's own leave-page question (`beforeunload`).
 *
 * `dirty` may be a function, read at the moment of the navigation: a save that just finished
 * clears it before React renders again, so the navigation that follows a save is never asked about.
 * `confirmDiscard(action)` runs a close that does not go through the URL (a drawer's Esc or X):
 * it asks first when dirty. `allowNext()` lets the next navigation through (after a delete).
 */
export function useUnsavedChangesGuard(dirty: boolean | (() => boolean), options: GuardOptions = {}) {
  const isDirty = useRef(dirty);
  isDirty.current = dirty;
  const opts = useRef(options);
  opts.current = options;
  const allowed = useRef(false);
  const read = () => (typeof isDirty.current === 'function' ? isDirty.current() : isDirty.current);

  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (allowed.current) {
      allowed.current = false;
      return false;
    }
    const leaves =
      opts.current.leaves ?? ((a: Location, b: Location) => a.pathname !== b.pathname || a.search !== b.search);
    return read() && leaves(currentLocation, nextLocation);
  });

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    askDiscard(
      opts.current.message ?? DEFAULT_MESSAGE,
      () => blocker.proceed(),
      () => blocker.reset(),
    );
  }, [blocker]);

  // Reload and closing the tab: browsers show their own text; returnValue must be set for Chrome.
  const dirtyNow = typeof dirty === 'function' ? undefined : dirty;
  useEffect(() => {
    if (dirtyNow === false) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!read()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
    // `read` only reads refs.
  }, [dirtyNow]);

  const confirmDiscard = useCallback((action: () => void) => {
    if (!read()) return action();
    askDiscard(
      opts.current.message ?? DEFAULT_MESSAGE,
      () => {
        allowed.current = true;
        action();
        // The action may not navigate at all (a drawer kept in state): forget the pass after this turn.
        setTimeout(() => {
          allowed.current = false;
        }, 0);
      },
      () => undefined,
    );
  }, []);

  const allowNext = useCallback(() => {
    allowed.current = true;
    setTimeout(() => {
      allowed.current = false;
    }, 0);
  }, []);

  return { confirmDiscard, allowNext };
}
