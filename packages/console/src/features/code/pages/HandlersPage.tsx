import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBolt, IconDots, IconListNumbers, IconPlus, IconPuzzle, IconSearch, IconTrash } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useChangeHandlerState, useGetCategories, useGetEventHandlers } from '../api/handlers.queries';
import { ChainModal } from '../components/ChainModal';
import { NewHandlerModal } from '../components/NewHandlerModal';
import { DeleteHandlerModal } from '../components/DeleteHandlerModal';
import type { HandlerRow } from '../handler-row';

/** Event handlers: what runs before and after the app's operations (timers have their own tab). */
export default function HandlersPage() {
  const { appId = '' } = useParams();
  const navigate = useNavigate();
  const handlers = useGetEventHandlers(appId);
  const categories = useGetCategories(appId);
  /** `PERSISTENCE` → `Data`: the names the New handler dialog shows. */
  const categoryName = (id: string) => categories.data?.find((c) => c.id === id)?.name ?? id;
  const toggle = useChangeHandlerState(appId);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<HandlerRow | null>(null);
  const [chainOf, setChainOf] = useState<HandlerRow | null>(null);
  const [search, setSearch] = useState('');

  const rows = ((handlers.data ?? []) as HandlerRow[]).filter((h) => h.category !== 'TIMER');
  const needle = search.trim().toLowerCase();
  const shown = rows.filter((h) =>
    [h.event, h.target, h.model, categoryName(h.category)].some((v) => (v ?? '').toLowerCase().includes(needle)),
  );

  const logicUrl = (h: HandlerRow) => `/apps/${appId}/code/handlers/${encodeURIComponent(h.id)}/logic`;

  const add = (
    <Button leftSection={<IconPlus size={16} stroke={1.5} />} onClick={() => setCreating(true)}>
      New handler
    </Button>
  );

  return (
    <Stack gap="md">
      {handlers.isError && <ErrorAlert error={handlers.error} onRetry={() => void handlers.refetch()} />}
      {handlers.isSuccess && rows.length === 0 && (
        <Paper withBorder p="xl" radius="sm">
          <Stack align="center" gap="sm" maw={560} mx="auto" ta="center">
            <IconBolt size={36} stroke={1.3} aria-hidden />
            <Title order={2} size="h3">
              No event handlers yet
            </Title>
            <Text size="sm" c="dimmed">
              A handler runs your code before or after an operation: check or change a record before it is saved, add
              fields to what a find answers, react to a login or an upload.
            </Text>
            <Text className="mono" size="xs" c="dimmed">
              Backendless.ServerCode.Persistence.beforeCreate(&apos;Person&apos;, req =&gt; {'{ … }'})
            </Text>
            {add}
          </Stack>
        </Paper>
      )}
      {(handlers.isPending || rows.length > 0) && (
        <>
          <Group justify="space-between">
            <Group gap="sm">
              <Text fw={600}>
                Event handlers{' '}
                <Text span c="dimmed">
                  {rows.length}
                </Text>
              </Text>
              <TextInput
                size="xs"
                aria-label="Search handlers"
                placeholder="Search event, target, model"
                leftSection={<IconSearch size={14} stroke={1.5} />}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
              />
            </Group>
            {add}
          </Group>
          <Paper withBorder radius="sm">
            <Table verticalSpacing="xs" highlightOnHover aria-label="Event handlers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Category</Table.Th>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Target</Table.Th>
                  <Table.Th>Model</Table.Th>
                  <Table.Th>Mode</Table.Th>
                  <Table.Th>Enabled</Table.Th>
                  <Table.Th w={48} aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {handlers.isPending &&
                  Array.from({ length: 3 }, (_, i) => (
                    <Table.Tr key={i}>
                      <Table.Td colSpan={7}>
                        <Skeleton height={20} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                {shown.map((h) => (
                  <Table.Tr key={h.id}>
                    <Table.Td>{categoryName(h.category)}</Table.Td>
                    <Table.Td className="mono">
                      {h.language === 'CODELESS' ? (
                        <Anchor component={Link} to={logicUrl(h)} title="Edit its blocks">
                          {h.event}
                        </Anchor>
                      ) : (
                        h.event
                      )}
                      {h.language === 'CODELESS' && (
                        <Badge size="xs" variant="light" color="violet" ml={6}>
                          codeless
                        </Badge>
                      )}
                      {h.async && (
                        <Badge size="xs" variant="light" ml={6}>
                          async
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td className="mono">{h.target ?? '*'}</Table.Td>
                    <Table.Td>
                      <Link to={`/apps/${appId}/code/editor/${encodeURIComponent(h.model)}`}>{h.model}</Link>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <Badge size="sm" variant="light" color={h.mode === 'DRAFT' ? 'gray' : 'green'}>
                          {h.mode}
                        </Badge>
                        {h.fromMarketplace && (
                          <Badge size="sm" variant="light" color="grape">
                            marketplace
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        aria-label={`${h.event} on ${h.target ?? '*'} enabled`}
                        checked={h.enabled}
                        onChange={(e) =>
                          toggle.mutate(
                            { handler: h, enabled: e.currentTarget.checked },
                            {
                              onSuccess: (_a, v) =>
                                notifications.show({
                                  message: `${h.event} on ${h.target ?? '*'} ${v.enabled ? 'enabled' : 'disabled'}`,
                                }),
                            },
                          )
                        }
                      />
                    </Table.Td>
                    <Table.Td>
                      <Menu position="bottom-end" withinPortal>
                        <Menu.Target>
                          <ActionIcon variant="subtle" aria-label={`Actions of ${h.event} on ${h.target ?? '*'}`}>
                            <IconDots size={16} stroke={1.5} />
                          </ActionIcon>
                        </Menu.Target>
                        <Menu.Dropdown>
                          {h.language === 'CODELESS' && (
                            <Menu.Item
                              leftSection={<IconPuzzle size={14} />}
                              onClick={() => void navigate(logicUrl(h))}
                            >
                              Edit logic
                            </Menu.Item>
                          )}
                          <Menu.Item leftSection={<IconListNumbers size={14} />} onClick={() => setChainOf(h)}>
                            Order of handlers
                          </Menu.Item>
                          <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(h)}>
                            Delete
                          </Menu.Item>
                        </Menu.Dropdown>
                      </Menu>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        </>
      )}
      <NewHandlerModal
        appId={appId}
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(model, language, created) => {
          setCreating(false);
          if (language === 'CODELESS' && created.id) {
            void navigate(`/apps/${appId}/code/handlers/${encodeURIComponent(created.id)}/logic`);
            return;
          }
          notifications.show({
            title: 'Handler added as a draft',
            message: `A stub file was added to model ${model}. Write its code in the editor and deploy.`,
          });
        }}
      />
      <ChainModal
        appId={appId}
        eventId={chainOf?.eventId}
        eventName={chainOf?.event ?? ''}
        context={chainOf?.target ?? '*'}
        onClose={() => setChainOf(null)}
      />
      <DeleteHandlerModal appId={appId} handler={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
