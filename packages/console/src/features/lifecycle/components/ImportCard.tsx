import { useState } from 'react';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { TypeToConfirmModal } from '../../../components/TypeToConfirmModal';
import { errorInfo } from '../../../lib/errors';
import { useImportZip } from '../api/lifecycle.queries';
import { useFollowedProcess } from '../api/lifecycle-tasks';
import { isNotAvailable } from '../lifecycle-state';
import type { ZipSource } from '../lifecycle-types';
import { LifecycleCard } from './LifecycleCard';
import { NotAvailableNote } from './NotAvailableNote';
import { ProcessProgress } from './ProcessProgress';
import { useZipSourceField, ZipSourceInput } from './ZipSourceInput';

/**
 * Import: an app ZIP into this app. The server refuses (409) an app that already has tables; the
 * card then asks, by typing the app's name, whether to replace them, and only then sends `replace`.
 */
export function ImportCard({ appId, appName }: { appId: string; appName: string }) {
  const zip = useZipSourceField();
  const [confirming, setConfirming] = useState<ZipSource | null>(null);
  const run = useImportZip(appId, appName);
  const process = useFollowedProcess(run.data?.processId);
  const refusedAsFull = run.error ? errorInfo(run.error).status === 409 : false;

  const start = (source: ZipSource, replace: boolean) =>
    run.mutate(
      { source, replace },
      {
        onSuccess: () => setConfirming(null),
        onError: (error) => {
          if (!replace && errorInfo(error).status === 409) setConfirming(source);
        },
      },
    );

  const submit = () => {
    const source = zip.check();
    if (source && !run.isPending) start(source, false);
  };

  return (
    <LifecycleCard
      label="Import app"
      title="Import"
      icon={IconFileImport}
      intro={
        <>
          Brings an exported app ZIP into this app. The whole archive is checked before anything is written. To make a
          new app from a ZIP instead, use <b>Create app from ZIP</b> on the apps list.
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <ZipSourceInput {...zip.field} />
          {run.error && isNotAvailable(run.error) ? (
            <NotAvailableNote what="imports of app ZIPs" />
          ) : run.error && !(refusedAsFull && confirming) ? (
            <Alert color="red" variant="light" role="alert" title="The import did not start">
              {errorInfo(run.error).message}
            </Alert>
          ) : null}
          {process && <ProcessProgress process={process} label="Import progress" />}
          <Group justify="flex-end">
            <Button type="submit" loading={run.isPending && !confirming}>
              Import into this app
            </Button>
          </Group>
        </Stack>
      </form>
      <TypeToConfirmModal
        opened={!!confirming}
        onClose={() => {
          setConfirming(null);
          run.reset();
        }}
        title={`Replace the contents of ${appName}?`}
        expected={appName}
        inputLabel="Type the app name to replace it"
        confirmLabel="Replace and import"
        loading={run.isPending}
        error={run.error && !refusedAsFull ? run.error : undefined}
        consequences={
          <>
            {appName} already has tables. Importing replaces what the ZIP carries:
            <List size="sm" mt={6} spacing={2}>
              <List.Item>its tables and every record in them</List.Item>
              <List.Item>its files, roles and permissions, cloud code and settings, if the ZIP has them</List.Item>
            </List>
            <Text size="sm" mt={6}>
              This cannot be undone. Export the app first if you may want it back.
            </Text>
          </>
        }
        onConfirm={() => confirming && start(confirming, true)}
      />
    </LifecycleCard>
  );
}
