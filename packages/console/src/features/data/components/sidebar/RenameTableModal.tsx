import { useEffect, useEffectEvent, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DataTable } from '@basalt/shared';
import { useUpdateTable } from '../../api/tables.queries';
import { fieldError, formError } from '../../../../lib/errors';

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Renames a table: a metadata change, rows and relations stay as they are. */
export function RenameTableModal({ appId, table, onClose, onRenamed }: { appId: string; table: DataTable | null; onClose: () => void; onRenamed: (name: string) => void }) {
  const update = useUpdateTable(appId);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();

  const fill = useEffectEvent((name: string) => {
    setName(name);
    setError(undefined);
    update.reset();
  });
  useEffect(() => {
    if (table) fill(table.name);
  }, [table]);

  const submit = () => {
    if (!table || update.isPending) return;
    if (!NAME.test(name)) return setError('Use letters, digits and _; start with a letter');
    if (name === table.name) return onClose();
    update.mutate(
      { table, name },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: `Table renamed to ${name}` });
          onRenamed(name);
        },
      },
    );
  };

  const top = formError(update.error, ['name']);
  return (
    <Modal opened={!!table} onClose={onClose} title={<Text fw={600}>Rename {table?.name}</Text>}>
      <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <Stack gap="md">
          <TextInput label="New table name" value={name} onChange={(e) => setName(e.currentTarget.value)} error={error ?? fieldError(update.error, 'name')} data-autofocus autoComplete="off"
            description="Apps that call the table by its old name stop finding it." />
          {top ? <Alert color="red" variant="light" role="alert">{top}</Alert> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={update.isPending}>Rename</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
