import { Alert, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorInfo } from '../../../../lib/errors';

/** Shown before a rename, type change or new constraint is saved: exactly what changes, with the warning. */
export function ChangeSummaryModal({ opened, title, lines, onClose, onConfirm, loading, error }: { opened: boolean; title: string; lines: string[]; onClose: () => void; onConfirm: () => void; loading: boolean; error?: unknown }) {
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>{title}</Text>} size="lg">
      <Stack gap="md">
        <Text size="sm">Saving makes these changes:</Text>
        <List size="sm" spacing={6}>
          {lines.map((line) => <List.Item key={line}>{line}</List.Item>)}
        </List>
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} stroke={1.5} />}>
          Schema changes apply at once to every app using this table and cannot be undone from here.
        </Alert>
        {error ? <Alert color="red" variant="light" role="alert">{errorInfo(error).message}</Alert> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>Back</Button>
          <Button color="orange" onClick={onConfirm} loading={loading}>Save changes</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
