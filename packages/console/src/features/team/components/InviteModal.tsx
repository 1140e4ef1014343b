import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { fieldError, formError } from '../../../lib/errors';

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Invite a developer by email: one who has an account joins at once, anyone else gets a code by mail. */
export function InviteModal({
  opened,
  onClose,
  onInvite,
  loading,
  error,
}: {
  opened: boolean;
  onClose: () => void;
  onInvite: (email: string) => void;
  loading?: boolean;
  error?: unknown;
}) {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (opened) {
      setEmail('');
      setTouched(false);
    }
  }, [opened]);
  const local = touched && !EMAIL.test(email.trim()) ? 'Enter an email address like ada@example.com' : undefined;
  return (
    <Modal opened={opened} onClose={onClose} title="Invite a developer">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (EMAIL.test(email.trim()) && !loading) onInvite(email.trim());
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            They get every permission until you limit them on their page.
          </Text>
          <TextInput
            label="Email"
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={local ?? fieldError(error, 'email')}
            data-autofocus
            autoComplete="off"
          />
          {formError(error, ['email']) && (
            <Alert color="red" variant="light" role="alert">
              {formError(error, ['email'])}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={loading}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
