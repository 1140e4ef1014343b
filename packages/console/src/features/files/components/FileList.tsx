import { useEffect, useRef } from 'react';
import { Box, Center, Group, Loader, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { FileEntry } from '@basalt/shared';
import { formatDateTime } from '../../../lib/format';
import type { FolderQuery, SortField } from '../api/files.queries';
import { formatBytes, typeLabel } from '../file-paths';
import { FileIcon } from './FileIcon';
import { FileRowMenu, type FileAction } from './FileRowMenu';
import classes from './FileList.module.css';

const ROW_HEIGHT = 36;

interface Props {
  entries: FileEntry[];
  total: number;
  query: FolderQuery;
  onSort: (field: SortField, direction: 'asc' | 'desc') => void;
  selected?: string;
  onOpen: (entry: FileEntry) => void;
  onAction: (action: FileAction, entry: FileEntry) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

function SortHeader({
  field,
  label,
  query,
  onSort,
  width,
}: {
  field: SortField;
  label: string;
  query: FolderQuery;
  onSort: Props['onSort'];
  width?: number;
}) {
  const active = query.sortBy === field;
  const Icon = !active ? IconSelector : query.sortDirection === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <Table.Th w={width} aria-sort={active ? (query.sortDirection === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        className={classes.sort}
        onClick={() => onSort(field, active && query.sortDirection === 'asc' ? 'desc' : 'asc')}
      >
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600}>
            {label}
          </Text>
          <Icon size={14} stroke={1.5} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

/**
 * A folder's entries as a table whose body is virtualised: only the rows in view are in the page,
 * and the next 100 entries load as the end comes into view.
 */
export function FileList({
  entries,
  total,
  query,
  onSort,
  selected,
  onOpen,
  onAction,
  hasMore,
  loadingMore,
  onLoadMore,
}: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const rows = virtualizer.getVirtualItems();
  const lastIndex = rows.length ? rows[rows.length - 1].index : 0;

  useEffect(() => {
    if (hasMore && !loadingMore && lastIndex >= entries.length - 20) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, entries.length, onLoadMore]);

  const before = rows.length ? rows[0].start : 0;
  const after = rows.length ? virtualizer.getTotalSize() - rows[rows.length - 1].end : 0;

  return (
    <Box ref={scrollRef} className={classes.scroll}>
      <Table
        stickyHeader
        highlightOnHover
        verticalSpacing={6}
        aria-label="Files"
        aria-rowcount={total + 1}
        className={classes.table}
      >
        <Table.Thead>
          <Table.Tr>
            <SortHeader field="name" label="Name" query={query} onSort={onSort} />
            <SortHeader field="size" label="Size" query={query} onSort={onSort} width={110} />
            <SortHeader field="type" label="Type" query={query} onSort={onSort} width={100} />
            <SortHeader field="updated" label="Updated" query={query} onSort={onSort} width={190} />
            <Table.Th w={48}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {before > 0 && (
            <tr aria-hidden>
              <td colSpan={5} style={{ height: before, padding: 0, border: 0 }} />
            </tr>
          )}
          {rows.map((row) => {
            const entry = entries[row.index];
            const folder = entry.type === 'DIRECTORY';
            return (
              <Table.Tr
                key={entry.path}
                data-index={row.index}
                aria-rowindex={row.index + 2}
                aria-selected={selected === entry.name}
                className={selected === entry.name ? classes.selected : undefined}
                style={{ height: ROW_HEIGHT }}
                onDoubleClick={() => onOpen(entry)}
              >
                <Table.Td className={classes.nameCell}>
                  <UnstyledButton
                    className={classes.name}
                    onClick={() => onOpen(entry)}
                    onKeyDown={(e) => e.key === 'F2' && onAction('rename', entry)}
                  >
                    <Group gap="sm" wrap="nowrap">
                      <FileIcon entry={entry} />
                      <Text size="sm" truncate="end" fw={folder ? 500 : 400}>
                        {entry.name}
                      </Text>
                    </Group>
                  </UnstyledButton>
                </Table.Td>
                <Table.Td className={classes.num}>{folder ? '—' : formatBytes(entry.size)}</Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {typeLabel(entry.name, folder)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {formatDateTime(entry.updated)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <FileRowMenu entry={entry} onAction={onAction} />
                </Table.Td>
              </Table.Tr>
            );
          })}
          {after > 0 && (
            <tr aria-hidden>
              <td colSpan={5} style={{ height: after, padding: 0, border: 0 }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
      {loadingMore && (
        <Center py="sm">
          <Loader size="xs" aria-label="Loading more files" />
        </Center>
      )}
    </Box>
  );
}
