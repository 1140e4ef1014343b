import { useState } from 'react';
import { Alert, Button, Paper, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { errorInfo } from '../../../lib/errors';
import { usePublishMessage } from '../api/messaging.queries';
import { parseJson, parseJsonObject } from '../json-text';

/**
 * "Publish test message": the message and headers are JSON, checked on blur and before sending,
 * so what arrives is exactly what was typed (a bare word is refused, not sent as a string).
 */
export function PublishForm({ appId, channel }: { appId: string; channel: string }) {
  const [message, setMessage] = useState('{\n  "text": "Hello from the console"\n}');
  const [headers, setHeaders] = useState('{}');
  const [publisherId, setPublisherId] = useState('console');
  const [checked, setChecked] = useState({ message: false, headers: false });
  const publish = usePublishMessage(appId);

  const messageCheck = parseJson(message);
  const headersCheck = parseJsonObject(headers, 'Headers');

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Publish test message">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setChecked({ message: true, headers: true });
          if (!messageCheck.ok || !headersCheck.ok || publish.isPending) return;
          publish.mutate(
            {
              channel,
              params: {
                message: messageCheck.value,
                headers: headersCheck.value,
                publisherId: publisherId.trim() || null,
              },
            },
            {
              onSuccess: (answer) =>
                notifications.show({ color: 'green', message: `Published to ${channel} (${answer.messageId})` }),
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text fw={600} size="sm">
            Publish test message
          </Text>
          <Textarea
            label="Message (JSON)"
            required
            autosize
            minRows={3}
            maxRows={10}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            onBlur={() => setChecked((c) => ({ ...c, message: true }))}
            error={checked.message && !messageCheck.ok ? messageCheck.problem : undefined}
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          />
          <Textarea
            label="Headers (JSON object)"
            description="Subscribers can filter on these with a selector."
            autosize
            minRows={1}
            maxRows={6}
            value={headers}
            onChange={(e) => setHeaders(e.currentTarget.value)}
            onBlur={() => setChecked((c) => ({ ...c, headers: true }))}
            error={checked.headers && !headersCheck.ok ? headersCheck.problem : undefined}
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          />
          <TextInput label="Publisher id" value={publisherId} onChange={(e) => setPublisherId(e.currentTarget.value)} />
          {publish.error ? (
            <Alert color="red" variant="light" role="alert">
              {errorInfo(publish.error).message}
            </Alert>
          ) : null}
          <Button type="submit" leftSection={<IconSend size={18} stroke={1.5} />} loading={publish.isPending}>
            Publish
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
