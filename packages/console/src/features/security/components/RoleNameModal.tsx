import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { fieldError, formError } from '../../../lib/errors';
import { roleNameError } from './role-name';

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (name: string) => void;
  loading?: boolean;
  error?: unknown;
}

/** Create or rename a role: one field, validated on blur and submit. */
export function RoleNameModal({ opened, onClose, title, submitLabel, initial = '', onSubmit, loading, error }: Props) {
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (opened) {
      setName(initial);
      setTouched(false);
    }
  }, [opened, initial]);
  const local = touched ? roleNameError(name) : undefined;
  const serverField = fieldError(error, 'name') ?? fieldError(error, 'roleName');
  const top = formError(error, ['name', 'roleName']);

  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!roleNameError(name) && !loading) onSubmit(name.trim());
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Role name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={local ?? serverField}
            data-autofocus
            autoComplete="off"
          />
          {top && (
            <Alert color="red" variant="light" role="alert">
              {top}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
