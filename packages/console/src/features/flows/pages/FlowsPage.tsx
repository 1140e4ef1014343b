import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, FileButton, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconGitMerge, IconPlus, IconUpload } from '@tabler/icons-react';
import type { FlowVersion } from '@basalt/shared';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { NameModal } from '../../../components/NameModal';
import { errorInfo } from '../../../lib/errors';
import { useCreateFlow, useFlowVersions, useImportFlow } from '../api/flows.queries';
import { FlowCard } from '../components/FlowCard';
import { readExportFile } from '../flow-files';

/** Versions grouped by flow, flows by name, versions newest first. */
function byFlow(versions: FlowVersion[]): FlowVersion[][] {
  const groups = new Map<string, FlowVersion[]>();
  for (const v of versions) groups.set(v.flowId, [...(groups.get(v.flowId) ?? []), v]);
  return [...groups.values()]
    .map((g) => g.sort((a, b) => b.versionNumber - a.versionNumber))
    .sort((a, b) => a[0].name.localeCompare(b[0].name));
}

/** Flows › list (docs/console-screens.md › Flows). */
export default function FlowsPage() {
  const { appId = '' } = useParams();
  const navigate = useNavigate();
  const versions = useFlowVersions(appId);
  const create = useCreateFlow(appId);
  const importFlow = useImportFlow(appId);
  const [creating, setCreating] = useState(false);
  const flows = useMemo(() => byFlow(versions.data ?? []), [versions.data]);

  const open = (v: FlowVersion) => navigate(`/apps/${appId}/flows/${v.flowId}/${v.id}`);
  const onImport = async (file: File | null) => {
    if (!file) return;
    try {
      const body = await readExportFile(file);
      importFlow.mutate(
        { body },
        {
          onSuccess: (v) => {
            notifications.show({ color: 'green', message: `Imported flow ${v.name}` });
            open(v);
          },
          onError: (e) => notifications.show({ color: 'red', message: errorInfo(e).message }),
        },
      );
    } catch (e) {
      notifications.show({ color: 'red', message: errorInfo(e).message });
    }
  };

  const importButton = (
    <FileButton onChange={(f) => void onImport(f)} accept="application/json,.json">
      {(props) => (
        <Button {...props} variant="default" leftSection={<IconUpload size={18} stroke={1.5} />}>
          Import flow
        </Button>
      )}
    </FileButton>
  );
  const createButton = (
    <Button leftSection={<IconPlus size={18} stroke={1.5} />} onClick={() => setCreating(true)}>
      Create flow
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Flows"
        description="Automations that run when data changes, on a schedule or when your app calls them."
        actions={
          flows.length ? (
            <>
              {importButton}
              {createButton}
            </>
          ) : undefined
        }
      />
      {versions.isPending ? (
        <PageSkeleton />
      ) : versions.isError ? (
        <ErrorAlert error={versions.error} onRetry={() => void versions.refetch()} />
      ) : flows.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Stack align="center" gap="sm" py="lg">
            <ThemeIcon size={48} radius="xl" variant="light">
              <IconGitMerge size={26} stroke={1.5} />
            </ThemeIcon>
            <Text fw={600}>No flows yet</Text>
            <Text size="sm" c="dimmed" ta="center" maw={460}>
              A flow starts from a trigger — a record created, a schedule, a call from your app — and runs its steps on
              the server, one after another, even across restarts.
            </Text>
            <Stack gap="xs" align="center" mt="xs">
              {createButton}
              {importButton}
            </Stack>
          </Stack>
        </Paper>
      ) : (
        <Stack gap="md">
          {flows.map((versionsOfFlow) => (
            <FlowCard key={versionsOfFlow[0].flowId} appId={appId} versions={versionsOfFlow} />
          ))}
        </Stack>
      )}
      <NameModal
        opened={creating}
        onClose={() => setCreating(false)}
        title="Create flow"
        label="Flow name"
        description="Apps activate API-triggered flows by this name; it is unique in the app."
        confirmLabel="Create flow"
        validate={(name) => (!name ? 'Give the flow a name' : name.length > 200 ? 'Use at most 200 characters' : null)}
        loading={create.isPending}
        error={create.error}
        onSubmit={(name) =>
          create.mutate(
            { name, elements: [], transitions: [] },
            {
              onSuccess: (v) => {
                setCreating(false);
                open(v);
              },
            },
          )
        }
      />
    </>
  );
}
