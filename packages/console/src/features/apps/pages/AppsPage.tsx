import { useRef, useState } from 'react';
import { Link, Outlet, useNavigate, useSearchParams } from 'react-router';
import { Badge, Button, Group, Kbd, Paper, Text, TextInput } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconFileZip, IconPlus, IconSearch } from '@tabler/icons-react';
import type { AppSummary } from '@basalt/shared';
import { PageHeader } from '../../../components/PageHeader';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useGetApps } from '../api/apps.queries';
import { AppsTable } from '../components/AppsTable';
import { AppsEmptyState } from '../components/AppsEmptyState';
import { RenameAppModal } from '../components/RenameAppModal';
import { DeleteAppModal } from '../components/DeleteAppModal';
import { CreateAppFromZipModal } from '../../lifecycle';

export default function AppsPage() {
  const navigate = useNavigate();
  const apps = useGetApps();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const searchRef = useRef<HTMLInputElement>(null);
  const [renaming, setRenaming] = useState<AppSummary | null>(null);
  const [deleting, setDeleting] = useState<AppSummary | null>(null);
  const [fromZip, setFromZip] = useState(false);

  useHotkeys([
    ['n', () => navigate('/apps/new')],
    ['/', () => searchRef.current?.focus()],
  ]);

  const setSearch = (value: string) =>
    setParams(
      (p) => {
        if (value) p.set('q', value);
        else p.delete('q');
        return p;
      },
      { replace: true },
    );

  const all = apps.data ?? [];
  const needle = search.trim().toLowerCase();
  const shown = needle
    ? all.filter((a) => a.appName.toLowerCase().includes(needle) || a.id.toLowerCase().includes(needle))
    : all;

  let body;
  if (apps.isPending) body = <PageSkeleton rows={4} />;
  else if (apps.isError) body = <ErrorAlert error={apps.error} onRetry={() => void apps.refetch()} />;
  else if (all.length === 0) body = <AppsEmptyState onFromZip={() => setFromZip(true)} />;
  else
    body = (
      <>
        <Group justify="space-between" align="flex-end" mb="md">
          <TextInput
            ref={searchRef}
            label={
              <Group gap={6} component="span">
                Search apps <Kbd size="xs">/</Kbd>
              </Group>
            }
            placeholder="Name or app id"
            leftSection={<IconSearch size={16} stroke={1.5} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={320}
          />
          <Text size="sm" c="dimmed">
            {shown.length === all.length
              ? `${all.length} app${all.length === 1 ? '' : 's'}`
              : `${shown.length} of ${all.length} apps`}
          </Text>
        </Group>
        <Paper withBorder radius="md">
          {shown.length > 0 ? (
            <AppsTable apps={shown} onRename={setRenaming} onDelete={setDeleting} />
          ) : (
            <Text size="sm" c="dimmed" p="lg" ta="center">
              No app matches “{search}”.
            </Text>
          )}
        </Paper>
      </>
    );

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            Apps
            {apps.data && apps.data.length > 0 && (
              <Badge variant="light" color="gray" radius="sm" size="lg">
                {apps.data.length}
              </Badge>
            )}
          </Group>
        }
        description="Each app has its own data, users, files, code and API keys."
        actions={
          all.length > 0 && (
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconFileZip size={18} stroke={1.5} />}
                onClick={() => setFromZip(true)}
              >
                Create app from ZIP
              </Button>
              <Button
                component={Link}
                to="/apps/new"
                leftSection={<IconPlus size={18} stroke={1.5} />}
                rightSection={<Kbd size="xs">N</Kbd>}
              >
                New app
              </Button>
            </Group>
          )
        }
      />
      {body}
      <RenameAppModal app={renaming} onClose={() => setRenaming(null)} />
      <DeleteAppModal app={deleting} onClose={() => setDeleting(null)} />
      <CreateAppFromZipModal opened={fromZip} onClose={() => setFromZip(false)} />
      <Outlet />
    </>
  );
}
