import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import type { CustomEmailTemplate } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { errorInfo } from '../../../lib/errors';
import { useDeleteCustomTemplate, useSaveCustomTemplate } from '../api/email.queries';
import { EmailPreview } from './EmailPreview';
import { variablesOf } from './email-preview';

/** Templates the app API sends by name (`sendEmailFromTemplate`), with values for their {keys}. */
export function CustomTemplatesCard({ appId, templates }: { appId: string; templates: CustomEmailTemplate[] }) {
  const [editing, setEditing] = useState<CustomEmailTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const remove = useDeleteCustomTemplate(appId);
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-label="Custom templates">
      <Group justify="space-between" mb="md">
        <div>
          <Title order={3}>Custom templates</Title>
          <Text size="sm" c="dimmed">
            Sent by the app API (Messaging.sendEmailFromTemplate) with values for their {'{keys}'}.
          </Text>
        </div>
        <Button onClick={() => setEditing('new')}>New template</Button>
      </Group>
      {templates.length === 0 ? (
        <Text size="sm" c="dimmed" ta="center" py="lg">
          No custom templates yet. Create one, then send it from server code with its name.
        </Text>
      ) : (
        <Table aria-label="Custom templates" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Subject</Table.Th>
              <Table.Th>Keys</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {templates.map((t) => (
              <Table.Tr key={t.name}>
                <Table.Td fw={600}>{t.name}</Table.Td>
                <Table.Td>{t.subject}</Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {t.keys.map((k) => (
                      <Badge key={k} variant="light" size="sm" tt="none">
                        {k}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
                    <Button size="xs" variant="default" onClick={() => setEditing(t)} aria-label={`Edit ${t.name}`}>
                      Edit
                    </Button>
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => setDeleting(t.name)}
                      aria-label={`Delete ${t.name}`}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing && (
        <TemplateModal
          appId={appId}
          template={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        title={`Delete template ${deleting ?? ''}?`}
        confirmLabel="Delete template"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() => deleting && remove.mutate(deleting, { onSuccess: () => setDeleting(null) })}
      >
        Server code that sends it by name gets an error from then on.
      </ConfirmModal>
    </Card>
  );
}

function TemplateModal({
  appId,
  template,
  onClose,
}: {
  appId: string;
  template?: CustomEmailTemplate;
  onClose: () => void;
}) {
  const [name, setName] = useState(template?.name ?? '');
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [body, setBody] = useState(template?.body ?? '');
  const save = useSaveCustomTemplate(appId);
  const error = save.error ? errorInfo(save.error) : undefined;
  const keys = variablesOf(subject, body);
  const samples = Object.fromEntries(keys.map((k) => [k, `[${k}]`]));
  return (
    <Modal
      opened
      onClose={onClose}
      size="80rem"
      title={<Text fw={600}>{template ? `Edit ${template.name}` : 'New email template'}</Text>}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ original: template?.name, input: { name, subject, body } }, { onSuccess: onClose });
        }}
      >
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Stack gap="sm">
            <TextInput
              label="Name"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={error?.field === 'name' ? error.message : undefined}
              data-autofocus
            />
            <TextInput
              label="Subject"
              required
              value={subject}
              onChange={(e) => setSubject(e.currentTarget.value)}
              error={error?.field === 'subject' ? error.message : undefined}
            />
            <Textarea
              label="Body"
              description="Plain text or HTML; {key} marks a value given at send time"
              required
              autosize
              minRows={8}
              maxRows={18}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              error={error?.field === 'body' ? error.message : undefined}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
            />
            <Text size="xs" c="dimmed">
              Keys: {keys.length ? keys.map((k) => `{${k}}`).join(' ') : 'none'}
            </Text>
            {error && !['name', 'subject', 'body'].includes(error.field ?? '') && (
              <Alert color="red" variant="light" role="alert">
                {error.message}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                {template ? 'Save template' : 'Create template'}
              </Button>
            </Group>
          </Stack>
          <EmailPreview subject={subject} body={body} values={samples} />
        </SimpleGrid>
      </form>
    </Modal>
  );
}
