import { useState } from 'react';
import { Alert, Button, Group, Stack } from '@mantine/core';
import { IconDatabaseExport } from '@tabler/icons-react';
import { errorInfo } from '../../../lib/errors';
import { useExports, useStartExport } from '../api/lifecycle.queries';
import { isNotAvailable, partsToSend } from '../lifecycle-state';
import { COPY_PARTS, type CopyPart } from '../lifecycle-types';
import { ExportsList } from './ExportsList';
import { LifecycleCard } from './LifecycleCard';
import { NotAvailableNote } from './NotAvailableNote';
import { PartsPicker } from './PartsPicker';

/** Export: a ZIP of the chosen parts made by a server job, and the app's past exports with their downloads. */
export function ExportCard({ appId, appName }: { appId: string; appName: string }) {
  const [parts, setParts] = useState<CopyPart[]>([...COPY_PARTS]);
  const start = useStartExport(appId, appName);
  const exports = useExports(appId);
  const running = start.isPending || exports.data?.some((e) => e.status === 'IN_PROGRESS');
  const unavailable = isNotAvailable(exports.error) || isNotAvailable(start.error);

  return (
    <LifecycleCard
      label="Export app"
      title="Export"
      icon={IconDatabaseExport}
      intro={
        <>
          A ZIP of the parts you choose: records as JSON lines so their types survive, files as they are. Import it into
          another app or keep it as a copy.
        </>
      }
    >
      <Stack gap="md">
        <PartsPicker
          label="Parts to export"
          value={parts}
          onChange={setParts}
          error={parts.length ? undefined : 'Choose at least one part'}
        />
        {start.error && !unavailable ? (
          <Alert color="red" variant="light" role="alert" title="The export did not start">
            {errorInfo(start.error).message}
          </Alert>
        ) : null}
        <Group justify="flex-end">
          <Button
            onClick={() => start.mutate(partsToSend(parts))}
            loading={start.isPending}
            disabled={!parts.length || unavailable}
          >
            {running ? 'Export again' : 'Export as ZIP'}
          </Button>
        </Group>
        {unavailable ? (
          <NotAvailableNote what="exports of whole apps" />
        ) : (
          <ExportsList appId={appId} exports={exports} />
        )}
      </Stack>
    </LifecycleCard>
  );
}
