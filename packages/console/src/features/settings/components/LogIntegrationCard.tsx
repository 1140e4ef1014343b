import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Stack, Switch, Text, TextInput, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { LogIntegration } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useSaveLogIntegration } from '../api/logging.queries';

/** `Name: value` lines to headers; a line without a colon is named as the problem. */
function parseHeaders(text: string): { headers: Record<string, string>; problem?: string } {
  const headers: Record<string, string> = {};
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const at = line.indexOf(':');
    if (at <= 0) return { headers, problem: `'${line.trim().slice(0, 60)}' is not "Name: value"` };
    headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return { headers };
}

/** Forwarding of the kept lines to an HTTP endpoint (a log collector), with what the server saw of it. */
export function LogIntegrationCard({ appId, stored }: { appId: string; stored: LogIntegration | null }) {
  const [enabled, setEnabled] = useState(stored?.enabled ?? false);
  const [url, setUrl] = useState(stored?.url ?? '');
  const [headerText, setHeaderText] = useState(() =>
    Object.entries(stored?.headers ?? {})
      .map(([k, v]) => `${k}: ${v}`)
      .join('\n'),
  );
  const save = useSaveLogIntegration(appId);
  const parsed = parseHeaders(headerText);
  const error = save.error ? errorInfo(save.error) : undefined;
  const delivery = stored?.delivery;

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-label="Log integration">
      <Group justify="space-between" mb="xs" align="flex-start">
        <div>
          <Title order={3}>Integration</Title>
          <Text size="sm" c="dimmed" maw={640}>
            Every kept line is also sent to this endpoint: <code>POST {'{appId, lines}'}</code> as JSON, in batches of
            up to 100 lines each second. A failed batch is not sent again.
          </Text>
        </div>
        <Badge variant="light" color={stored?.enabled ? 'teal' : 'gray'}>
          {stored?.enabled ? 'Forwarding' : 'Off'}
        </Badge>
      </Group>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (parsed.problem) return;
          save.mutate(
            { enabled, url: url.trim(), headers: parsed.headers },
            {
              onSuccess: () =>
                notifications.show({ color: 'teal', title: 'Integration saved', message: enabled ? url : 'Off' }),
            },
          );
        }}
      >
        <Stack gap="sm" maw={720}>
          <Switch label="Forward log lines" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
          <TextInput
            label="Endpoint URL"
            placeholder="https://logs.example.com/ingest"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={error?.field === 'url' ? error.message : undefined}
          />
          <Textarea
            label="Headers"
            description="One per line, e.g. Authorization: Bearer …"
            autosize
            minRows={2}
            value={headerText}
            onChange={(e) => setHeaderText(e.currentTarget.value)}
            error={parsed.problem ?? (error?.field === 'headers' ? error.message : undefined)}
          />
          {error && !['url', 'headers'].includes(error.field ?? '') && (
            <Alert color="red" title="Not saved">
              {error.message}
            </Alert>
          )}
          {delivery?.lastAttempt && (
            <Text size="sm" c={delivery.lastError ? 'red' : 'dimmed'} data-testid="log-delivery">
              {delivery.lastError
                ? `Last batch failed ${formatDateTime(delivery.lastAttempt)}: ${delivery.lastError}`
                : `${delivery.delivered} lines delivered; last batch ${formatDateTime(delivery.lastAttempt)}`}
            </Text>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending} disabled={!!parsed.problem}>
              Save integration
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
