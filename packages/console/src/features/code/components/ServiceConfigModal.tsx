import { useState } from 'react';
import { Alert, Button, Code, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconSettings, IconX } from '@tabler/icons-react';
import type { ServiceConfigValue } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorInfo, fieldError, formError } from '../../../lib/errors';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard';
import { useLoadServiceConfig, useSetServiceConfig, useTestServiceConfig } from '../api/config.queries';
import { bodyOf, draftOf, isDirty, orderedItems, type ConfigDraft } from '../config-form';
import { ConfigField } from './ConfigField';

interface Props {
  appId: string;
  serviceId: string;
  serviceName: string;
  opened: boolean;
  /** Closes through the URL, so the unsaved-edits guard asks first when the form is dirty. */
  onClose: () => void;
}

/**
 * A service's configuration (docs/console-screens.md › Cloud code): every declared item drawn by
 * its type, Test (the server's checks and the service's own `validateConfig`) and Save. A refused
 * save keeps what was typed and puts the server's message under the item it names.
 */
export function ServiceConfigModal({ appId, serviceId, serviceName, opened, onClose }: Props) {
  const config = useLoadServiceConfig(appId, opened ? serviceId : undefined);
  return (
    <Modal opened={opened} onClose={onClose} title={`Configuration of ${serviceName}`} size="lg">
      {config.isPending && (
        <Stack gap="sm" aria-label="Loading configuration">
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={56} />
        </Stack>
      )}
      {config.isError && <ErrorAlert error={config.error} onRetry={() => void config.refetch()} />}
      {config.data && config.data.length === 0 && <NoConfig serviceName={serviceName} onClose={onClose} />}
      {config.data && config.data.length > 0 && (
        // Keyed by service: the form's state starts from the answer once and is never overwritten by a refetch.
        <ConfigForm key={serviceId} appId={appId} serviceId={serviceId} items={config.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function NoConfig({ serviceName, onClose }: { serviceName: string; onClose: () => void }) {
  return (
    <Stack align="center" gap="sm" ta="center" py="md">
      <IconSettings size={32} stroke={1.3} aria-hidden />
      <Text fw={600}>This service declares no configuration</Text>
      <Text size="sm" c="dimmed" maw={460}>
        Items a service declares when it registers appear here, so each app can set its own values (API keys, URLs,
        switches) without changing the code.
      </Text>
      <Code block ta="left" w="100%">
        {`Backendless.ServerCode.addService(${serviceName}, [\n  { name: 'apiKey', displayName: 'API key', type: 'PASSWORD', required: true },\n  { name: 'mode', type: 'CHOICE', options: ['test', 'live'], defaultValue: 'test' },\n]);`}
      </Code>
      <Button variant="default" onClick={onClose}>
        Close
      </Button>
    </Stack>
  );
}

function ConfigForm({
  appId,
  serviceId,
  items,
  onClose,
}: {
  appId: string;
  serviceId: string;
  items: ServiceConfigValue[];
  onClose: () => void;
}) {
  const ordered = orderedItems(items);
  const [initial, setInitial] = useState<ConfigDraft>(() => draftOf(items));
  const [draft, setDraft] = useState<ConfigDraft>(initial);
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const save = useSetServiceConfig(appId, serviceId);
  const test = useTestServiceConfig(appId, serviceId);
  const dirty = isDirty(initial, draft);
  useUnsavedChangesGuard(dirty, { message: 'The configuration values you changed are not saved yet.' });

  const names = items.map((i) => i.name);
  const pending = save.isPending || test.isPending;

  /** The body to send, or null after showing which fields cannot be sent. */
  const collect = () => {
    const { body, errors } = bodyOf(ordered, draft);
    setLocalErrors(errors);
    return Object.keys(errors).length ? null : body;
  };

  const onSave = () => {
    setSaved(false);
    test.reset();
    const body = collect();
    if (!body) return;
    save.mutate(body, {
      onSuccess: (answer) => {
        const next = draftOf(answer);
        setInitial(next);
        setDraft(next);
        setSaved(true);
      },
    });
  };

  const onTest = () => {
    setSaved(false);
    save.reset();
    const body = collect();
    if (body) test.mutate(body);
  };

  const topError = formError(save.error, names) ?? (test.error ? errorInfo(test.error).message : undefined);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      <Stack gap="md">
        {ordered.map((item) => (
          <ConfigField
            key={item.name}
            item={item}
            state={draft[item.name]!}
            error={localErrors[item.name] ?? fieldError(save.error, item.name)}
            onChange={(next) => {
              setSaved(false);
              // The server names one item per refusal: editing that item answers it.
              if (fieldError(save.error, item.name)) save.reset();
              setLocalErrors(({ [item.name]: _gone, ...rest }) => rest);
              setDraft((d) => ({ ...d, [item.name]: next }));
            }}
          />
        ))}
        {test.data && (
          <Alert
            role="status"
            color={test.data.valid ? 'green' : 'red'}
            variant="light"
            icon={test.data.valid ? <IconCheck size={18} /> : <IconX size={18} />}
            title={test.data.valid ? 'The configuration is valid' : 'The configuration is not valid'}
          >
            <Text size="sm">
              {test.data.message ??
                (test.data.valid ? 'Types, required items and the service’s own check passed. Nothing was saved.' : '')}
            </Text>
          </Alert>
        )}
        {topError && (
          <Alert role="alert" color="red" variant="light" title="Not saved">
            <Text size="sm">{topError}</Text>
          </Alert>
        )}
        {save.error && !topError && (
          <Text size="sm" c="red" role="alert">
            Not saved: correct the fields marked above. Your values are kept.
          </Text>
        )}
        <Group justify="space-between">
          <Text size="sm" c={saved ? 'green' : 'dimmed'} role="status">
            {saved ? 'Saved.' : dirty ? 'Unsaved changes' : ''}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button variant="default" onClick={onTest} loading={test.isPending} disabled={pending}>
              Test
            </Button>
            <Button
              type="submit"
              loading={save.isPending}
              disabled={!dirty || pending}
              title={dirty ? undefined : 'Nothing changed yet'}
            >
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
