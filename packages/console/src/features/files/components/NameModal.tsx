import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { errorInfo } from '../../../lib/errors';
import { nameProblem } from '../file-paths';

interface Props {
  opened: boolean;
  onClose: () => void;
  title: string;
  label: string;
  initial?: string;
  confirmLabel: string;
  /** Shows a text box for the new file's first content. */
  withContent?: boolean;
  onSubmit: (name: string, content: string) => void;
  loading?: boolean;
  error?: unknown;
}

/** New folder, new text file and rename: one name, checked before it is sent. */
export function NameModal({ opened, onClose, title, label, initial = '', confirmLabel, withContent, onSubmit, loading, error }: Props) {
  const [name, setName] = useState(initial);
  const [content, setContent] = useState('');
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    if (opened) {
      setName(initial);
      setContent('');
      setTouched(false);
    }
  }, [opened, initial]);

  const problem = nameProblem(name);
  const serverError = error ? errorInfo(error) : undefined;

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{title}</Text>}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!problem && !loading) onSubmit(name.trim(), content);
        }}
      >
        <Stack gap="md">
          <TextInput
            label={label}
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={(touched && problem) || (serverError?.field === 'name' ? serverError.message : undefined)}
            autoComplete="off"
            spellCheck={false}
            data-autofocus
            // Select the name without its extension, as file managers do on rename.
            onFocus={(e) => {
              const dot = e.currentTarget.value.lastIndexOf('.');
              if (dot > 0) e.currentTarget.setSelectionRange(0, dot);
            }}
          />
          {withContent && (
            <Textarea label="Content" description="Optional: you can edit the file after creating it." autosize minRows={4} maxRows={12} value={content} onChange={(e) => setContent(e.currentTarget.value)} styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }} />
          )}
          {serverError && serverError.field !== 'name' && (
            <Alert color="red" variant="light" role="alert">
              {serverError.message}
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
