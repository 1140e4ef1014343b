import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { errorInfo } from '../../../lib/errors';

const NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** Why a channel name would be refused: it travels raw in app API URLs. */
export function channelNameProblem(name: string): string | undefined {
  if (!name) return 'Enter a channel name';
  if (name.length > 100) return 'Use at most 100 characters';
  if (!NAME.test(name)) return 'Use letters, digits, _, . and -; start with a letter or digit';
  return undefined;
}

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  initial?: string;
  confirmLabel: string;
  onSubmit: (name: string) => void;
  loading?: boolean;
  error?: unknown;
}

/** Name of a new or renamed channel, checked on blur and on submit. */
export function ChannelNameModal({ opened, onClose, title, initial = '', confirmLabel, onSubmit, loading, error }: Props) {
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (opened) {
      setName(initial);
      setTouched(false);
    }
  }, [opened, initial]);
  const problem = channelNameProblem(name.trim());
  const server = error ? errorInfo(error) : undefined;
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{title}</Text>}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (!problem && !loading) onSubmit(name.trim());
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Channel name"
            required
            description="Apps publish and subscribe with this name."
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={(touched && problem) || (server?.field === 'name' ? server.message : undefined)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
          {server && server.field !== 'name' && (
            <Alert color="red" variant="light" role="alert">
              {server.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              {confirmLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
