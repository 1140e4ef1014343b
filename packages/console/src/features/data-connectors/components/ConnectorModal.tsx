import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  PasswordInput,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { DataConnectorInput } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { useActivateConnector, useConnectorTemplates, useTestConnector } from '../api/data-connectors.queries';

const EMPTY: DataConnectorInput = { name: '', type: 'POSTGRESQL', host: '', port: 5432, schema: 'public' };

/**
 * A new data connector: pick the kind of database, fill its credentials, "Test connection" connects
 * without saving, "Add connector" connects too (the server refuses settings it cannot connect with)
 * and shows the database's own message.
 */
export function ConnectorModal({
  appId,
  opened,
  onClose,
  onCreated,
}: {
  appId: string;
  opened: boolean;
  onClose: () => void;
  onCreated: (id: string) => void;
}) {
  const [form, setForm] = useState<DataConnectorInput>(EMPTY);
  const templates = useConnectorTemplates(appId, opened);
  const create = useActivateConnector(appId);
  const test = useTestConnector(appId);
  const template = templates.data?.find((t) => t.id === form.type);
  const set = (patch: Partial<DataConnectorInput>) => {
    // A changed field makes the last answer stale: its message goes with it.
    test.reset();
    create.reset();
    setForm((f) => ({ ...f, ...patch }));
  };
  const error = create.error ?? test.error;
  const fieldError = (field: string) => (errorInfo(error).field === field ? errorInfo(error).message : undefined);
  const pick = (type: string) => {
    const t = templates.data?.find((x) => x.id === type);
    const defaults = Object.fromEntries(
      (t?.fields ?? []).filter((f) => f.default !== undefined).map((f) => [f.name, f.default]),
    );
    set({ type, host: type === 'SQLITE' ? undefined : form.host, database: '', ...defaults });
  };
  const close = () => {
    setForm(EMPTY);
    create.reset();
    test.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={<Text fw={600}>New data connector</Text>} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate(form, {
            onSuccess: (c) => {
              setForm(EMPTY);
              onCreated(c.id);
            },
          });
        }}
      >
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The tables of an existing database appear under Connectors, read-only, beside the app’s own tables.
          </Text>
          <div>
            <Text size="sm" fw={500} mb={4}>
              Database
            </Text>
            <SegmentedControl
              fullWidth
              aria-label="Database"
              value={form.type ?? 'POSTGRESQL'}
              onChange={pick}
              data={(templates.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
            />
            {template ? (
              <Text size="xs" c="dimmed" mt={4}>
                {template.description}
              </Text>
            ) : null}
          </div>
          <TextInput
            label="Name"
            description="How the connector is listed"
            required
            data-autofocus
            value={form.name ?? ''}
            onChange={(e) => set({ name: e.currentTarget.value })}
            error={fieldError('name')}
          />
          {(template?.fields ?? []).map((f) =>
            f.type === 'password' ? (
              <PasswordInput
                key={f.name}
                label={f.label}
                value={String(form[f.name as keyof DataConnectorInput] ?? '')}
                onChange={(e) => set({ [f.name]: e.currentTarget.value })}
                error={fieldError(f.name)}
              />
            ) : f.type === 'number' ? (
              <NumberInput
                key={f.name}
                label={f.label}
                required={f.required}
                min={1}
                max={65535}
                value={Number(form[f.name as keyof DataConnectorInput] ?? 0) || ''}
                onChange={(v) => set({ [f.name]: Number(v) || undefined })}
                error={fieldError(f.name)}
              />
            ) : (
              <TextInput
                key={f.name}
                label={f.label}
                description={f.hint}
                required={f.required}
                value={String(form[f.name as keyof DataConnectorInput] ?? '')}
                onChange={(e) => set({ [f.name]: e.currentTarget.value })}
                error={fieldError(f.name)}
              />
            ),
          )}
          {error && !errorInfo(error).field ? (
            <Alert color="red" variant="light" role="alert" title="Could not connect">
              {errorInfo(error).message}
            </Alert>
          ) : null}
          {test.isSuccess ? (
            <Alert color="green" variant="light" role="status">
              Connected: {test.data.tables} tables and views in the database.
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button variant="light" loading={test.isPending} onClick={() => test.mutate(form)}>
              Test connection
            </Button>
            <Button type="submit" loading={create.isPending}>
              Add connector
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
