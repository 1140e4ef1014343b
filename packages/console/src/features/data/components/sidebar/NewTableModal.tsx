import { useEffect, useEffectEvent, useState } from 'react';
import { ActionIcon, Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { notifications } from '@mantine/notifications';
import { useCreateTable } from '../../api/tables.queries';
import { fieldError, formError } from '../../../../lib/errors';
import { ScalarDataTypes } from '@basalt/shared';
import { TYPE_LABELS } from '../../data-format';

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const NAME_HINT = 'Use letters, digits and _; start with a letter';
// Starter columns are created with the table: relation columns need a target, so they come later.
const STARTER_TYPES = ScalarDataTypes.map((t) => ({ value: t, label: TYPE_LABELS[t] }));

interface Starter {
  name: string;
  dataType: string;
}

/** "New table" (Shift+N): a name and optional starter columns, created in one request. */
export function NewTableModal({ appId, opened, onClose }: { appId: string; opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const create = useCreateTable(appId);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [columns, setColumns] = useState<Starter[]>([]);

  const resetForm = useEffectEvent(() => {
    setName('');
    setNameError(undefined);
    setColumns([]);
    create.reset();
  });
  useEffect(() => {
    if (opened) resetForm();
  }, [opened]);

  const columnErrors = columns.map((c, i) =>
    c.name && !NAME.test(c.name) ? NAME_HINT : c.name && columns.findIndex((o) => o.name.toLowerCase() === c.name.toLowerCase()) !== i ? 'Already used above' : undefined,
  );

  const submit = () => {
    if (create.isPending) return;
    if (!NAME.test(name)) return setNameError(name ? NAME_HINT : 'Name the table');
    if (columnErrors.some(Boolean)) return;
    const starter = columns.filter((c) => c.name.trim()).map((c) => ({ name: c.name.trim(), dataType: c.dataType }));
    create.mutate(
      { name, columns: starter.length ? starter : undefined },
      {
        onSuccess: (table) => {
          notifications.show({ color: 'teal', message: `Table ${table.name} created` });
          onClose();
          navigate(`/apps/${appId}/data/${encodeURIComponent(table.name)}`);
        },
      },
    );
  };

  const topError = formError(create.error, ['name']);
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>New table</Text>} size="lg">
      <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <Stack gap="md">
          <TextInput
            label="Table name"
            withAsterisk
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onBlur={() => setNameError(name && !NAME.test(name) ? NAME_HINT : undefined)}
            error={nameError ?? fieldError(create.error, 'name')}
            description="Every table gets objectId, created, updated and ownerId."
            data-autofocus
            autoComplete="off"
          />
          <Stack gap="xs">
            <Text size="sm" fw={500}>Starter columns (optional)</Text>
            {columns.map((column, i) => (
              <Group key={i} gap="sm" align="flex-start" wrap="nowrap">
                <TextInput
                  label={`Column ${i + 1} name`}
                  value={column.name}
                  onChange={(e) => { const v = e.currentTarget.value; setColumns((cs) => cs.map((c, j) => (j === i ? { ...c, name: v } : c))); }}
                  error={columnErrors[i]}
                  style={{ flex: 1 }}
                  autoComplete="off"
                />
                <Select
                  label={`Column ${i + 1} type`}
                  data={STARTER_TYPES}
                  value={column.dataType}
                  onChange={(v) => setColumns((cs) => cs.map((c, j) => (j === i ? { ...c, dataType: v ?? 'STRING' } : c)))}
                  allowDeselect={false}
                  w={180}
                />
                <ActionIcon variant="subtle" color="gray" mt={26} aria-label={`Remove column ${i + 1}`} onClick={() => setColumns((cs) => cs.filter((_, j) => j !== i))}>
                  <IconX size={16} stroke={1.5} />
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button variant="subtle" size="xs" leftSection={<IconPlus size={14} stroke={1.5} />} onClick={() => setColumns((cs) => [...cs, { name: '', dataType: 'STRING' }])}>
                Add a column
              </Button>
            </Group>
            <Text size="xs" c="dimmed">Relations and column options are set in the schema editor afterwards.</Text>
          </Stack>
          {topError ? <Alert color="red" variant="light" role="alert">{topError}</Alert> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={create.isPending}>Create table</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
