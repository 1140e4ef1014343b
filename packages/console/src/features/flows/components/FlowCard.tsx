import { useState } from 'react';
import { Link } from 'react-router';
import { ActionIcon, Anchor, Button, FileButton, Group, Menu, Paper, Table, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCopyPlus,
  IconDots,
  IconDownload,
  IconList,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import type { FlowVersion } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { TypeToConfirmModal } from '../../../components/TypeToConfirmModal';
import { errorInfo } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import {
  useDeleteFlow,
  useDeleteFlowVersion,
  useExportFlowVersion,
  useImportFlow,
  useVersionLifecycle,
  type LifecycleAction,
} from '../api/flows.queries';
import { downloadExport, readExportFile } from '../flow-files';
import { VersionStatusBadge } from './VersionStatusBadge';

const DONE: Record<LifecycleAction, string> = {
  enable: 'is LIVE',
  pause: 'is paused',
  terminate: 'was terminated',
  newVersion: 'created from this version',
};

/** Running or paused versions run the flow: they cannot be edited or deleted until terminated. */
const isRunning = (v: FlowVersion) => v.status === 'LIVE' || v.status === 'PAUSED';

/** One flow with its versions, newest first, and what can be done to each. */
export function FlowCard({ appId, versions }: { appId: string; versions: FlowVersion[] }) {
  const flow = versions[0];
  const base = `/apps/${appId}/flows/${flow.flowId}`;
  const lifecycle = useVersionLifecycle(appId);
  const exportVersion = useExportFlowVersion(appId);
  const importVersion = useImportFlow(appId);
  const deleteVersion = useDeleteFlowVersion(appId);
  const deleteFlow = useDeleteFlow(appId);
  const [terminating, setTerminating] = useState<FlowVersion | null>(null);
  const [deletingVersion, setDeletingVersion] = useState<FlowVersion | null>(null);
  const [deletingFlow, setDeletingFlow] = useState(false);

  const run = (action: LifecycleAction, v: FlowVersion) =>
    lifecycle.mutate(
      { action, versionId: v.id },
      {
        onSuccess: (next) => {
          setTerminating(null);
          notifications.show({ color: 'green', message: `${flow.name} v${next.versionNumber} ${DONE[action]}` });
        },
        onError: (e) => notifications.show({ color: 'red', message: errorInfo(e).message }),
      },
    );

  const onImport = async (file: File | null) => {
    if (!file) return;
    try {
      const body = await readExportFile(file);
      importVersion.mutate(
        { body, intoFlowId: flow.flowId },
        {
          onSuccess: (v) =>
            notifications.show({ color: 'green', message: `Imported as ${v.name} v${v.versionNumber}` }),
          onError: (e) => notifications.show({ color: 'red', message: errorInfo(e).message }),
        },
      );
    } catch (e) {
      notifications.show({ color: 'red', message: errorInfo(e).message });
    }
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={`Flow ${flow.name}`}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <div style={{ minWidth: 0 }}>
          <Anchor component={Link} to={`${base}/${flow.id}`} fw={600} size="md">
            {flow.name}
          </Anchor>
          {flow.description && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {flow.description}
            </Text>
          )}
        </div>
        <Group gap="xs" wrap="nowrap">
          <FileButton onChange={(f) => void onImport(f)} accept="application/json,.json">
            {(props) => (
              <Button {...props} size="xs" variant="default" leftSection={<IconUpload size={16} stroke={1.5} />}>
                Import version
              </Button>
            )}
          </FileButton>
          <Tooltip label="Delete flow with all versions">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete flow ${flow.name}`}
              onClick={() => setDeletingFlow(true)}
            >
              <IconTrash size={16} stroke={1.5} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Table aria-label={`Versions of ${flow.name}`} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={90}>Version</Table.Th>
            <Table.Th w={120}>Status</Table.Th>
            <Table.Th>Elements</Table.Th>
            <Table.Th>Changed</Table.Th>
            <Table.Th w={220} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {versions.map((v) => (
            <Table.Tr key={v.id} data-version={v.versionNumber}>
              <Table.Td>
                <Anchor component={Link} to={`${base}/${v.id}`} size="sm">
                  v{v.versionNumber}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <VersionStatusBadge version={v} />
              </Table.Td>
              <Table.Td>
                <Text size="sm">{v.elements.length}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" c="dimmed">
                  {formatDateTime(v.updated ?? v.created)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {v.status === 'LIVE' ? (
                    <Button
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconPlayerPause size={14} stroke={1.5} />}
                      onClick={() => run('pause', v)}
                      aria-label={`Pause v${v.versionNumber}`}
                    >
                      Pause
                    </Button>
                  ) : (
                    <Button
                      size="compact-sm"
                      variant="default"
                      leftSection={<IconPlayerPlay size={14} stroke={1.5} />}
                      disabled={v.status === 'NOT_READY'}
                      onClick={() => run('enable', v)}
                      aria-label={`Enable v${v.versionNumber}`}
                    >
                      Enable
                    </Button>
                  )}
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    component={Link}
                    to={`${base}/${v.id}/instances`}
                    leftSection={<IconList size={14} stroke={1.5} />}
                  >
                    Instances
                  </Button>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon variant="subtle" aria-label={`More actions for v${v.versionNumber}`}>
                        <IconDots size={16} stroke={1.5} />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item
                        leftSection={<IconPlayerStop size={16} stroke={1.5} />}
                        disabled={!isRunning(v)}
                        onClick={() => setTerminating(v)}
                      >
                        Terminate…
                      </Menu.Item>
                      <Menu.Item
                        leftSection={<IconCopyPlus size={16} stroke={1.5} />}
                        onClick={() => run('newVersion', v)}
                      >
                        New version from this one
                      </Menu.Item>
                      <Menu.Item
                        leftSection={<IconDownload size={16} stroke={1.5} />}
                        onClick={() =>
                          exportVersion.mutate(v.id, {
                            onSuccess: (data) => downloadExport(data, v.versionNumber),
                            onError: (e) => notifications.show({ color: 'red', message: errorInfo(e).message }),
                          })
                        }
                      >
                        Export JSON
                      </Menu.Item>
                      <Menu.Divider />
                      <Menu.Item
                        color="red"
                        leftSection={<IconTrash size={16} stroke={1.5} />}
                        disabled={isRunning(v)}
                        onClick={() => setDeletingVersion(v)}
                      >
                        Delete version…
                      </Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>

      <ConfirmModal
        opened={!!terminating}
        onClose={() => setTerminating(null)}
        title={`Terminate ${flow.name} v${terminating?.versionNumber ?? ''}?`}
        confirmLabel="Terminate"
        loading={lifecycle.isPending}
        error={lifecycle.error}
        onConfirm={() => terminating && run('terminate', terminating)}
      >
        Every running or waiting instance of this version stops now, and no new one starts. The version goes back to
        READY and can be edited again.
      </ConfirmModal>
      <ConfirmModal
        opened={!!deletingVersion}
        onClose={() => setDeletingVersion(null)}
        title={`Delete ${flow.name} v${deletingVersion?.versionNumber ?? ''}?`}
        confirmLabel="Delete version"
        loading={deleteVersion.isPending}
        error={deleteVersion.error}
        onConfirm={() =>
          deletingVersion &&
          deleteVersion.mutate(deletingVersion.id, {
            onSuccess: () => {
              setDeletingVersion(null);
              notifications.show({ color: 'green', message: `v${deletingVersion.versionNumber} deleted` });
            },
          })
        }
      >
        The version and the record of its instances are deleted. This cannot be undone.
      </ConfirmModal>
      <TypeToConfirmModal
        opened={deletingFlow}
        onClose={() => setDeletingFlow(false)}
        title={`Delete flow ${flow.name}?`}
        expected={flow.name}
        inputLabel="Type the flow name to confirm"
        consequences={`All ${versions.length} version${versions.length === 1 ? '' : 's'} and the record of their instances are deleted. A LIVE or paused version must be terminated first.`}
        confirmLabel="Delete flow"
        loading={deleteFlow.isPending}
        error={deleteFlow.error}
        onConfirm={() =>
          deleteFlow.mutate(flow.flowId, {
            onSuccess: () => {
              setDeletingFlow(false);
              notifications.show({ color: 'green', message: `Flow ${flow.name} deleted` });
            },
          })
        }
      />
    </Paper>
  );
}
