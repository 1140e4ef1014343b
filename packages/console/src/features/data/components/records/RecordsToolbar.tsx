import { useEffect, useState } from 'react';
import { ActionIcon, Badge, Button, CloseButton, Group, Popover, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconArrowDown, IconArrowUp, IconFilter, IconRefresh, IconSearch } from '@tabler/icons-react';
import type { DataColumn } from '@basalt/shared';
import { errorInfo } from '../../../../lib/errors';
import { WhereBuilder } from './WhereBuilder';
import { readableFilter } from './where-builder';

interface Props {
  q: string;
  filter: string;
  sort: Array<{ column: string; dir: 'asc' | 'desc' }>;
  filterError: unknown;
  /** Columns the filter builder offers. */
  columns: DataColumn[];
  onSearch: (q: string) => void;
  onFilter: (filter: string) => void;
  onClearSort: () => void;
  onRefresh: () => void;
}

/**
 * Quick search (the SDK's search rules; debounced 300 ms into `q=`) and the where-language filter
 * (drafted freely, applied with Enter into `filter=`). A bad where shows the server's message
 * under the input; the grid keeps the last good result meanwhile.
 */
export function RecordsToolbar({ q, filter, sort, filterError, columns, onSearch, onFilter, onClearSort, onRefresh }: Props) {
  const [search, setSearch] = useState(q);
  const [draft, setDraft] = useState(filter);
  const [building, setBuilding] = useState(false);
  const debouncedSearch = useDebouncedCallback(onSearch, 300);

  useEffect(() => setSearch(q), [q]);
  useEffect(() => setDraft(filter), [filter]);

  const info = filterError ? errorInfo(filterError) : null;
  const applyFilter = () => onFilter(draft.trim());
  // An applied filter that compares dates (as epoch numbers) is repeated with readable dates.
  const readable = filter && draft === filter ? readableFilter(filter, columns) : null;

  return (
    <Group gap="sm" align="flex-start" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Text, number, true/false or d-m-yyyy"
        leftSection={<IconSearch size={16} stroke={1.5} />}
        value={search}
        onChange={(e) => {
          setSearch(e.currentTarget.value);
          debouncedSearch(e.currentTarget.value);
        }}
        rightSection={search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => { setSearch(''); onSearch(''); }} /> : null}
        w={260}
      />
      <TextInput
        id="records-filter"
        label="Filter (where)"
        placeholder="age > 30 and name like 'A%'"
        leftSection={<IconFilter size={16} stroke={1.5} />}
        value={draft}
        onChange={(e) => setDraft(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') applyFilter();
          if (e.key === 'Escape') setDraft(filter);
        }}
        error={info ? <span role="alert">{info.message}</span> : undefined}
        description={
          info ? undefined : draft !== filter ? 'Press Enter to apply' : readable ? (
            <Text span size="xs" c="dimmed" display="block" truncate title={readable} data-testid="filter-readable">Dates: {readable}</Text>
          ) : 'Where language: = != < > like in, and/or, relation paths'
        }
        rightSection={filter || draft ? <CloseButton size="sm" aria-label="Clear filter" onClick={() => { setDraft(''); onFilter(''); }} /> : null}
        classNames={{ input: 'mono' }}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        style={{ flex: 1, minWidth: 240 }}
      />
      <Popover opened={building} onChange={setBuilding} position="bottom-end" offset={30} width={720} shadow="md" trapFocus withinPortal>
        <Popover.Target>
          <Button mt={24} variant="default" leftSection={<IconAdjustmentsHorizontal size={16} stroke={1.5} />} onClick={() => setBuilding((o) => !o)} aria-expanded={building}>
            Builder
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <WhereBuilder
            columns={columns}
            onApply={(where) => {
              setDraft(where);
              onFilter(where);
              setBuilding(false);
            }}
          />
        </Popover.Dropdown>
      </Popover>
      <Group gap={6} mt={24} wrap="nowrap">
        {sort.map((s) => (
          <Badge key={s.column} variant="light" size="lg" radius="sm" tt="none" leftSection={s.dir === 'asc' ? <IconArrowUp size={12} /> : <IconArrowDown size={12} />}
            rightSection={<CloseButton size="xs" aria-label={`Stop sorting by ${s.column}`} onClick={onClearSort} />}>
            <Text span size="xs" fw={500}>{s.column}</Text>
          </Badge>
        ))}
        <Tooltip label="Refresh  Shift+R">
          <ActionIcon variant="default" size="lg" onClick={onRefresh} aria-label="Refresh records">
            <IconRefresh size={16} stroke={1.5} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
