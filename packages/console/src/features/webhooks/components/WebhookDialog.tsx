import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import type { Webhook, WebhookInput, WebhookOperation } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';

const MASK = '********';
const GROUP_TITLES: Record<string, string> = { data: 'Data', users: 'Users', files: 'Files', messaging: 'Messaging' };

interface Props {
  opened: boolean;
  /** The webhook being edited; none for a new one. */
  webhook?: Webhook;
  operations: WebhookOperation[];
  saving: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (body: WebhookInput) => void;
}

/** The events picker's options, grouped as the operations list groups them. */
function eventOptions(operations: WebhookOperation[], chosen: string[]) {
  const groups = new Map<string, Array<{ value: string; label: string }>>();
  for (const op of operations) {
    const title = GROUP_TITLES[op.group] ?? op.group;
    const list = groups.get(title) ?? [];
    list.push({ value: op.event, label: `${op.event} — ${op.title}` });
    groups.set(title, list);
  }
  // An event the webhook lists for a table that is gone still shows, so it can be removed.
  const known = new Set(operations.map((o) => o.event));
  const stale = chosen.filter((e) => !known.has(e)).map((e) => ({ value: e, label: e }));
  if (stale.length) groups.set('Other', stale);
  return [...groups].map(([group, items]) => ({ group, items }));
}

/** Create or edit a webhook: URL, secret, events, extra headers and a filter. */
export function WebhookDialog({ opened, webhook, operations, saving, error, onClose, onSave }: Props) {
  const [name, setName] = useState(webhook?.name ?? '');
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [secret, setSecret] = useState(webhook?.secret ?? '');
  const [events, setEvents] = useState<string[]>(webhook?.events ?? []);
  const [filter, setFilter] = useState(webhook?.filter ?? '');
  const [enabled, setEnabled] = useState(webhook?.enabled ?? true);
  const [headers, setHeaders] = useState<Array<{ name: string; value: string }>>(
    Object.entries(webhook?.headers ?? {}).map(([n, v]) => ({ name: n, value: v })),
  );
  const [tried, setTried] = useState(false);
  const info = error ? errorInfo(error) : undefined;
  const field = info?.field;

  const missing = {
    name: !name.trim() ? 'Give the webhook a name' : undefined,
    url: !/^https?:\/\//i.test(url.trim()) ? 'Enter the receiver URL, starting with https://' : undefined,
    secret: !secret ? 'Enter a secret: each delivery is signed with it' : undefined,
    events: events.length === 0 ? 'Choose at least one event' : undefined,
  };
  const submit = () => {
    setTried(true);
    if (Object.values(missing).some(Boolean)) return;
    onSave({
      name: name.trim(),
      url: url.trim(),
      secret,
      events,
      filter: filter.trim() || null,
      enabled,
      headers: Object.fromEntries(headers.filter((h) => h.name.trim()).map((h) => [h.name.trim(), h.value])),
    });
  };
  const fieldError = (key: keyof typeof missing) =>
    (tried && missing[key]) || (field === key ? info?.message : undefined);

  return (
    <Modal opened={opened} onClose={onClose} title={webhook ? `Edit ${webhook.name}` : 'New webhook'} size="lg">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          {info && !['name', 'url', 'secret', 'events', 'filter'].includes(field ?? '') && (
            <Alert color="red" title="The webhook was not saved">
              {info.message}
            </Alert>
          )}
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={fieldError('name')}
            data-autofocus
          />
          <TextInput
            label="Receiver URL"
            required
            placeholder="https://example.com/hooks/basalt"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={fieldError('url')}
          />
          <PasswordInput
            label="Secret"
            required
            description={
              webhook
                ? 'Kept as it is unless you type a new one. Receivers check X-Basalt-Signature: sha256=HMAC of the body.'
                : 'Receivers check X-Basalt-Signature: sha256=<HMAC-SHA256 of the raw body with this secret>.'
            }
            value={secret}
            onFocus={() => secret === MASK && setSecret('')}
            onBlur={() => webhook && secret === '' && setSecret(MASK)}
            onChange={(e) => setSecret(e.currentTarget.value)}
            error={fieldError('secret')}
          />
          <MultiSelect
            label="Events"
            required
            searchable
            placeholder="Choose what the receiver hears"
            data={eventOptions(operations, events)}
            value={events}
            onChange={setEvents}
            error={fieldError('events')}
            maxDropdownHeight={280}
            data-testid="webhook-events"
          />
          <TextInput
            label="Filter"
            description="Optional where clause over the event's data, e.g. total > 100"
            value={filter}
            onChange={(e) => setFilter(e.currentTarget.value)}
            error={field === 'filter' ? info?.message : undefined}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Headers
            </Text>
            {headers.map((h, i) => (
              <Group key={i} gap="xs" wrap="nowrap">
                <TextInput
                  aria-label="Header name"
                  placeholder="Authorization"
                  value={h.name}
                  onChange={(e) =>
                    setHeaders(headers.map((x, j) => (j === i ? { ...x, name: e.currentTarget.value } : x)))
                  }
                  style={{ flex: 1 }}
                />
                <TextInput
                  aria-label="Header value"
                  value={h.value}
                  onChange={(e) =>
                    setHeaders(headers.map((x, j) => (j === i ? { ...x, value: e.currentTarget.value } : x)))
                  }
                  style={{ flex: 2 }}
                />
                <Tooltip label="Remove header">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label="Remove header"
                    onClick={() => setHeaders(headers.filter((_, j) => j !== i))}
                  >
                    ×
                  </ActionIcon>
                </Tooltip>
              </Group>
            ))}
            <Group>
              <Button variant="subtle" size="xs" onClick={() => setHeaders([...headers, { name: '', value: '' }])}>
                Add header
              </Button>
            </Group>
          </Stack>
          <Switch label="Enabled" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {webhook ? 'Save' : 'Add webhook'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
