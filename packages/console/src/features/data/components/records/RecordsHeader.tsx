import { Link } from 'react-router';
import { ActionIcon, Button, Group, Menu, Text, Title, Tooltip } from '@mantine/core';
import { IconDots, IconDownload, IconPlus, IconSchema, IconTrash, IconUpload } from '@tabler/icons-react';
import { numberFormat } from '../../data-format';
import { LiveBadge } from './LiveBadge';

interface Props {
  appId: string;
  tableName: string;
  /** Records matching the shown search and filter; `undefined` while counting. */
  count: number | undefined;
  filtered: boolean;
  live: { live: boolean; error: Error | null };
  selectedCount: number;
  exporting: boolean;
  onDeleteSelected: () => void;
  onDeleteAll: () => void;
  onImport: () => void;
  onExport: () => void;
  onNew: () => void;
}

/** The table's name and count, whether it is live, and the page's actions. */
export function RecordsHeader({ appId, tableName, count, filtered, live, selectedCount, exporting, onDeleteSelected, onDeleteAll, onImport, onExport, onNew }: Props) {
  return (
    // With the record panel open the page is narrower: header and toolbar wrap instead of being cut.
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Group gap="sm" align="baseline" wrap="nowrap" style={{ minWidth: 0 }}>
        <Title order={1} style={{ overflowWrap: 'anywhere' }}>{tableName}</Title>
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="records-total" style={{ whiteSpace: 'nowrap' }}>
          {count === undefined ? 'counting…' : `${numberFormat.format(count)} record${count === 1 ? '' : 's'}${filtered ? ' match' : ''}`}
        </Text>
        <LiveBadge live={live.live} error={live.error} />
      </Group>
      <Group gap="sm" wrap="wrap" justify="flex-end">
        {selectedCount > 0 && (
          <Button color="red" variant="light" leftSection={<IconTrash size={16} stroke={1.5} />} onClick={onDeleteSelected}>
            Delete {selectedCount} selected
          </Button>
        )}
        <Button component={Link} to={`/apps/${appId}/data/${encodeURIComponent(tableName)}/schema`} variant="default" leftSection={<IconSchema size={16} stroke={1.5} />}>
          Schema
        </Button>
        <Button variant="default" leftSection={<IconUpload size={16} stroke={1.5} />} onClick={onImport}>
          Import CSV
        </Button>
        <Button variant="default" leftSection={<IconDownload size={16} stroke={1.5} />} onClick={onExport} loading={exporting}>
          Export CSV
        </Button>
        <Tooltip label="New record  N">
          <Button leftSection={<IconPlus size={16} stroke={1.5} />} onClick={onNew} aria-keyshortcuts="N">
            Record
          </Button>
        </Tooltip>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="default" size="lg" aria-label="More record actions">
              <IconDots size={16} stroke={1.5} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item color="red" leftSection={<IconTrash size={16} stroke={1.5} />} onClick={onDeleteAll}>
              Delete all records
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Group>
  );
}
