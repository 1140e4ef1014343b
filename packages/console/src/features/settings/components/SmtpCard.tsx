import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { EmailSettings } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { useResetEmailParams, useSaveEmailParams, useTestSmtp, type SmtpInput } from '../api/email.queries';

const SECURITY = [
  { value: 'NONE', label: 'None' },
  { value: 'SSL', label: 'SSL (TLS from the start, usually port 465)' },
  { value: 'STARTTLS', label: 'STARTTLS (usually port 587)' },
];

const FIELDS = ['host', 'port', 'security', 'username', 'password', 'fromEmail', 'fromName'];

/** The app's SMTP server: saved sealed, the password shown masked; Test makes a real handshake. */
export function SmtpCard({ appId, stored }: { appId: string; stored: EmailSettings }) {
  const [form, setForm] = useState<SmtpInput>(() => {
    const { custom: _custom, ...rest } = stored;
    return rest;
  });
  const save = useSaveEmailParams(appId);
  const test = useTestSmtp(appId);
  const reset = useResetEmailParams(appId);
  const failure = save.error ?? test.error ?? reset.error;
  const error = failure ? errorInfo(failure) : undefined;
  // A connection test's failure is shown whole in the alert; a refused save sits under its field.
  const fieldError = (f: keyof SmtpInput) => (!test.error && error?.field === f ? error.message : undefined);
  const set = <K extends keyof SmtpInput>(k: K, v: SmtpInput[K]) => setForm((s) => ({ ...s, [k]: v }));
  const clear = () => {
    save.reset();
    test.reset();
    reset.reset();
  };

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-label="SMTP server">
      <Group justify="space-between" mb="md">
        <div>
          <Title order={3}>SMTP server</Title>
          <Text size="sm" c="dimmed">
            The app&apos;s mails (user confirmations, password restores, the app API&apos;s email) go out through it.
          </Text>
        </div>
        <Badge variant="light" color={stored.custom ? 'teal' : 'gray'}>
          {stored.custom ? 'App settings' : 'Server default'}
        </Badge>
      </Group>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          clear();
          save.mutate(form, {
            onSuccess: () =>
              notifications.show({
                color: 'teal',
                title: 'SMTP settings saved',
                message: 'Mails of the app use them from now on.',
              }),
          });
        }}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Host"
              required
              value={form.host}
              onChange={(e) => set('host', e.currentTarget.value)}
              error={fieldError('host')}
              style={{ gridColumn: 'span 2' }}
            />
            <NumberInput
              label="Port"
              required
              min={1}
              max={65535}
              value={form.port}
              onChange={(v) => set('port', Number(v) || 0)}
              error={fieldError('port')}
            />
          </SimpleGrid>
          <Select
            label="Security"
            data={SECURITY}
            value={form.security}
            allowDeselect={false}
            onChange={(v) => set('security', (v ?? 'NONE') as SmtpInput['security'])}
            error={fieldError('security')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Username"
              value={form.username}
              onChange={(e) => set('username', e.currentTarget.value)}
              error={fieldError('username')}
              autoComplete="off"
            />
            <PasswordInput
              label="Password"
              description="Stored encrypted; leave as it is to keep it"
              value={form.password}
              onChange={(e) => set('password', e.currentTarget.value)}
              autoComplete="new-password"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="From address"
              required
              value={form.fromEmail}
              onChange={(e) => set('fromEmail', e.currentTarget.value)}
              error={fieldError('fromEmail')}
            />
            <TextInput
              label="From name"
              value={form.fromName}
              onChange={(e) => set('fromName', e.currentTarget.value)}
              error={fieldError('fromName')}
            />
          </SimpleGrid>
          {error && (test.error || !FIELDS.includes(error.field ?? '')) && (
            <Alert color="red" variant="light" role="alert" title="The SMTP server said">
              {error.message}
            </Alert>
          )}
          {test.isSuccess && (
            <Alert color="teal" variant="light" role="status">
              Connected to {form.host} port {form.port}: the server accepted the handshake.
            </Alert>
          )}
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="gray"
              disabled={!stored.custom}
              loading={reset.isPending}
              onClick={() => {
                clear();
                reset.mutate(undefined, {
                  onSuccess: (s) => {
                    const { custom: _c, ...rest } = s;
                    setForm(rest);
                  },
                });
              }}
            >
              Use the server default
            </Button>
            <Group gap="sm">
              <Button
                variant="default"
                loading={test.isPending}
                onClick={() => {
                  clear();
                  test.mutate(form);
                }}
              >
                Test connection
              </Button>
              <Button type="submit" loading={save.isPending}>
                Save
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
