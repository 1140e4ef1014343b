import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconExternalLink } from '@tabler/icons-react';
import { errorInfo } from '../../../lib/errors';
import { validateAppName } from '../../apps';
import { useCloneApp, useProcesses } from '../api/lifecycle.queries';
import { useFollowedProcess } from '../api/lifecycle-tasks';
import { isNotAvailable, partsToSend } from '../lifecycle-state';
import { COPY_PARTS, type CopyPart } from '../lifecycle-types';
import { LifecycleCard } from './LifecycleCard';
import { NotAvailableNote } from './NotAvailableNote';
import { PartsPicker } from './PartsPicker';
import { ProcessProgress } from './ProcessProgress';

/**
 * Clone: a new app with the chosen parts of this one, made by a server job. The card follows the
 * clone it started (or, after a reload, the app's latest one) and opens the clone once it is done.
 */
export function CloneCard({ appId, appName }: { appId: string; appName: string }) {
  const [name, setName] = useState(`${appName} copy`);
  const [nameError, setNameError] = useState<string | null>(null);
  const [parts, setParts] = useState<CopyPart[]>([...COPY_PARTS]);
  const clone = useCloneApp(appId, appName);
  const processes = useProcesses(appId);
  const started = useFollowedProcess(clone.data?.processId);
  const earlier = processes.data?.find((p) => p.kind === 'clone');
  const shown = started ?? (clone.data ? undefined : earlier);
  const running = clone.isPending || shown?.status === 'IN_PROGRESS';
  const failure = clone.error ? errorInfo(clone.error) : undefined;

  const submit = () => {
    const problem = validateAppName(name);
    setNameError(problem);
    if (problem || running) return;
    if (!parts.length) return;
    clone.mutate({ appName: name.trim(), parts: partsToSend(parts) });
  };

  return (
    <LifecycleCard
      label="Clone app"
      title="Clone"
      icon={IconCopy}
      intro={<>A new app with the parts you choose; this app is not changed. The clone gets API keys of its own.</>}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Name of the clone"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onBlur={() => setNameError(validateAppName(name))}
            error={nameError ?? (failure?.field === 'appName' ? failure.message : undefined)}
            maw={420}
          />
          <PartsPicker
            label="Parts to copy"
            value={parts}
            onChange={setParts}
            error={parts.length ? undefined : 'Choose at least one part'}
          />
          {clone.error && isNotAvailable(clone.error) ? (
            <NotAvailableNote what="cloning apps" />
          ) : failure && failure.field !== 'appName' ? (
            <Alert color="red" variant="light" role="alert" title="The clone did not start">
              {failure.message}
            </Alert>
          ) : null}
          {shown && (
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                {started ? `Cloning into ${clone.variables?.appName ?? 'the new app'}` : 'Latest clone'}
              </Text>
              <ProcessProgress process={shown} label="Clone progress" />
            </Stack>
          )}
          <Group justify="flex-end" gap="sm">
            {shown?.status === 'DONE' && shown.newAppId ? (
              <Button
                component={Link}
                to={`/apps/${encodeURIComponent(shown.newAppId)}`}
                variant="light"
                leftSection={<IconExternalLink size={16} stroke={1.5} />}
              >
                Open the clone
              </Button>
            ) : null}
            <Button type="submit" loading={running} disabled={!parts.length}>
              Clone app
            </Button>
          </Group>
        </Stack>
      </form>
    </LifecycleCard>
  );
}
