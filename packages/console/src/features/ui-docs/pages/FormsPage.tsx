import { useState } from 'react';
import { useParams } from 'react-router';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  Modal,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Form } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { useGetTables } from '../../data';
import { useDeleteForm, useForms, useSaveForm } from '../api/ui-docs.queries';
import { FormDialog } from '../components/FormDialog';

/**
 * UI Builder › Forms: forms bound to a table that anyone with the link fills in. The list, a dialog
 * to make or edit one, a preview of the launched form, and delete with a confirmation.
 */
export default function FormsPage() {
  const { appId = '' } = useParams();
  const list = useForms(appId);
  const tables = useGetTables(appId);
  const save = useSaveForm(appId);
  const remove = useDeleteForm(appId);
  const [editing, setEditing] = useState<Form | 'new' | undefined>();
  const [deleting, setDeleting] = useState<Form | undefined>();
  const [preview, setPreview] = useState<Form | undefined>();

  return (
    <>
      <PageHeader
        title="Forms"
        description="Forms bound to a table: each submission writes one record, checked by the table's permissions and column types."
        actions={<Button onClick={() => setEditing('new')}>New form</Button>}
      />
      {list.isPending ? (
        <Skeleton height={200} />
      ) : list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="xs">
            <Title order={3}>No forms yet</Title>
            <Text c="dimmed" ta="center" maw={520}>
              Pick a table and its columns: the form gets a public link, and what visitors send is saved as records of
              that table.
            </Text>
            <Button mt="sm" onClick={() => setEditing('new')}>
              Create a form
            </Button>
          </Stack>
        </Card>
      ) : (
        <Card withBorder padding={0} radius="md">
          <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Forms">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name ({list.data.length})</Table.Th>
                <Table.Th>Table</Table.Th>
                <Table.Th>Fields</Table.Th>
                <Table.Th>Link</Table.Th>
                <Table.Th w={160} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((f) => (
                <Table.Tr key={f.id}>
                  <Table.Td fw={500}>{f.name}</Table.Td>
                  <Table.Td>{f.table}</Table.Td>
                  <Table.Td>{f.fields.length}</Table.Td>
                  <Table.Td>
                    {f.appSettings.open ? (
                      <Anchor href={f.url} target="_blank" rel="noreferrer" size="sm">
                        Open form
                      </Anchor>
                    ) : (
                      <Badge color="gray" variant="light">
                        Closed
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="nowrap">
                      <Button size="xs" variant="light" onClick={() => setPreview(f)} disabled={!f.appSettings.open}>
                        Preview
                      </Button>
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" aria-label={`Actions of ${f.name}`}>
                            ⋯
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => setEditing(f)}>Edit</Menu.Item>
                          <Menu.Item color="red" onClick={() => setDeleting(f)}>
                            Delete
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      {editing && (
        <FormDialog
          form={editing === 'new' ? undefined : editing}
          tables={tables.data ?? []}
          saving={save.isPending}
          error={save.error}
          onClose={() => {
            save.reset();
            setEditing(undefined);
          }}
          onSave={(v) =>
            save.mutate(
              { id: editing === 'new' ? undefined : editing.id, ...v },
              {
                onSuccess: (f) => {
                  notifications.show({ color: 'teal', message: `Form ${f.name} saved.` });
                  setEditing(undefined);
                },
              },
            )
          }
        />
      )}
      <Modal
        opened={!!preview}
        onClose={() => setPreview(undefined)}
        title={`Preview: ${preview?.name ?? ''}`}
        size="xl"
      >
        {preview && (
          <iframe
            title={`Preview of ${preview.name}`}
            src={preview.url}
            sandbox="allow-forms allow-same-origin"
            style={{ width: '100%', height: 520, border: '1px solid var(--mantine-color-default-border)' }}
          />
        )}
      </Modal>
      <ConfirmModal
        opened={!!deleting}
        onClose={() => {
          remove.reset();
          setDeleting(undefined);
        }}
        title={`Delete form ${deleting?.name ?? ''}?`}
        confirmLabel="Delete form"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: `Form ${deleting.name} is deleted.` });
              setDeleting(undefined);
            },
          })
        }
      >
        Its link stops working at once. Records already submitted stay in their table.
      </ConfirmModal>
    </>
  );
}
