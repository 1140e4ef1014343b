import { useState } from 'react';
import type { OpenApiDocument } from '@basalt/shared';
import { Badge, Button, Code, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { AppApiKey } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useTryIt } from '../api/api-docs.queries';
import { requestPath, type OperationEntry } from '../doc-model';

/** Sends one documented request with one of the app's API keys and shows the status and the body. */
export function TryItForm({ doc, entry, keys }: { doc: OpenApiDocument; entry: OperationEntry; keys: AppApiKey[] }) {
  const params = (entry.op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query');
  const [values, setValues] = useState<Record<string, string>>({});
  const [keyId, setKeyId] = useState<string | null>(
    keys.find((k) => k.deviceType === 'REST')?.id ?? keys[0]?.id ?? null,
  );
  const [token, setToken] = useState('');
  const hasBody = entry.op.requestBody?.content['application/json'] !== undefined;
  const [body, setBody] = useState(hasBody ? '{}' : '');
  const tryIt = useTryIt();
  const key = keys.find((k) => k.id === keyId);
  const missing = params.filter((p) => p.in === 'path' && !values[p.name]?.trim()).map((p) => p.name);
  const path = requestPath(
    doc,
    entry.path,
    key?.apiKey ?? '',
    values,
    params.filter((p) => p.in === 'query').map((p) => p.name),
  );

  const send = () =>
    tryIt.mutate({
      method: entry.method,
      path,
      userToken: token.trim() || undefined,
      body: hasBody ? body : undefined,
    });

  return (
    <Stack gap="sm">
      <Group grow align="flex-end">
        <Select
          label="API key"
          data={keys.map((k) => ({ value: k.id, label: `${k.name} (${k.deviceType})` }))}
          value={keyId}
          onChange={setKeyId}
          allowDeselect={false}
        />
        <TextInput label="user-token (optional)" value={token} onChange={(e) => setToken(e.currentTarget.value)} />
      </Group>
      {params.length > 0 && (
        <SimpleGrid cols={2} spacing="sm">
          {params.map((p) => (
            <TextInput
              key={`${p.in}:${p.name}`}
              label={p.name}
              description={p.in === 'path' ? 'path' : 'query'}
              required={p.in === 'path'}
              placeholder={p.schema?.default !== undefined ? String(p.schema.default) : undefined}
              value={values[p.name] ?? ''}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setValues((old) => ({ ...old, [p.name]: v }));
              }}
            />
          ))}
        </SimpleGrid>
      )}
      {hasBody && (
        <Textarea
          label="Body (JSON)"
          autosize
          minRows={3}
          maxRows={12}
          ff="monospace"
          value={body}
          onChange={(e) => setBody(e.currentTarget.value)}
        />
      )}
      <Group gap="sm" wrap="nowrap">
        <Button size="xs" onClick={send} loading={tryIt.isPending} disabled={!key || missing.length > 0}>
          Send
        </Button>
        <Code style={{ overflowX: 'auto', whiteSpace: 'nowrap' }}>
          {entry.method.toUpperCase()} {path}
        </Code>
      </Group>
      {tryIt.error ? <ErrorAlert error={tryIt.error} title="The request could not be sent" /> : null}
      {tryIt.data && (
        <Stack gap={4} aria-label="Try-it answer">
          <Group gap="xs">
            <Badge color={tryIt.data.status < 300 ? 'green' : 'red'} variant="light" aria-label="Answer status">
              {tryIt.data.status}
            </Badge>
            <Text fz="xs" c="dimmed">
              {tryIt.data.ms} ms
            </Text>
          </Group>
          <Code block style={{ maxHeight: 320, overflow: 'auto' }}>
            {tryIt.data.body || '(empty)'}
          </Code>
        </Stack>
      )}
    </Stack>
  );
}
