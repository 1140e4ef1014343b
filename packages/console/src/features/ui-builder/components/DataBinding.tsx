import { useSyncExternalStore } from 'react';
import { Group, MultiSelect, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { setDataSources, updateNode } from '../model/doc-state';
import type { EditorStore } from '../model/editor-store';
import type { PropValue, TableDataSource } from '../model/schema';
import { dataSourceOf } from '../canvas/preview-value';
import type { TableColumns } from '../canvas/editor-context';

/** A data source id for a table: its name with a lower-case first letter (`Orders` → `orders`). */
export function dataSourceIdFor(table: string, taken: readonly TableDataSource[]): string {
  const base = (table.charAt(0).toLowerCase() + table.slice(1))
    .replace(/[^A-Za-z0-9_]/g, '_')
    .replace(/^[^A-Za-z_]/, '_');
  const ids = new Set(taken.map((d) => d.id));
  if (!ids.has(base)) return base;
  for (let i = 2; ; i += 1) if (!ids.has(`${base}${i}`)) return `${base}${i}`;
}

const sortParts = (sortBy: TableDataSource['sortBy']): [string | null, 'asc' | 'desc'] => {
  const first = Array.isArray(sortBy) ? sortBy[0] : sortBy;
  if (!first) return [null, 'asc'];
  const [col, dir] = first.trim().split(/\s+/);
  return [col, dir?.toLowerCase() === 'desc' ? 'desc' : 'asc'];
};

/**
 * The binding picker of a `data` property: pick one of the app's tables, and the page gets a
 * data source for it (`{"$data": "orders"}` on the node, `{id, kind: 'table', table}` on the page);
 * then sort, page size, condition and, for a Data Table, the columns shown.
 */
export function DataBinding({
  store,
  uid,
  prop,
  value,
  tables,
  columnsProp,
  columnsValue,
}: {
  store: EditorStore;
  uid: string;
  prop: string;
  value: PropValue | undefined;
  tables: TableColumns;
  /** Name of the node's `columns` property, when it has one. */
  columnsProp?: string;
  columnsValue?: PropValue;
}) {
  const sources = useSyncExternalStore(store.subscribe, () => store.state.dataSources);
  const id = dataSourceOf(value);
  const ds = id ? sources.find((d) => d.id === id) : undefined;
  const columns = ds ? [...(tables.get(ds.table) ?? [])] : [];
  const [sortCol, sortDir] = sortParts(ds?.sortBy);

  const chooseTable = (table: string | null) =>
    store.apply((s) => {
      if (!table) return updateNode(s, uid, (n) => ({ ...n, props: { ...n.props, [prop]: null } }));
      // A source of this table that the page already has is shared rather than duplicated.
      const existing = s.dataSources.find((d) => d.table === table);
      const source = existing ?? { id: dataSourceIdFor(table, s.dataSources), kind: 'table' as const, table };
      const withSource = existing ? s : setDataSources(s, [...s.dataSources, source]);
      return updateNode(withSource, uid, (n) => {
        const props: Record<string, PropValue> = { ...n.props, [prop]: { $data: source.id } };
        if (columnsProp) props[columnsProp] = [];
        return { ...n, props };
      });
    });

  const patchSource = (patch: Partial<TableDataSource>, key: string) =>
    ds &&
    store.apply(
      (s) =>
        setDataSources(
          s,
          s.dataSources.map((d) => {
            if (d.id !== ds.id) return d;
            const next: TableDataSource = { ...d, ...patch };
            for (const k of Object.keys(patch) as Array<keyof TableDataSource>)
              if (next[k] === undefined) delete next[k];
            return next;
          }),
        ),
      `${ds.id}.${key}`,
    );

  const shownColumns = Array.isArray(columnsValue)
    ? (columnsValue as Array<{ field?: string }>).map((c) => c.field ?? '').filter(Boolean)
    : [];

  return (
    <Stack gap="xs">
      <Select
        label="Table"
        description="Rows of this table feed the component"
        placeholder="Choose a table"
        data={[...tables.keys()]}
        value={ds?.table ?? null}
        onChange={chooseTable}
        searchable
        clearable
        nothingFoundMessage="No such table"
      />
      {ds && (
        <>
          <Text size="xs" c="dimmed">
            Data source <code>{ds.id}</code>
          </Text>
          {columnsProp && (
            <MultiSelect
              label="Columns shown"
              description="In this order; none chosen shows every column"
              data={columns}
              value={shownColumns}
              onChange={(fields) =>
                store.apply((s) =>
                  updateNode(s, uid, (n) => ({
                    ...n,
                    props: { ...n.props, [columnsProp]: fields.map((field) => ({ field, label: field })) },
                  })),
                )
              }
              searchable
            />
          )}
          <Group grow gap="xs" align="flex-end">
            <Select
              label="Sort by"
              data={columns}
              value={sortCol}
              clearable
              onChange={(c) => patchSource({ sortBy: c ? `${c} ${sortDir}` : undefined }, 'sort')}
            />
            <Select
              label="Direction"
              aria-label="Sort direction"
              data={[
                { value: 'asc', label: 'Ascending' },
                { value: 'desc', label: 'Descending' },
              ]}
              value={sortDir}
              disabled={!sortCol}
              allowDeselect={false}
              onChange={(d) => sortCol && patchSource({ sortBy: `${sortCol} ${d}` }, 'sort')}
            />
          </Group>
          <NumberInput
            label="Rows per page"
            min={1}
            max={100}
            value={ds.pageSize ?? 10}
            onChange={(v) => patchSource({ pageSize: typeof v === 'number' ? v : undefined }, 'pageSize')}
          />
          <TextInput
            label="Condition (where)"
            description="e.g. amount > 100; values from the page go in as $parameters"
            value={ds.where ?? ''}
            onChange={(e) => patchSource({ where: e.currentTarget.value || undefined }, 'where')}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
        </>
      )}
    </Stack>
  );
}
