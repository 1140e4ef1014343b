import { useState } from 'react';
import { Alert, Button, Group, Modal, NumberInput, PasswordInput, Select, Stack, Text, TextInput } from '@mantine/core';
import type { SqlConnectionInput } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { useCreateConnection, useTestConnection } from '../api/sql-editor.queries';

const TYPES = [
  { value: 'POSTGRESQL', label: 'PostgreSQL' },
  { value: 'MYSQL', label: 'MySQL / MariaDB' },
  { value: 'SQLITE', label: 'SQLite file' },
];
const PORTS: Record<string, number> = { POSTGRESQL: 5432, MYSQL: 3306 };

/**
 * A new connection to an external database. "Test" connects without saving; "Save" connects too
 * (the server refuses to save settings it cannot connect with) and shows the database's message.
 */
export function ConnectionModal({
  appId,
  opened,
  onClose,
  onCreated,
}: {
  appId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (name: string) => void;
}) {
  const [form, setForm] = useState<SqlConnectionInput>({ name: '', type: 'POSTGRESQL', host: '', port: 5432 });
  const create = useCreateConnection(appId);
  const test = useTestConnection(appId);
  const sqlite = form.type === 'SQLITE';
  const set = (patch: Partial<SqlConnectionInput>) => setForm((f) => ({ ...f, ...patch }));
  const error = create.error ?? test.error;
  const fieldError = (field: string) => (errorInfo(error).field === field ? errorInfo(error).message : undefined);

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>New SQL connection</Text>}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(form, { onSuccess: (c) => onCreated(c.name) });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            data-autofocus
            value={form.name ?? ''}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={fieldError('name')}
          />
          <Select
            label="Database"
            data={TYPES}
            value={form.type ?? 'POSTGRESQL'}
            allowDeselect={false}
            onChange={(type) => set({ type: type ?? 'POSTGRESQL', port: PORTS[type ?? ''] })}
          />
          {!sqlite && (
            <Group grow>
              <TextInput
                label="Host"
                required
                value={form.host ?? ''}
                onChange={(e) => set({ host: e.currentTarget.value })}
                error={fieldError('host')}
              />
              <NumberInput
                label="Port"
                min={1}
                max={65535}
                value={Number(form.port ?? 0) || ''}
                onChange={(v) => set({ port: Number(v) || undefined })}
              />
            </Group>
          )}
          <TextInput
            label={sqlite ? 'File (in the directory the server allows)' : 'Database name'}
            required
            value={form.database ?? ''}
            onChange={(e) => set({ database: e.currentTarget.value })}
            error={fieldError('database')}
          />
          {!sqlite && (
            <Group grow>
              <TextInput
                label="User"
                required
                value={form.username ?? ''}
                onChange={(e) => set({ username: e.currentTarget.value })}
              />
              <PasswordInput
                label="Password"
                value={form.password ?? ''}
                onChange={(e) => set({ password: e.currentTarget.value })}
              />
            </Group>
          )}
          {error && !errorInfo(error).field ? (
            <Alert color="red" variant="light" role="alert">
              {errorInfo(error).message}
            </Alert>
          ) : null}
          {test.isSuccess && !test.error ? (
            <Alert color="green" variant="light" role="status">
              Connected: {test.data.tables} tables and views.
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button variant="light" loading={test.isPending} onClick={() => test.mutate(form)}>
              Test
            </Button>
            <Button type="submit" loading={create.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
