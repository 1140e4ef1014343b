import { useCallback, useMemo, useRef, useState } from 'react';
import { notifications } from '@mantine/notifications';
import type { DataTable } from '@basalt/shared';
import type { DataRecord } from '@basalt/sdk';
import { useBulkUpsertRecords, useDeleteRecords } from '../../api/records.queries';
import { errorInfo } from '../../../../lib/errors';
import { planPaste, type PastePlan } from './paste-plan';
import type { GridField } from './RecordsGrid.utils';
import type { useRecordWindows } from './useRecordWindows';

interface PendingPaste {
  col: number;
  row: number;
  block: string[][];
  addRows: boolean;
}

/** One applied paste: what undo writes back and which records it created. */
interface UndoStep {
  previous: DataRecord[];
  createdIds: string[];
  cells: number;
}

// Undo keeps the last few pastes; older ones are forgotten (the server has no history of them).
const UNDO_DEPTH = 20;

/**
 * Spreadsheet paste into the records grid: plans the block, asks before changing more than one
 * cell (or adding records), writes it in one all-or-nothing bulk call, and keeps an undo step
 * that writes the previous values back (and removes records the paste created).
 */
export function useGridPaste(appId: string, table: DataTable | undefined, fields: GridField[], totalRows: number, windows: ReturnType<typeof useRecordWindows>) {
  const bulk = useBulkUpsertRecords(appId);
  const remove = useDeleteRecords(appId);
  const [pending, setPending] = useState<PendingPaste | null>(null);
  const undoStack = useRef<UndoStep[]>([]);
  const [busy, setBusy] = useState(false);

  const plan = useMemo<PastePlan | null>(
    () => (pending ? planPaste({ fields, getRecord: windows.getRecord, totalRows, ...pending }) : null),
    // `windows.version` changes when rows load, which can clear a "not loaded yet" problem; the rows
    // are read through `getRecord` from a ref, so the rule cannot see that they change.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- version is the reload signal
    [pending, fields, windows.getRecord, windows.version, totalRows],
  );

  /** Shows the written values at once in the rows on screen. */
  const patchRows = useCallback(
    (records: DataRecord[]) => {
      for (const change of records) {
        const row = windows.findRow(String(change.objectId));
        const shown = row >= 0 ? windows.getRecord(row) : undefined;
        if (shown) windows.patchRecord(row, { ...shown, ...change });
      }
    },
    [windows],
  );

  const apply = useCallback(
    async (p: PastePlan) => {
      if (!table) return;
      setBusy(true);
      try {
        const ids = await bulk.mutateAsync({ table, records: [...p.updates, ...p.creates] });
        const step: UndoStep = { previous: p.previous, createdIds: ids.slice(p.updates.length), cells: p.cells };
        undoStack.current = [...undoStack.current, step].slice(-UNDO_DEPTH);
        patchRows(p.updates);
        if (p.creates.length) windows.reloadVisible();
        setPending(null);
        notifications.show({
          color: 'teal',
          title: 'Pasted',
          message: `${p.cells} cell${p.cells === 1 ? '' : 's'} in ${p.rows} row${p.rows === 1 ? '' : 's'}${p.creates.length ? `, ${p.creates.length} new record${p.creates.length === 1 ? '' : 's'}` : ''}. Ctrl+Z undoes it.`,
        });
      } catch (err) {
        // All or nothing on the server: nothing of the block was written.
        notifications.show({ color: 'red', title: 'Nothing pasted', message: errorInfo(err).message, autoClose: false });
      } finally {
        setBusy(false);
      }
    },
    [table, bulk, patchRows, windows],
  );

  /** A block pasted with its top-left cell at (col, row): one changed cell is written at once, more ask first. */
  const onPasteBlock = useCallback(
    (col: number, row: number, block: string[][]) => {
      if (!table || block.length === 0) return;
      const first = planPaste({ fields, getRecord: windows.getRecord, totalRows, col, row, block, addRows: false });
      if (first.problems.length === 0 && first.rowsBeyond === 0 && first.cells <= 1) {
        if (first.cells === 1) void apply(first);
        return;
      }
      setPending({ col, row, block, addRows: false });
    },
    [table, fields, windows.getRecord, totalRows, apply],
  );

  const undo = useCallback(async () => {
    const step = undoStack.current.pop();
    if (!step || !table) return;
    setBusy(true);
    try {
      if (step.previous.length) await bulk.mutateAsync({ table, records: step.previous });
      if (step.createdIds.length) await remove.mutateAsync({ table, ids: step.createdIds });
      patchRows(step.previous);
      if (step.createdIds.length) windows.refresh();
      notifications.show({ color: 'teal', title: 'Paste undone', message: `${step.cells} cell${step.cells === 1 ? '' : 's'} restored${step.createdIds.length ? `, ${step.createdIds.length} new record${step.createdIds.length === 1 ? '' : 's'} removed` : ''}.` });
    } catch (err) {
      undoStack.current.push(step);
      notifications.show({ color: 'red', title: 'Could not undo the paste', message: errorInfo(err).message, autoClose: false });
    } finally {
      setBusy(false);
    }
  }, [table, bulk, remove, patchRows, windows]);

  return {
    onPasteBlock,
    pending,
    plan,
    busy,
    setAddRows: (addRows: boolean) => setPending((p) => (p ? { ...p, addRows } : p)),
    confirm: () => plan && plan.problems.length === 0 && void apply(plan),
    cancel: () => setPending(null),
    undo,
  };
}
