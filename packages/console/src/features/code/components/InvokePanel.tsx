import { useState } from 'react';
import { Alert, Badge, Button, Code, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { errorInfo } from '../../../lib/errors';
import { useInvokeServiceMethod, type InvokableMethod } from '../api/invoke';
import { parseArgument } from '../argument-text';

interface Props {
  appId: string;
  service: string;
  method: InvokableMethod;
  /** The app's REST key; the panel waits for it. */
  apiKey: string | undefined;
}

/**
 * Runs one method through the app API, as a client app would (docs/console-screens.md › Cloud code):
 * a field per parameter, run anonymously or as a user (their token), then the answer, status and time.
 */
export function InvokePanel({ appId, service, method, apiKey }: Props) {
  const [values, setValues] = useState<Record<string, string>>({});
  const [runAs, setRunAs] = useState<'anonymous' | 'user'>('anonymous');
  const [userToken, setUserToken] = useState('');
  const invoke = useInvokeServiceMethod(appId);
  const failure = invoke.error ? errorInfo(invoke.error) : null;

  const run = () => {
    if (!apiKey) return;
    const args: Record<string, unknown> = {};
    for (const p of method.params) {
      const text = values[p.name];
      if (text !== undefined && text !== '') args[p.name] = parseArgument(text, p.type);
    }
    invoke.mutate({ service, method, args, apiKey, userToken: runAs === 'user' ? userToken.trim() : undefined });
  };

  return (
    <Paper withBorder p="md" radius="sm" component="section" aria-label={`Invoke ${method.name}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Invoke <span className="mono">{method.name}</span>
          </Title>
          <Badge variant="light" className="mono" tt="none">
            {method.method.toUpperCase()} /services/{service}
            {method.path}
          </Badge>
        </Group>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            run();
          }}
        >
          <Stack gap="sm">
            {method.params.length === 0 && (
              <Text size="sm" c="dimmed">
                This method takes no parameters.
              </Text>
            )}
            {method.params.map((p) => (
              <TextInput
                key={p.name}
                label={p.name}
                description={[p.type && p.type !== 'any' ? p.type : null, p.description].filter(Boolean).join(' · ')}
                withAsterisk={p.required}
                placeholder={p.type === 'string' ? 'Text' : 'JSON value or text'}
                value={values[p.name] ?? ''}
                onChange={(e) => {
                  // Read now: the event's currentTarget is null by the time React runs the updater.
                  const text = e.currentTarget.value;
                  setValues((v) => ({ ...v, [p.name]: text }));
                }}
                classNames={{ input: 'mono' }}
              />
            ))}
            <Radio.Group
              label="Run as"
              value={runAs}
              onChange={(value) => setRunAs(value === 'user' ? 'user' : 'anonymous')}
            >
              <Group gap="md" mt={4}>
                <Radio value="anonymous" label="Anonymous caller" />
                <Radio value="user" label="A user (user token)" />
              </Group>
            </Radio.Group>
            {runAs === 'user' && (
              <TextInput
                label="User token"
                description="The user-token a login answered; the call runs with that user's roles."
                value={userToken}
                onChange={(e) => setUserToken(e.currentTarget.value)}
                classNames={{ input: 'mono' }}
              />
            )}
            <Group>
              <Button
                type="submit"
                leftSection={<IconPlayerPlay size={16} stroke={1.5} />}
                loading={invoke.isPending}
                disabled={!apiKey}
              >
                Invoke
              </Button>
              {!apiKey && (
                <Text size="sm" c="dimmed">
                  Waiting for the app&apos;s REST key…
                </Text>
              )}
            </Group>
          </Stack>
        </form>
        {invoke.data && (
          <Stack gap={4} aria-label="Result">
            <Group gap="xs">
              <Badge color="green" variant="light">
                {invoke.data.status}
              </Badge>
              <Text size="xs" c="dimmed">
                {invoke.data.durationMs} ms
              </Text>
            </Group>
            <Code block data-testid="invoke-result">
              {JSON.stringify(invoke.data.body, null, 2)}
            </Code>
          </Stack>
        )}
        {failure && (
          <Alert color="red" variant="light" title="The call failed" role="alert">
            <Text size="sm">{failure.message}</Text>
            <Text size="xs" c="dimmed" className="mono" mt={4}>
              {[failure.code, failure.status].filter((v) => v !== undefined).join(' · ')}
            </Text>
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
