import { useState } from 'react';
import { useParams } from 'react-router';
import { ActionIcon, Alert, Button, Group, Modal, NumberInput, Pagination, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconEdit, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import type { CounterItem } from '@basalt/shared';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { COUNTERS_PAGE, useCreateCounter, useGetCounters, useRemoveCounter, useUpdateCounter } from '../api/tools.queries';
import { errorInfo } from '../../../lib/errors';
import { numberFormat } from '../data-format';

/** Atomic counters: list with a name filter, create, compare-and-set edits, delete. */
export default function CountersPage() {
  const { appId = '' } = useParams();
  const [pattern, setPattern] = useState('');
  const [debounced] = useDebouncedValue(pattern, 300);
  const [page, setPage] = useState(0);
  const glob = debounced ? (/[*?]/.test(debounced) ? debounced : `*${debounced}*`) : '*';
  const { data, isLoading, error, refetch } = useGetCounters(appId, glob, page);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<CounterItem | null>(null);
  const [deleting, setDeleting] = useState<CounterItem | null>(null);
  const [name, setName] = useState('');
  const [value, setValue] = useState<string | number>(0);
  const create = useCreateCounter(appId);
  const update = useUpdateCounter(appId);
  const remove = useRemoveCounter(appId);

  const openEdit = (counter: CounterItem) => {
    update.reset();
    setValue(counter.value);
    setEditing(counter);
  };

  return (
    <Stack p="lg" gap="md">
      <PageHeader
        title="Counters"
        description={data ? `${numberFormat.format(data.totalRows)} counter${data.totalRows === 1 ? '' : 's'} · atomic numbers your app increments safely` : 'Atomic numbers your app increments safely'}
        actions={<Button leftSection={<IconPlus size={18} stroke={1.5} />} onClick={() => { setName(''); setValue(0); create.reset(); setCreating(true); }}>New counter</Button>}
      />
      <TextInput label="Find counters" description="Part of a name, or a pattern with * and ?" leftSection={<IconSearch size={16} stroke={1.5} />} value={pattern} onChange={(e) => { setPattern(e.currentTarget.value); setPage(0); }} maw={360} />
      {error ? <ErrorAlert error={error} onRetry={() => void refetch()} /> : null}
      {isLoading ? <PageSkeleton rows={4} /> : data && data.data.length === 0 ? (
        <Text size="sm" c="dimmed">{debounced ? 'No counter matches.' : 'No counters yet. Create one here or let your app create it with its first increment.'}</Text>
      ) : data ? (
        <Table highlightOnHover verticalSpacing={6} aria-label="Counters">
          <Table.Thead><Table.Tr><Table.Th>Name</Table.Th><Table.Th ta="right">Value</Table.Th><Table.Th w={90} /></Table.Tr></Table.Thead>
          <Table.Tbody>
            {data.data.map((c) => (
              <Table.Tr key={c.name}>
                <Table.Td><Text className="mono" size="sm">{c.name}</Text></Table.Td>
                <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>{numberFormat.format(c.value)}</Table.Td>
                <Table.Td>
                  <Group gap={2} justify="flex-end" wrap="nowrap">
                    <Tooltip label="Set value"><ActionIcon variant="subtle" color="gray" aria-label={`Set ${c.name}`} onClick={() => openEdit(c)}><IconEdit size={16} stroke={1.5} /></ActionIcon></Tooltip>
                    <Tooltip label="Delete"><ActionIcon variant="subtle" color="red" aria-label={`Delete ${c.name}`} onClick={() => { remove.reset(); setDeleting(c); }}><IconTrash size={16} stroke={1.5} /></ActionIcon></Tooltip>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {data && data.totalRows > COUNTERS_PAGE && <Pagination total={Math.ceil(data.totalRows / COUNTERS_PAGE)} value={page + 1} onChange={(p) => setPage(p - 1)} size="sm" />}

      <Modal opened={creating} onClose={() => setCreating(false)} title={<Text fw={600}>New counter</Text>}>
        <form onSubmit={(e) => { e.preventDefault(); if (!name.trim() || create.isPending) return; create.mutate({ name: name.trim(), value: Number(value) || 0 }, { onSuccess: () => { notifications.show({ color: 'teal', message: `Counter ${name.trim()} created` }); setCreating(false); } }); }}>
          <Stack gap="md">
            <TextInput label="Counter name" withAsterisk value={name} onChange={(e) => setName(e.currentTarget.value)} data-autofocus />
            <NumberInput label="Initial value" value={value} onChange={setValue} allowDecimal={false} />
            {create.error ? <Alert color="red" variant="light" role="alert">{errorInfo(create.error).message}</Alert> : null}
            <Group justify="flex-end"><Button variant="default" onClick={() => setCreating(false)}>Cancel</Button><Button type="submit" loading={create.isPending} disabled={!name.trim()}>Create counter</Button></Group>
          </Stack>
        </form>
      </Modal>

      {/* Compare-and-set: the value shown when the dialog opened is sent as the current value, so a
          change made meanwhile by an app is refused (409) instead of silently overwritten. */}
      <Modal opened={!!editing} onClose={() => setEditing(null)} title={<Text fw={600}>Set {editing?.name}</Text>}>
        <form onSubmit={(e) => { e.preventDefault(); if (!editing || update.isPending) return; update.mutate({ name: editing.name, currentValue: editing.value, newValue: Number(value) || 0 }, { onSuccess: () => { notifications.show({ color: 'teal', message: `${editing.name} set to ${value}` }); setEditing(null); } }); }}>
          <Stack gap="md">
            <Text size="sm">Current value: <b>{editing ? numberFormat.format(editing.value) : ''}</b></Text>
            <NumberInput label="New value" value={value} onChange={setValue} allowDecimal={false} data-autofocus />
            {update.error ? (
              <Alert color="orange" variant="light" role="alert" title="The counter changed meanwhile">
                {errorInfo(update.error).message}
                {errorInfo(update.error).status === 409 && (
                  <Button size="xs" variant="light" mt="xs" onClick={async () => { const fresh = await refetch(); const now = fresh.data?.data.find((c) => c.name === editing?.name); if (now) { setEditing(now); update.reset(); } }}>
                    Use the new value and retry
                  </Button>
                )}
              </Alert>
            ) : null}
            <Group justify="flex-end"><Button variant="default" onClick={() => setEditing(null)}>Cancel</Button><Button type="submit" loading={update.isPending}>Save</Button></Group>
          </Stack>
        </form>
      </Modal>

      <ConfirmModal opened={!!deleting} title={`Delete counter ${deleting?.name ?? ''}?`} confirmLabel="Delete counter" onClose={() => setDeleting(null)} loading={remove.isPending} error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting.name, { onSuccess: () => { notifications.show({ color: 'teal', message: `Counter ${deleting.name} deleted` }); setDeleting(null); } })}>
        Its value ({deleting ? numberFormat.format(deleting.value) : ''}) is lost; the next increment starts again from 0.
      </ConfirmModal>
    </Stack>
  );
}
