import { type ReactNode, useEffect, useEffectEvent, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { errorInfo } from '../lib/errors';

export interface NameModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** Visible label of the field; journeys and screen readers find the field by it. */
  label: string;
  description?: ReactNode;
  /** The name the field starts with when the modal opens (the current name on rename). */
  initial?: string;
  confirmLabel: string;
  /** What to change about the name as typed, or nothing when it may be sent. */
  validate: (name: string) => string | null | undefined;
  /** Server `details.field` values that belong under the field rather than above the buttons. */
  serverFields?: string[];
  /** Called with the trimmed name once it passes `validate`. */
  onSubmit: (name: string) => void;
  loading?: boolean;
  error?: unknown;
  /** A dimmed line under the field saying what the change means. */
  note?: ReactNode;
  /** Selects the name up to its extension on focus, as file managers do on rename. */
  selectStem?: boolean;
  /** More fields under the name, such as the first content of a new file. */
  children?: ReactNode;
  /** Modal width (Mantine size); wider when the fields under the name need room. */
  size?: string;
}

/**
 * Create or rename something that has one name: the name is checked on blur and on submit, a
 * server refusal of the name shows under the field, any other refusal above the buttons.
 */
export function NameModal({
  opened,
  onClose,
  title,
  label,
  description,
  initial = '',
  confirmLabel,
  validate,
  serverFields = ['name'],
  onSubmit,
  loading,
  error,
  note,
  selectStem,
  children,
  size,
}: NameModalProps) {
  const [name, setName] = useState(initial);
  const [touched, setTouched] = useState(false);

  // Only opening refills the field: a refetch changing `initial` must not overwrite typing.
  const refill = useEffectEvent(() => {
    setName(initial);
    setTouched(false);
  });
  useEffect(() => {
    if (opened) refill();
  }, [opened]);

  const problem = validate(name) || undefined;
  const server = error ? errorInfo(error) : undefined;
  const serverOnField = server?.field !== undefined && serverFields.includes(server.field);

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{title}</Text>} size={size}>
      {/* noValidate: the browser's own "fill in this field" bubble would hide the console's wording. */}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!problem && !loading) onSubmit(name.trim());
        }}
      >
        <Stack gap="md">
          <TextInput
            label={label}
            description={description}
            required
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={(touched && problem) || (serverOnField ? server.message : undefined)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
            onFocus={
              selectStem
                ? (event) => {
                    const dot = event.currentTarget.value.lastIndexOf('.');
                    if (dot > 0) event.currentTarget.setSelectionRange(0, dot);
                  }
                : undefined
            }
          />
          {note && (
            <Text size="sm" c="dimmed">
              {note}
            </Text>
          )}
          {children}
          {server && !serverOnField && (
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
