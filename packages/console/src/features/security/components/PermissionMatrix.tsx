import type { ReactNode } from 'react';
import { Button, Group, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { BulkMenu } from './BulkMenu';
import { PermissionCell } from './PermissionCell';
import type { CellState } from './permission-state';

export interface MatrixRow {
  id: string;
  name: string;
  /** Shown after the name (e.g. a "system" badge). */
  extra?: ReactNode;
}

export interface MatrixChange {
  rowId: string;
  operation: string;
  access: CellState;
}

interface Props {
  /** Accessible name of the table, e.g. "Permissions of Orders by role". */
  caption: string;
  /** Header of the first column: "Role", "User" … */
  rowHeader: string;
  rows: MatrixRow[];
  operations: readonly string[];
  /** Column header text of an operation (defaults to the operation). */
  operationLabel?: (operation: string) => string;
  /** The object the cells are about, for cell names: "Create on Orders for Sales". */
  itemLabel: string;
  value: (rowId: string, operation: string) => CellState;
  onChange: (changes: MatrixChange[]) => void;
  /** When set, every control is disabled and this says why (the missing developer permission). */
  disabledReason?: string;
}

let lastToast: string | undefined;

/**
 * The permission matrix of every scope (docs/console-screens.md › Security): rows are roles or users, columns
 * operations, each cell three-state. Changes apply at once; a toast offers Undo.
 */
export function PermissionMatrix({
  caption,
  rowHeader,
  rows,
  operations,
  operationLabel = (o) => o,
  itemLabel,
  value,
  onChange,
  disabledReason,
}: Props) {
  const disabled = !!disabledReason;

  const apply = (changes: MatrixChange[], what: string) => {
    const real = changes.filter((c) => value(c.rowId, c.operation) !== c.access);
    if (!real.length) return;
    const undo = real.map((c) => ({ ...c, access: value(c.rowId, c.operation) }));
    onChange(real);
    // One toast at a time: a new change replaces the previous Undo offer instead of stacking.
    if (lastToast) notifications.hide(lastToast);
    const id = `perm-${Date.now()}`;
    lastToast = id;
    notifications.show({
      id,
      title: 'Permission changed',
      message: (
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Text size="sm">{what}</Text>
          <Button
            size="compact-xs"
            variant="default"
            onClick={() => {
              onChange(undo);
              notifications.hide(id);
            }}
          >
            Undo
          </Button>
        </Group>
      ),
      autoClose: 4000,
    });
  };

  const word = (s: CellState) => (s === 'GRANT' ? 'granted' : s === 'DENY' ? 'denied' : 'reset to inherited');

  return (
    <Table.ScrollContainer minWidth={200 + operations.length * 96}>
      <Table
        aria-label={caption}
        withTableBorder
        withColumnBorders
        verticalSpacing={6}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{rowHeader}</Table.Th>
            {operations.map((op) => (
              <Table.Th key={op} scope="col" ta="center">
                <Group gap={2} justify="center" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    {operationLabel(op)}
                  </Text>
                  <BulkMenu
                    label={`${operationLabel(op)} column`}
                    disabled={disabled}
                    onSet={(s) =>
                      apply(
                        rows.map((r) => ({ rowId: r.id, operation: op, access: s })),
                        `${operationLabel(op)} ${word(s)} for every ${rowHeader.toLowerCase()}`,
                      )
                    }
                  />
                </Group>
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Th scope="row">
                <Group gap="xs" justify="space-between" wrap="nowrap">
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {row.name}
                    </Text>
                    {row.extra}
                  </Group>
                  <BulkMenu
                    label={`${row.name} row`}
                    disabled={disabled}
                    onSet={(s) =>
                      apply(
                        operations.map((op) => ({ rowId: row.id, operation: op, access: s })),
                        `Every operation ${word(s)} for ${row.name}`,
                      )
                    }
                  />
                </Group>
              </Table.Th>
              {operations.map((op) => (
                <Table.Td key={op} ta="center">
                  <Tooltip label={disabledReason} disabled={!disabled}>
                    <span style={{ display: 'inline-block' }}>
                      <PermissionCell
                        state={value(row.id, op)}
                        label={`${operationLabel(op)} on ${itemLabel} for ${row.name}`}
                        disabled={disabled}
                        onChange={(next) =>
                          apply(
                            [{ rowId: row.id, operation: op, access: next }],
                            `${operationLabel(op)} on ${itemLabel} ${word(next)} for ${row.name}`,
                          )
                        }
                      />
                    </span>
                  </Tooltip>
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
