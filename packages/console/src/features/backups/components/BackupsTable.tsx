import { IconDots } from '@tabler/icons-react';
import { ActionIcon, Badge, Group, Menu, Progress, Table, Text, Tooltip } from '@mantine/core';
import type { Backup } from '@basalt/shared';
import { bytes } from '../../../app/tasks/task-format';
import { formatDateTimeWithZone } from '../../data';
import { useFollowedProcess } from '../../lifecycle';

const STATUS_COLOR: Record<Backup['status'], string> = { IN_PROGRESS: 'blue', DONE: 'green', FAILED: 'red' };
const STATUS_LABEL: Record<Backup['status'], string> = { IN_PROGRESS: 'Running', DONE: 'Done', FAILED: 'Failed' };

/** A running backup's progress, as its lifecycle process (followed in the task tray) last said. */
function RunningCell({ processId }: { processId: string }) {
  const progress = Math.round(useFollowedProcess(processId)?.progress ?? 0);
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress value={progress} w={90} animated aria-label="Backup progress" />
      <Text size="xs" c="dimmed">
        {progress}%
      </Text>
    </Group>
  );
}

interface Props {
  backups: Backup[];
  onDownload: (b: Backup) => void;
  onRestore: (b: Backup) => void;
  onDelete: (b: Backup) => void;
}

/** The app's backups, newest first, with download, restore and delete on each finished one. */
export function BackupsTable({ backups, onDownload, onRestore, onDelete }: Props) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Backups">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Taken</Table.Th>
            <Table.Th>Kind</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th ta="right">Records</Table.Th>
            <Table.Th ta="right">Size</Table.Th>
            <Table.Th>Note</Table.Th>
            <Table.Th w={48} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {backups.map((b) => (
            <Table.Tr key={b.backupId} data-testid="backup-row">
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTimeWithZone(b.createdOn)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={b.kind === 'scheduled' ? 'grape' : 'gray'}>
                  {b.kind === 'scheduled' ? 'Scheduled' : 'Manual'}
                </Badge>
              </Table.Td>
              <Table.Td>
                {b.status === 'IN_PROGRESS' ? (
                  <RunningCell processId={b.processId} />
                ) : b.status === 'FAILED' ? (
                  <Tooltip label={b.error ?? 'Failed'} multiline w={320}>
                    <Badge color="red" variant="light">
                      Failed
                    </Badge>
                  </Tooltip>
                ) : (
                  <Badge color={STATUS_COLOR[b.status]} variant="light">
                    {STATUS_LABEL[b.status]}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td ta="right">{b.records === null ? '—' : b.records.toLocaleString()}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {b.size === null ? '—' : bytes(b.size)}
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={1} maw={260} title={b.note ?? undefined}>
                  {b.note ?? ''}
                </Text>
              </Table.Td>
              <Table.Td>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`Actions for the backup of ${formatDateTimeWithZone(b.createdOn)}`}
                    >
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item disabled={b.status !== 'DONE'} onClick={() => onDownload(b)}>
                      Download
                    </Menu.Item>
                    <Menu.Item disabled={b.status !== 'DONE'} onClick={() => onRestore(b)}>
                      Restore…
                    </Menu.Item>
                    <Menu.Divider />
                    <Menu.Item color="red" disabled={b.status === 'IN_PROGRESS'} onClick={() => onDelete(b)}>
                      Delete…
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
