import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Button, Card, Group, Modal, Select, Skeleton, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { Dashlet } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { errorInfo, fieldError } from '../../../lib/errors';
import { useGetTables } from '../../data';
import { useLoadRoles } from '../../security';
import {
  useAddChartDashlet,
  useCreateDashboard,
  useDashboards,
  useDeleteDashboard,
  useDeleteDashlet,
  useUpdateDashboardSettings,
} from '../api/dashboards.queries';
import { ChartDialog } from '../components/ChartDialog';
import { DashletCard } from '../components/DashletCard';

/**
 * Data › Dashboards (decision 0093): dashboards of charts over the app's tables. Each chart reads
 * its points through the app API as the dashboard's caller (the anonymous visitor unless the
 * dashboard runs as a role), so what a caller may not read shows as "not permitted".
 */
export default function DashboardsPage() {
  const { appId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const list = useDashboards(appId);
  const tables = useGetTables(appId);
  const create = useCreateDashboard(appId);
  const remove = useDeleteDashboard(appId);
  const addChart = useAddChartDashlet(appId);
  const removeDashlet = useDeleteDashlet(appId);
  const settings = useUpdateDashboardSettings(appId);
  const roles = useLoadRoles(appId);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [removing, setRemoving] = useState<Dashlet | undefined>();

  const boards = list.data ?? [];
  const current = boards.find((b) => b.id === params.get('d')) ?? boards[0];
  const select = (id: string | null) => id && setParams({ d: id }, { replace: true });

  const newDashboard = (
    <Button onClick={() => setNaming(true)} variant={boards.length ? 'default' : 'filled'}>
      New dashboard
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Dashboards"
        description="Charts of your tables side by side. Each chart counts only the records its dashboard's caller may read."
        actions={newDashboard}
      />
      {list.isPending ? (
        <Skeleton height={260} />
      ) : list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />
      ) : !current ? (
        <Card withBorder padding="xl" radius="md">
          <Stack align="center" gap="xs">
            <Title order={3}>No dashboards yet</Title>
            <Text c="dimmed" ta="center" maw={520}>
              A dashboard holds charts of your tables: records grouped by a column, counted or added up, optionally only
              those matching a where.
            </Text>
            <Button mt="sm" onClick={() => setNaming(true)}>
              Create a dashboard
            </Button>
          </Stack>
        </Card>
      ) : (
        <Tabs value={current.id} onChange={select} keepMounted={false}>
          <Tabs.List mb="md">
            {boards.map((b) => (
              <Tabs.Tab key={b.id} value={b.id}>
                {b.name}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Group justify="space-between" mb="md">
            <Group gap="sm">
              <Text size="sm" c="dimmed">
                {current.dashlets.length} {current.dashlets.length === 1 ? 'chart' : 'charts'} · reads as
              </Text>
              <Select
                aria-label="Reads as"
                size="xs"
                w={220}
                value={current.settings.runAs?.roleName ?? ''}
                data={[
                  { value: '', label: 'An anonymous visitor' },
                  ...(roles.data ?? []).map((r) => ({ value: r.rolename, label: `Role ${r.rolename}` })),
                ]}
                allowDeselect={false}
                disabled={settings.isPending}
                onChange={(v) =>
                  settings.mutate(
                    { id: current.id, settings: { ...current.settings, runAs: v ? { roleName: v } : undefined } },
                    {
                      onError: (err) => notifications.show({ color: 'red', message: errorInfo(err).message }),
                    },
                  )
                }
              />
            </Group>
            <Group gap="xs">
              <Button variant="light" onClick={() => setAdding(true)}>
                Add chart
              </Button>
              <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>
                Delete dashboard
              </Button>
            </Group>
          </Group>
          {current.dashlets.length === 0 ? (
            <Card withBorder padding="xl" radius="md">
              <Stack align="center" gap="xs">
                <Text fw={600}>This dashboard is empty</Text>
                <Text c="dimmed" size="sm">
                  Add a chart of one of your tables.
                </Text>
                <Button mt="xs" onClick={() => setAdding(true)}>
                  Add chart
                </Button>
              </Stack>
            </Card>
          ) : (
            <div
              style={{
                display: 'grid',
                gridTemplateColumns: 'repeat(12, minmax(0, 1fr))',
                gap: 'var(--mantine-spacing-md)',
              }}
            >
              {current.dashlets.map((d) => (
                <DashletCard
                  key={d.id}
                  appId={appId}
                  dashboardId={current.id}
                  dashlet={d}
                  onRemove={() => setRemoving(d)}
                />
              ))}
            </div>
          )}
        </Tabs>
      )}

      <Modal opened={naming} onClose={() => setNaming(false)} title="New dashboard">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate(name, {
              onSuccess: (b) => {
                setNaming(false);
                setName('');
                select(b.id);
              },
            });
          }}
        >
          <Stack>
            <TextInput
              label="Name"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={fieldError(create.error, 'name') ?? (create.error ? errorInfo(create.error).message : undefined)}
              required
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setNaming(false)}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
                Create
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      {adding && current && (
        <ChartDialog
          tables={tables.data ?? []}
          saving={addChart.isPending}
          error={addChart.error}
          onClose={() => {
            addChart.reset();
            setAdding(false);
          }}
          onSave={(source) =>
            addChart.mutate(
              {
                dashboardId: current.id,
                source,
                dashlet: { title: source.title ?? source.name, size: { width: 6, height: 4 } },
              },
              {
                onSuccess: () => {
                  notifications.show({ color: 'teal', message: `Chart ${source.title ?? source.name} added.` });
                  setAdding(false);
                },
              },
            )
          }
        />
      )}

      <ConfirmModal
        opened={deleting}
        onClose={() => {
          remove.reset();
          setDeleting(false);
        }}
        title={`Delete dashboard ${current?.name ?? ''}?`}
        confirmLabel="Delete dashboard"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          current &&
          remove.mutate(current.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: `Dashboard ${current.name} is deleted.` });
              setDeleting(false);
              setParams({}, { replace: true });
            },
          })
        }
      >
        Its {current?.dashlets.length ?? 0} dashlets go with it. The charts stay in the chart builder, and no record
        changes.
      </ConfirmModal>

      <ConfirmModal
        opened={!!removing}
        onClose={() => {
          removeDashlet.reset();
          setRemoving(undefined);
        }}
        title={`Remove ${removing?.title || 'this dashlet'} from the dashboard?`}
        confirmLabel="Remove"
        loading={removeDashlet.isPending}
        error={removeDashlet.error}
        onConfirm={() =>
          removing &&
          current &&
          removeDashlet.mutate(
            { dashboardId: current.id, dashletId: removing.id },
            { onSuccess: () => setRemoving(undefined) },
          )
        }
      >
        The chart itself stays in the chart builder.
      </ConfirmModal>
    </>
  );
}
