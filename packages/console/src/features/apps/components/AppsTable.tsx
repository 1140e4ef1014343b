import { Link, useSearchParams } from 'react-router';
import { Anchor, Badge, Group, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import type { AppSummary } from '@basalt/shared';
import { AppAvatar } from '../../../components/AppAvatar';
import { CopyValue } from '../../../components/CopyValue';
import { formatDate, formatDateTime } from '../../../lib/format';
import { AppRowMenu } from './AppRowMenu';
import { changedSearchParams } from '../../../lib/search-params';

type SortKey = 'name' | 'created';

function SortHeader({
  label,
  column,
  sort,
  dir,
  onSort,
}: {
  label: string;
  column: SortKey;
  sort: SortKey;
  dir: 'asc' | 'desc';
  onSort: (c: SortKey) => void;
}) {
  const active = sort === column;
  const Icon = !active ? IconArrowsSort : dir === 'asc' ? IconSortAscending : IconSortDescending;
  return (
    <Table.Th aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(column)} aria-label={`Sort by ${label.toLowerCase()}`}>
        <Group gap={4} wrap="nowrap">
          <Text size="sm" fw={600}>
            {label}
          </Text>
          <Icon size={14} stroke={1.5} opacity={active ? 1 : 0.5} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

interface Props {
  apps: AppSummary[];
  onRename: (app: AppSummary) => void;
  onDelete: (app: AppSummary) => void;
}

/** The apps list; its sort lives in the URL (`?sort=name:asc`) so it survives reloads. */
export function AppsTable({ apps, onRename, onDelete }: Props) {
  const [params, setParams] = useSearchParams();
  const [sortRaw, dirRaw] = (params.get('sort') ?? 'name:asc').split(':');
  const sort: SortKey = sortRaw === 'created' ? 'created' : 'name';
  const dir = dirRaw === 'desc' ? 'desc' : 'asc';
  const onSort = (column: SortKey) => {
    const nextDir = column === sort && dir === 'asc' ? 'desc' : 'asc';
    setParams(() => changedSearchParams({ sort: `${column}:${nextDir}` }), { replace: true });
  };

  const sorted = [...apps].sort((a, b) => {
    const order =
      sort === 'name' ? a.appName.localeCompare(b.appName, undefined, { sensitivity: 'base' }) : a.created - b.created;
    return dir === 'asc' ? order : -order;
  });

  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Your apps">
        <Table.Thead>
          <Table.Tr>
            <SortHeader label="Name" column="name" sort={sort} dir={dir} onSort={onSort} />
            <Table.Th>App id</Table.Th>
            <SortHeader label="Created" column="created" sort={sort} dir={dir} onSort={onSort} />
            <Table.Th>Role</Table.Th>
            <Table.Th w={48}>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sorted.map((app) => (
            <Table.Tr key={app.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <AppAvatar name={app.appName} logo={app.logo} size={28} />
                  <Anchor component={Link} to={`/apps/${app.id}/overview`} fw={500} size="sm">
                    {app.appName}
                  </Anchor>
                </Group>
              </Table.Td>
              <Table.Td maw={320}>
                <CopyValue value={app.id} label={`Copy app id of ${app.appName}`} truncate />
              </Table.Td>
              <Table.Td>
                <Text size="sm" title={formatDateTime(app.created)}>
                  {formatDate(app.created)}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={app.role === 'owner' ? 'indigo' : 'gray'} radius="sm">
                  {app.role === 'owner' ? 'Owner' : 'Member'}
                </Badge>
              </Table.Td>
              <Table.Td>
                <AppRowMenu app={app} onRename={onRename} onDelete={onDelete} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
