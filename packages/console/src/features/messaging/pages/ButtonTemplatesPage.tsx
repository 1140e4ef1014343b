import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Badge, Button, Group, Paper, SegmentedControl, Skeleton, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useButtonTemplates, useDeleteButtonTemplate, useSaveButtonTemplate } from '../api/messaging.queries';
import { readButtonTemplate, type ButtonTemplate } from '../button-template';
import { ButtonTemplateModal } from '../components/ButtonTemplateModal';
import { EditDeleteActions } from '../../../components/EditDeleteActions';

const PLATFORMS = [
  { value: 'IOS', label: 'iOS' },
  { value: 'ANDROID', label: 'Android' },
];

/** Button templates (interactive notification actions) per platform; pushes refer to them by name. */
export default function ButtonTemplatesPage() {
  const { appId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const platform = search.get('platform') === 'ANDROID' ? 'ANDROID' : 'IOS';
  const list = useButtonTemplates(appId, platform);
  const save = useSaveButtonTemplate(appId, platform);
  const remove = useDeleteButtonTemplate(appId, platform);
  // `null` = closed, `undefined` inside = new template.
  const [editing, setEditing] = useState<{ template?: ButtonTemplate } | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const templates = (list.data ?? []).map((t) => readButtonTemplate(t as Record<string, unknown>));

  const open = (template?: ButtonTemplate) => {
    save.reset();
    setEditing({ template });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <SegmentedControl
          aria-label="Platform"
          value={platform}
          data={PLATFORMS}
          onChange={(v) => setSearch({ platform: v }, { replace: true })}
        />
        <Group gap="md">
          <Text size="sm" c="dimmed">
            {list.data ? `${templates.length} ${templates.length === 1 ? 'template' : 'templates'}` : ''}
          </Text>
          <Button leftSection={<IconPlus size={16} />} onClick={() => open()}>
            New template
          </Button>
        </Group>
      </Group>
      {list.isPending ? (
        <Skeleton height={160} />
      ) : list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : templates.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm">
            <Text size="sm" c="dimmed" ta="center" maw={520}>
              No {platform === 'IOS' ? 'iOS' : 'Android'} button template yet. A button template names the action
              buttons a notification shows; a push refers to it by name.
            </Text>
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => open()}>
              Create the first template
            </Button>
          </Stack>
        </Paper>
      ) : (
        <Table aria-label="Button templates" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Buttons</Table.Th>
              <Table.Th w={90} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {templates.map((t) => (
              <Table.Tr key={t.name}>
                <Table.Td fw={500}>{t.name}</Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    {t.actions.length ? (
                      t.actions.map((a) => (
                        <Badge key={a.id} variant="outline" radius="sm" tt="none">
                          {a.title || a.id}
                        </Badge>
                      ))
                    ) : (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <EditDeleteActions
                    what={t.name}
                    onEdit={() => open(t)}
                    onDelete={() => {
                      remove.reset();
                      setDeleting(t.name);
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && (
        <ButtonTemplateModal
          opened
          onClose={() => setEditing(null)}
          platform={platform === 'IOS' ? 'iOS' : 'Android'}
          initial={editing.template}
          saving={save.isPending}
          error={save.error}
          onSave={(template) =>
            save.mutate(
              { previousName: editing.template?.name, template: { ...template } },
              {
                onSuccess: () => {
                  setEditing(null);
                  notifications.show({
                    color: 'teal',
                    title: 'Template saved',
                    message: `${template.name} is ready to use in pushes.`,
                  });
                },
              },
            )
          }
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete the button template ${deleting ?? ''}?`}
        confirmLabel="Delete template"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
      >
        Pushes that name this template will show no buttons.
      </ConfirmModal>
    </Stack>
  );
}
