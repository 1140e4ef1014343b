import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Stack,
  Table,
  Tabs,
  Text,
  ThemeIcon,
  Tooltip,
  ActionIcon,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDots, IconExternalLink, IconLayoutDashboard, IconPlus, IconTrash } from '@tabler/icons-react';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { TypeToConfirmModal } from '../../../components/TypeToConfirmModal';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { errorInfo } from '../../../lib/errors';
import {
  useContainers,
  useDeleteContainer,
  usePurgeContainer,
  useRemovedContainers,
  useRestoreContainer,
} from '../api/ui-builder.queries';
import type { ContainerSummary } from '../api/answers';
import { CreateContainerModal } from '../components/CreateContainerModal';

/** UI Builder › containers (docs/console-screens.md › UI builder › Containers). */
export default function ContainersPage() {
  const { appId = '' } = useParams();
  const navigate = useNavigate();
  const [tab, setTab] = useState<string | null>('containers');
  const containers = useContainers(appId);
  const removed = useRemovedContainers(appId, tab === 'trash');
  const del = useDeleteContainer(appId);
  const purge = usePurgeContainer(appId);
  const restore = useRestoreContainer(appId);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<ContainerSummary | null>(null);
  const [purging, setPurging] = useState<string | null>(null);
  const open = (name: string) => navigate(`/apps/${appId}/ui/${encodeURIComponent(name)}/pages`);

  if (containers.isPending) return <PageSkeleton />;
  if (containers.isError) return <ErrorAlert error={containers.error} onRetry={() => void containers.refetch()} />;
  const list = containers.data;

  return (
    <>
      <PageHeader
        title="UI Builder"
        description="Web front ends of this app: pages built from components, bound to your tables, published at their own address."
        actions={
          <Button leftSection={<IconPlus size={18} stroke={1.5} />} onClick={() => setCreating(true)}>
            New container
          </Button>
        }
      />
      <Tabs value={tab} onChange={setTab} mb="md">
        <Tabs.List>
          <Tabs.Tab value="containers">Containers ({list.length})</Tabs.Tab>
          <Tabs.Tab value="trash" leftSection={<IconTrash size={16} stroke={1.5} />}>
            Trash
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>

      {tab === 'containers' &&
        (list.length === 0 ? (
          <Paper withBorder p="xl" radius="md">
            <Stack align="center" gap="sm">
              <ThemeIcon size={48} radius="xl" variant="light">
                <IconLayoutDashboard size={26} stroke={1.5} />
              </ThemeIcon>
              <Text fw={600}>No containers yet</Text>
              <Text size="sm" c="dimmed" ta="center" maw={420}>
                A container is one web app: its pages, layouts, theme and texts, published together.
              </Text>
              <Button onClick={() => setCreating(true)}>New container</Button>
            </Stack>
          </Paper>
        ) : (
          <Paper withBorder radius="md">
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md" aria-label="Containers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>Public address</Table.Th>
                  <Table.Th w={48} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((c) => (
                  <Table.Tr key={c.name}>
                    <Table.Td>
                      <Anchor component={Link} to={`/apps/${appId}/ui/${encodeURIComponent(c.name)}/pages`} fw={500}>
                        {c.name}
                      </Anchor>
                      {c.system && (
                        <Badge ml="xs" size="xs" variant="outline" color="gray">
                          system
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {c.publishedUrl ? (
                        <Badge color="green" variant="light">
                          Published
                        </Badge>
                      ) : (
                        <Badge color="gray" variant="light">
                          Draft
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {c.publishedUrl ? (
                        <Anchor href={c.publishedUrl} target="_blank" rel="noreferrer" size="sm">
                          {c.publishedUrl} <IconExternalLink size={14} stroke={1.5} />
                        </Anchor>
                      ) : (
                        <Text size="sm" c="dimmed">
                          Not published
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end">
                        <Menu.Target>
                          <ActionIcon variant="subtle" color="gray" aria-label={`Actions of ${c.name}`}>
                            <IconDots size={16} stroke={1.5} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          <Menu.Item onClick={() => open(c.name)}>Open editor</Menu.Item>
                          <Tooltip label="The system container holds the platform's own pages" disabled={!c.system}>
                            <Menu.Item
                              color="red"
                              disabled={c.system}
                              leftSection={<IconTrash size={16} stroke={1.5} />}
                              onClick={() => setDeleting(c)}
                            >
                              Delete…
                            </Menu.Item>
                          </Tooltip>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ))}

      {tab === 'trash' &&
        (removed.isPending ? (
          <PageSkeleton />
        ) : removed.isError ? (
          <ErrorAlert error={removed.error} onRetry={() => void removed.refetch()} />
        ) : removed.data.length === 0 ? (
          <Text c="dimmed" size="sm">
            The trash is empty. Deleted containers wait here until you purge them.
          </Text>
        ) : (
          <Paper withBorder radius="md">
            <Table verticalSpacing="sm" horizontalSpacing="md" aria-label="Deleted containers">
              <Table.Tbody>
                {removed.data.map((c) => (
                  <Table.Tr key={c.name}>
                    <Table.Td>{c.name}</Table.Td>
                    <Table.Td w={200}>
                      <Group justify="flex-end" gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          loading={restore.isPending && restore.variables === c.name}
                          onClick={() =>
                            restore.mutate(c.name, {
                              onSuccess: () => notifications.show({ message: `Container ${c.name} restored` }),
                              onError: (e) => notifications.show({ color: 'red', message: errorInfo(e).message }),
                            })
                          }
                        >
                          Restore
                        </Button>
                        <Button size="xs" variant="subtle" color="red" onClick={() => setPurging(c.name)}>
                          Purge
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ))}

      <CreateContainerModal
        appId={appId}
        opened={creating}
        containers={list.map((c) => c.name)}
        onClose={() => setCreating(false)}
        onCreated={(name) => {
          setCreating(false);
          notifications.show({ color: 'green', message: `Container ${name} created` });
          open(name);
        }}
      />
      <TypeToConfirmModal
        opened={!!deleting}
        onClose={() => {
          setDeleting(null);
          del.reset();
        }}
        title={`Delete container ${deleting?.name ?? ''}?`}
        expected={deleting?.name ?? ''}
        inputLabel="Type the container name to confirm"
        consequences={
          <Text size="sm">
            Its pages stop being served at their public address. The container moves to the trash, where it can be
            purged.
          </Text>
        }
        confirmLabel="Delete container"
        loading={del.isPending}
        error={del.error}
        onConfirm={() =>
          deleting &&
          del.mutate(deleting.name, {
            onSuccess: () => {
              notifications.show({ message: `Container ${deleting.name} moved to the trash` });
              setDeleting(null);
            },
          })
        }
      />
      <ConfirmModal
        opened={!!purging}
        onClose={() => {
          setPurging(null);
          purge.reset();
        }}
        title={`Purge container ${purging ?? ''}?`}
        confirmLabel="Purge"
        loading={purge.isPending}
        error={purge.error}
        onConfirm={() => purging && purge.mutate(purging, { onSuccess: () => setPurging(null) })}
      >
        <Text size="sm">Its pages, logic and publications are removed for good.</Text>
      </ConfirmModal>
    </>
  );
}
