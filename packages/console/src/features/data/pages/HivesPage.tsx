import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Code, Group, Modal, NavLink, Paper, Stack, Table, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconHexagons, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { HiveStoreTypes, type HiveStoreType } from '@basalt/shared';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { TypeToConfirmModal } from '../../../components/TypeToConfirmModal';
import { useCreateHive, useDeleteHive, useGetHiveNames, useHiveKeys } from '../api/tools.queries';
import { errorInfo } from '../../../lib/errors';

const STORE_LABELS: Record<HiveStoreType, string> = { 'key-value': 'Key-Value', list: 'List', map: 'Map', set: 'Set', 'sorted-set': 'Sorted set' };

function preview(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text && text.length > 300 ? `${text.slice(0, 300)}…` : (text ?? '');
}

/** One store's keys and values, with a glob filter and cursor "Load more". */
function StoreKeys({ appId, hive, store }: { appId: string; hive: string; store: HiveStoreType }) {
  const [pattern, setPattern] = useState('');
  const [debounced] = useDebouncedValue(pattern, 300);
  const [cursors, setCursors] = useState<Array<string | undefined>>([undefined]);
  return (
    <Stack gap="sm">
      <TextInput label="Filter keys" description="Glob: * any run, ? one character" leftSection={<IconSearch size={16} stroke={1.5} />} value={pattern} onChange={(e) => { setPattern(e.currentTarget.value); setCursors([undefined]); }} maw={360} />
      <Table verticalSpacing={6} aria-label={`${STORE_LABELS[store]} keys`} layout="fixed">
        <Table.Thead><Table.Tr><Table.Th w="30%">Key</Table.Th><Table.Th>{store === 'sorted-set' ? 'Members by rank (score, member)' : 'Value'}</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody>
          {cursors.map((cursor, i) => (
            <KeysPage key={`${debounced}#${i}`} appId={appId} hive={hive} store={store} pattern={debounced} cursor={cursor} last={i === cursors.length - 1} onMore={(next) => setCursors((c) => [...c, next])} />
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function KeysPage({ appId, hive, store, pattern, cursor, last, onMore }: { appId: string; hive: string; store: HiveStoreType; pattern: string; cursor?: string; last: boolean; onMore: (cursor: string) => void }) {
  const { data, isLoading, error } = useHiveKeys(appId, hive, store, pattern, cursor);
  if (isLoading) return <Table.Tr><Table.Td colSpan={2}><Text size="sm" c="dimmed">Loading keys…</Text></Table.Td></Table.Tr>;
  if (error) return <Table.Tr><Table.Td colSpan={2}><Text size="sm" c="red">{errorInfo(error).message}</Text></Table.Td></Table.Tr>;
  if (!data) return null;
  return (
    <>
      {data.keys.length === 0 && !cursor && <Table.Tr><Table.Td colSpan={2}><Text size="sm" c="dimmed">No keys in this store{pattern ? ' match' : ''}.</Text></Table.Td></Table.Tr>}
      {data.keys.map((key) => (
        <Table.Tr key={key}>
          <Table.Td><Text className="mono" size="sm" truncate>{key}</Text></Table.Td>
          <Table.Td><Text className="mono" size="xs" style={{ wordBreak: 'break-all' }}>{preview(data.values[key])}</Text></Table.Td>
        </Table.Tr>
      ))}
      {last && data.cursorId !== '0' && (
        <Table.Tr><Table.Td colSpan={2}><Button size="xs" variant="subtle" onClick={() => onMore(data.cursorId)}>Load more keys</Button></Table.Td></Table.Tr>
      )}
    </>
  );
}

/** Hives: the list of hives, then a hive's stores by type, then keys with values. */
export default function HivesPage() {
  const { appId = '', hive, store } = useParams();
  const navigate = useNavigate();
  const base = `/apps/${appId}/data/-/hives`;
  const { data: hives, isLoading, error, refetch } = useGetHiveNames(appId);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<string | null>(null);
  const create = useCreateHive(appId);
  const remove = useDeleteHive(appId);
  const storeType = (HiveStoreTypes as readonly string[]).includes(store ?? '') ? (store as HiveStoreType) : 'key-value';

  return (
    <Stack p="lg" gap="md">
      <PageHeader title="Hives" description="Key-value, list, map, set and sorted-set stores" actions={<Button leftSection={<IconPlus size={18} stroke={1.5} />} onClick={() => { setName(''); create.reset(); setCreating(true); }}>New hive</Button>} />
      {error ? <ErrorAlert error={error} onRetry={() => void refetch()} /> : null}
      {isLoading ? <PageSkeleton rows={3} /> : (
        <Group align="flex-start" gap="lg" wrap="nowrap">
          <Paper withBorder w={220} p={4} style={{ flex: 'none' }} component="nav" aria-label="Hives">
            {(hives ?? []).length === 0 && <Text size="sm" c="dimmed" p="sm">No hives yet.</Text>}
            {(hives ?? []).map((h) => (
              <NavLink key={h} label={h} leftSection={<IconHexagons size={16} stroke={1.5} />} active={h === hive} onClick={() => navigate(`${base}/${encodeURIComponent(h)}/key-value`)} />
            ))}
          </Paper>
          <Stack style={{ flex: 1, minWidth: 0 }} gap="sm">
            {!hive ? (
              <Text size="sm" c="dimmed">Pick a hive to browse its stores.</Text>
            ) : (
              <>
                <Group justify="space-between">
                  <Text fw={600}>{hive}</Text>
                  <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} stroke={1.5} />} onClick={() => { remove.reset(); setDeleting(hive); }}>Delete hive</Button>
                </Group>
                <Tabs value={storeType} onChange={(v) => v && navigate(`${base}/${encodeURIComponent(hive)}/${v}`, { replace: true })} keepMounted={false}>
                  <Tabs.List mb="sm">
                    {HiveStoreTypes.map((t) => <Tabs.Tab key={t} value={t}>{STORE_LABELS[t]}</Tabs.Tab>)}
                  </Tabs.List>
                  {HiveStoreTypes.map((t) => <Tabs.Panel key={t} value={t}><StoreKeys appId={appId} hive={hive} store={t} /></Tabs.Panel>)}
                </Tabs>
                <Text size="xs" c="dimmed">Values are written by your app, e.g. <Code>PUT …/hive/{hive}/{storeType}/&lt;key&gt;</Code>.</Text>
              </>
            )}
          </Stack>
        </Group>
      )}
      <Modal opened={creating} onClose={() => setCreating(false)} title={<Text fw={600}>New hive</Text>}>
        <form onSubmit={(e) => { e.preventDefault(); if (!name.trim() || create.isPending) return; create.mutate(name.trim(), { onSuccess: () => { setCreating(false); navigate(`${base}/${encodeURIComponent(name.trim())}/key-value`); } }); }}>
          <Stack gap="md">
            <TextInput label="Hive name" description="Letters, digits, _ and -" withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
            {create.error ? <Alert color="red" variant="light" role="alert">{errorInfo(create.error).message}</Alert> : null}
            <Group justify="flex-end"><Button variant="default" onClick={() => setCreating(false)}>Cancel</Button><Button type="submit" loading={create.isPending} disabled={!name.trim()}>Create hive</Button></Group>
          </Stack>
        </form>
      </Modal>
      <TypeToConfirmModal opened={!!deleting} onClose={() => setDeleting(null)} title={`Delete hive ${deleting ?? ''}?`} expected={deleting ?? ''} inputLabel="Type the hive name to confirm"
        consequences="Every store of the hive and every key in them are removed for good." confirmLabel="Delete hive" loading={remove.isPending} error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting, { onSuccess: (n) => { notifications.show({ color: 'teal', message: `Hive ${deleting} deleted (${n} keys)` }); setDeleting(null); navigate(base); } })} />
    </Stack>
  );
}
