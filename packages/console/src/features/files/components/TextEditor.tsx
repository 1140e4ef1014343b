import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { CodeEditor } from '../../../components/code-editor/CodeEditor';
import { errorInfo } from '../../../lib/errors';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard';

interface Props {
  name: string;
  initial: string;
  /** Resolves once the server has the text. */
  onSave: (content: string) => Promise<unknown>;
  onClose: () => void;
  saving?: boolean;
  error?: unknown;
}

/** Editor of a text file (Monaco, language by extension); `Mod+S` saves, and closing with unsaved changes asks first. */
export function TextEditor({ name, initial, onSave, onClose, saving, error }: Props) {
  const [value, setValue] = useState(initial);
  const [saved, setSaved] = useState(initial);

  useEffect(() => {
    setValue(initial);
    setSaved(initial);
  }, [initial]);

  const dirty = value !== saved;
  const save = () => {
    if (saving || !dirty) return;
    const sent = value;
    // The text sent becomes the saved one only when the server has it; a failure keeps it dirty.
    onSave(sent).then(
      () => setSaved(sent),
      () => undefined,
    );
  };
  // Close, Back, a link elsewhere, reload or closing the tab ask first while the text is unsaved.
  const guard = useUnsavedChangesGuard(dirty, { message: `Your changes to ${name} are not saved yet.` });
  const close = () => guard.confirmDiscard(onClose);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Badge variant="light" color={dirty ? 'orange' : 'green'} radius="sm">
          {dirty ? 'Unsaved changes' : 'Saved'}
        </Badge>
        <Group gap="sm">
          <Button variant="default" size="xs" onClick={close}>
            Close editor
          </Button>
          <Button size="xs" onClick={save} loading={saving} disabled={!dirty}>
            Save (Ctrl+S)
          </Button>
        </Group>
      </Group>
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {errorInfo(error).message}
        </Alert>
      ) : null}
      <Text size="xs" c="dimmed">
        Editing {name} · Ctrl+S saves · Escape closes
      </Text>
      <CodeEditor
        label={`Content of ${name}`}
        fileName={name}
        value={value}
        onChange={setValue}
        onSave={save}
        onEscape={close}
        height="60vh"
      />
    </Stack>
  );
}
