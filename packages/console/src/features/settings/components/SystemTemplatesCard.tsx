import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NavLink,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { EmailEventTemplate } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { useResetEventTemplate, useSaveEventTemplate, useSendEventTest } from '../api/email.queries';
import { EmailPreview } from './EmailPreview';
import { sampleValues } from './email-preview';

/** The mails the server sends on user events, each editable with a live preview, reset and a test send. */
export function SystemTemplatesCard({
  appId,
  appName,
  templates,
}: {
  appId: string;
  appName: string;
  templates: EmailEventTemplate[];
}) {
  const [selected, setSelected] = useState(templates[0]?.eventId ?? '');
  const current = templates.find((t) => t.eventId === selected);
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-label="System emails">
      <Title order={3}>System emails</Title>
      <Text size="sm" c="dimmed" mb="md">
        Sent to the app&apos;s users on these events. Use the listed {'{variables}'}; the preview fills them with
        samples.
      </Text>
      <Group align="flex-start" wrap="nowrap" gap="lg">
        <Stack gap={2} w={230} aria-label="Events">
          {templates.map((t) => (
            <NavLink
              key={t.eventId}
              component="button"
              label={t.name}
              description={t.customized ? 'Customized' : 'Default text'}
              active={t.eventId === selected}
              aria-current={t.eventId === selected ? 'true' : undefined}
              onClick={() => setSelected(t.eventId)}
            />
          ))}
        </Stack>
        {current && (
          <EventEditor
            key={`${current.eventId}-${current.subject}-${current.body}`}
            appId={appId}
            appName={appName}
            template={current}
          />
        )}
      </Group>
    </Card>
  );
}

function EventEditor({ appId, appName, template }: { appId: string; appName: string; template: EmailEventTemplate }) {
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [to, setTo] = useState('');
  const save = useSaveEventTemplate(appId);
  const reset = useResetEventTemplate(appId);
  const test = useSendEventTest(appId);
  const failure = save.error ?? reset.error ?? test.error;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} style={{ flex: 1 }}>
      <Stack gap="sm">
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {template.name}
          </Text>
          <Badge variant="light" color={template.customized ? 'teal' : 'gray'}>
            {template.customized ? 'Customized' : 'Default'}
          </Badge>
        </Group>
        <TextInput label="Subject" value={subject} onChange={(e) => setSubject(e.currentTarget.value)} />
        <Textarea
          label="Body"
          description="Plain text or HTML"
          autosize
          minRows={8}
          maxRows={18}
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        />
        <Text size="xs" c="dimmed">
          Variables: {template.variables.map((v) => `{${v}}`).join(' ')}
        </Text>
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {errorInfo(failure).message}
          </Alert>
        ) : null}
        <Group gap="sm" justify="space-between">
          <Button
            variant="subtle"
            color="gray"
            disabled={!template.customized}
            loading={reset.isPending}
            onClick={() => reset.mutate(template.eventId)}
          >
            Reset to default
          </Button>
          <Button
            loading={save.isPending}
            onClick={() =>
              save.mutate(
                { eventId: template.eventId, subject, body },
                {
                  onSuccess: () =>
                    notifications.show({
                      color: 'teal',
                      title: 'Template saved',
                      message: `${template.name} mails use it now.`,
                    }),
                },
              )
            }
          >
            Save template
          </Button>
        </Group>
        <Group gap="sm" align="flex-end">
          <TextInput
            label="Send a test to"
            placeholder="you@example.com"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button
            variant="default"
            disabled={!to}
            loading={test.isPending}
            onClick={() =>
              test.mutate(
                { eventId: template.eventId, email: to, subject, body },
                {
                  onSuccess: () =>
                    notifications.show({ color: 'teal', title: 'Test mail sent', message: `Sent to ${to}.` }),
                },
              )
            }
          >
            Send test
          </Button>
        </Group>
      </Stack>
      <EmailPreview subject={subject} body={body} values={sampleValues(appName)} />
    </SimpleGrid>
  );
}
