import { Alert, Anchor, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { errorInfo } from '../../../lib/errors';
import { usePublications, usePublishContainer } from '../api/ui-builder.queries';
import type { Publication } from '../api/answers';

const when = (t: Publication['created']) => (t === undefined ? '' : new Date(t).toLocaleString());

/**
 * Publish a container: what will happen, the progress, then the public address as a link; below,
 * the publication history. Unsaved edits are not part of a publication, so the dialog says so.
 */
export function PublishModal({
  appId,
  container,
  opened,
  onClose,
  dirty,
}: {
  appId: string;
  container: string;
  opened: boolean;
  onClose: () => void;
  dirty: boolean;
}) {
  const publish = usePublishContainer(appId, container);
  const history = usePublications(appId, container, opened);
  const done = publish.data;
  const rows = [...(history.data ?? [])].sort((a, b) => (b.number ?? 0) - (a.number ?? 0));
  return (
    <Modal
      opened={opened}
      onClose={() => {
        onClose();
        publish.reset();
      }}
      title={<Text fw={600}>Publish {container}</Text>}
      size="lg"
    >
      <Stack gap="md">
        {!done && (
          <Text size="sm">
            Publishing takes a snapshot of the saved pages of <b>{container}</b> and serves it at the container&apos;s
            public address, replacing the current publication at once.
          </Text>
        )}
        {dirty && !done && (
          <Alert color="orange" variant="light">
            This page has unsaved changes; they are not part of the publication until you save.
          </Alert>
        )}
        {publish.isError && (
          <Alert color="red" variant="light" role="alert" title="Not published">
            {errorInfo(publish.error).message}
          </Alert>
        )}
        {done && (
          <Alert color="green" variant="light" title="Published">
            <Text size="sm">
              Live at{' '}
              <Anchor href={done.url} target="_blank" rel="noreferrer" data-testid="published-url">
                {done.url} <IconExternalLink size={14} stroke={1.5} />
              </Anchor>
            </Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {done ? 'Close' : 'Cancel'}
          </Button>
          {!done && (
            <Button loading={publish.isPending} onClick={() => publish.mutate()}>
              Publish
            </Button>
          )}
        </Group>
        <div>
          <Text fw={600} size="sm" mb={4}>
            Publication history
          </Text>
          {history.isError ? (
            <Text size="sm" c="red">
              {errorInfo(history.error).message}
            </Text>
          ) : rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              Not published yet.
            </Text>
          ) : (
            <Table verticalSpacing={4} aria-label="Publication history">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Published</Table.Th>
                  <Table.Th>By</Table.Th>
                  <Table.Th>Address</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((p, i) => (
                  <Table.Tr key={String(p.id ?? p.number ?? i)}>
                    <Table.Td>{p.number ?? rows.length - i}</Table.Td>
                    <Table.Td>{when(p.created)}</Table.Td>
                    <Table.Td>{p.author ?? ''}</Table.Td>
                    <Table.Td>
                      {p.url && (
                        <Anchor href={p.url} target="_blank" rel="noreferrer" size="sm">
                          {p.current ? 'Live' : 'Open'}
                        </Anchor>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </div>
      </Stack>
    </Modal>
  );
}
