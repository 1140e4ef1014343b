import { Text } from '@mantine/core';

/** The line under an inline editor: the refusal when input does not fit, else the keys. */
export function CellEditorHint({ error, id }: { error: string | null; id: string }) {
  return error ? (
    <Text id={id} size="xs" c="red" role="alert" mt={4}>
      {error}
    </Text>
  ) : (
    <Text id={id} size="xs" c="dimmed" mt={4}>
      Enter saves · Esc cancels
    </Text>
  );
}
