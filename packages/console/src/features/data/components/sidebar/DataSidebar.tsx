import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ActionIcon, Button, Group, Menu, NavLink, ScrollArea, Skeleton, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconBolt, IconBrandAirtable, IconBrandFirebase, IconDatabaseImport, IconDots, IconEye, IconFileTypeCsv, IconHexagons, IconLock, IconNumbers, IconPlus, IconSearch, IconSettings, IconTable } from '@tabler/icons-react';
import type { DataTable } from '@basalt/shared';
import { downloadText, useGetRecordsCountForTables, useGetTables, useRemoveTable } from '../../api/tables.queries';
import { useGetViews } from '../../api/views.queries';
import { dataKeys } from '../../api/data.keys';
import { useQueryClient } from '@tanstack/react-query';
import { exportRecordsCsv } from '../../api/records.queries';
import { errorInfo } from '../../../../lib/errors';
import { useIntentParam } from '../../../../lib/use-intent-param';
import { TypeToConfirmModal } from '../../../../components/TypeToConfirmModal';
import { formatEstimate, numberFormat } from '../../data-format';
import { onNewTableRequest } from '../../new-table-signal';
import { NewTableModal } from './NewTableModal';
import { ImportAirtableModal } from '../import/ImportAirtableModal';
import { ImportFirebaseModal } from '../import/ImportFirebaseModal';
import { ImportStepsModal } from '../import/ImportStepsModal';
import { RenameTableModal } from './RenameTableModal';
import { ConnectorsSection } from '../../../data-connectors/components/ConnectorsSection';
import { TableMenu, type TableAction } from './TableMenu';
import classes from './DataSidebar.module.css';

function SectionLabel({ children }: { children: string }) {
  return (
    <Text component="h2" className={classes.section}>
      {children}
    </Text>
  );
}

/** The Data area's own sidebar: tables with estimated counts, views, and the data tools. */
export function DataSidebar({ appId }: { appId: string }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const base = `/apps/${appId}/data`;
  const { data: tables, isLoading, error } = useGetTables(appId);
  const { data: counts } = useGetRecordsCountForTables(appId, tables);
  const { data: views } = useGetViews(appId);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<DataTable | null>(null);
  const [deleting, setDeleting] = useState<DataTable | null>(null);
  const remove = useRemoveTable(appId);
  const queryClient = useQueryClient();
  const [importing, setImporting] = useState<'airtable' | 'firebase' | 'csv' | null>(null);
  const reloadTables = () => void queryClient.invalidateQueries({ queryKey: dataKeys.tables(appId) });

  useHotkeys([['shift+N', () => setCreating(true)]]);
  useEffect(() => onNewTableRequest(() => setCreating(true)), []);
  const openNew = useCallback(() => setCreating(true), []);
  useIntentParam('new', 'table', openNew);

  const needle = search.trim().toLowerCase();
  const matches = (name: string) => !needle || name.toLowerCase().includes(needle);
  const sorted = [...(tables ?? [])].filter((t) => matches(t.name)).sort((a, b) => Number(b.system) - Number(a.system) || a.name.localeCompare(b.name));
  const tableHref = (t: DataTable) => `${base}/${encodeURIComponent(t.name)}`;

  const onAction = async (table: DataTable, action: TableAction) => {
    setMenuFor(null);
    if (action === 'open') navigate(tableHref(table));
    if (action === 'schema') navigate(`${tableHref(table)}/schema`);
    if (action === 'rename') setRenaming(table);
    if (action === 'delete') setDeleting(table);
    if (action === 'export') {
      try {
        downloadText(`${table.name}.csv`, await exportRecordsCsv(appId, table));
        notifications.show({ color: 'teal', message: `${table.name}.csv downloaded` });
      } catch (err) {
        notifications.show({ color: 'red', title: 'Export failed', message: errorInfo(err).message });
      }
    }
  };

  return (
    <Stack gap={0} h="100%" className={classes.root}>
      <Stack gap="xs" p="sm" pb={4}>
        <TextInput label="Find a table" size="xs" leftSection={<IconSearch size={14} stroke={1.5} />} value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
        <Tooltip label="New table  Shift+N" position="right">
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} stroke={1.5} />} onClick={() => setCreating(true)} aria-keyshortcuts="Shift+N">
            New table
          </Button>
        </Tooltip>
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="subtle" color="gray" leftSection={<IconDatabaseImport size={14} stroke={1.5} />}>
              Import from…
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconFileTypeCsv size={16} stroke={1.5} />} onClick={() => setImporting('csv')}>
              Import CSV into a table
            </Menu.Item>
            <Menu.Item leftSection={<IconBrandAirtable size={16} stroke={1.5} />} onClick={() => setImporting('airtable')}>
              Import from Airtable
            </Menu.Item>
            <Menu.Item leftSection={<IconBrandFirebase size={16} stroke={1.5} />} onClick={() => setImporting('firebase')}>
              Import from Firebase Auth
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <ImportAirtableModal appId={appId} opened={importing === 'airtable'} onClose={() => setImporting(null)} onImported={reloadTables} />
        <ImportStepsModal appId={appId} opened={importing === 'csv'} onClose={() => setImporting(null)} onImported={reloadTables} />
        <ImportFirebaseModal appId={appId} opened={importing === 'firebase'} onClose={() => setImporting(null)} onImported={reloadTables} />
      </Stack>
      <ScrollArea style={{ flex: 1 }} type="scroll">
        <nav aria-label="Tables and data tools">
          <Stack gap={2} p="sm" pt={4}>
            <SectionLabel>Tables</SectionLabel>
            {isLoading && Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={28} radius="sm" />)}
            {error ? <Text size="xs" c="red">{errorInfo(error).message}</Text> : null}
            {sorted.map((table) => {
              const href = tableHref(table);
              const active = pathname === href || pathname.startsWith(`${href}/`);
              const count = counts?.[table.name];
              return (
                <TableMenu
                  key={table.tableId}
                  opened={menuFor === table.tableId}
                  onChange={(o) => setMenuFor(o ? table.tableId : null)}
                  system={table.system}
                  onAction={(a) => void onAction(table, a)}
                  target={
                    <div
                      className={classes.row}
                      onContextMenu={(e) => {
                        e.preventDefault();
                        setMenuFor(table.tableId);
                      }}
                    >
                      <NavLink
                        component={Link}
                        to={href}
                        active={active}
                        aria-current={active ? 'page' : undefined}
                        className={classes.link}
                        leftSection={table.system ? <IconLock size={16} stroke={1.5} aria-label="System table" /> : <IconTable size={16} stroke={1.5} />}
                        label={table.name}
                        rightSection={
                          count !== undefined ? (
                            <Tooltip label={`${numberFormat.format(count)} records (estimate, refreshed every 30 s)`} position="right">
                              <Text size="xs" c="dimmed" className={classes.count}>{formatEstimate(count)}</Text>
                            </Tooltip>
                          ) : null
                        }
                      />
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="sm"
                        className={classes.more}
                        aria-label={`Actions for ${table.name}`}
                        onClick={(e) => {
                          e.stopPropagation();
                          setMenuFor(menuFor === table.tableId ? null : table.tableId);
                        }}
                      >
                        <IconDots size={14} stroke={1.5} />
                      </ActionIcon>
                    </div>
                  }
                />
              );
            })}
            {tables && sorted.length === 0 && <Text size="xs" c="dimmed" px="xs">No table matches “{search}”.</Text>}

            <ConnectorsSection appId={appId} matches={matches} label={(text) => <SectionLabel>{text}</SectionLabel>} />

            <Group justify="space-between" mt="md" wrap="nowrap">
              <SectionLabel>Views</SectionLabel>
              <Tooltip label="New view">
                <ActionIcon component={Link} to={`${base}/-/views/new`} variant="subtle" color="gray" size="sm" aria-label="New view">
                  <IconPlus size={14} stroke={1.5} />
                </ActionIcon>
              </Tooltip>
            </Group>
            {(views ?? []).filter((v) => matches(v.name)).map((view) => {
              const href = `${base}/-/views/${encodeURIComponent(view.viewId)}`;
              return <NavLink key={view.viewId} component={Link} to={href} active={pathname === href} className={classes.link} leftSection={<IconEye size={16} stroke={1.5} />} label={view.name} description={`on ${view.tableName}`} />;
            })}
            {views && views.length === 0 && <Text size="xs" c="dimmed" px="xs">Saved selections over a table.</Text>}

            <SectionLabel>Tools</SectionLabel>
            {[
              { href: `${base}/-/counters`, label: 'Counters', icon: IconNumbers },
              { href: `${base}/-/cache`, label: 'Cache', icon: IconBolt },
              { href: `${base}/-/hives`, label: 'Hives', icon: IconHexagons },
              { href: `${base}/-/config`, label: 'Configuration', icon: IconSettings },
            ].map((tool) => (
              <NavLink key={tool.href} component={Link} to={tool.href} active={pathname.startsWith(tool.href)} className={classes.link} leftSection={<tool.icon size={16} stroke={1.5} />} label={tool.label} />
            ))}
          </Stack>
        </nav>
      </ScrollArea>
      <NewTableModal appId={appId} opened={creating} onClose={() => setCreating(false)} />
      <RenameTableModal
        appId={appId}
        table={renaming}
        onClose={() => setRenaming(null)}
        onRenamed={(name) => {
          const old = renaming;
          setRenaming(null);
          if (old && pathname.startsWith(tableHref(old))) navigate(`${base}/${encodeURIComponent(name)}`);
        }}
      />
      <TypeToConfirmModal
        opened={!!deleting}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        title={`Delete table ${deleting?.name ?? ''}?`}
        expected={deleting?.name ?? ''}
        inputLabel="Type the table name to confirm"
        consequences={
          <>
            The table, its columns and every record are removed for good
            {deleting && counts?.[deleting.name] !== undefined ? ` (${numberFormat.format(counts[deleting.name])} records)` : ''}. Apps that read it get errors.
          </>
        }
        confirmLabel="Delete table"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { table: deleting },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: `Table ${deleting.name} deleted` });
                if (pathname.startsWith(tableHref(deleting))) navigate(base);
                setDeleting(null);
              },
            },
          )
        }
      />
    </Stack>
  );
}
