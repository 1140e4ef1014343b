import type { ReactNode } from 'react';
import { Menu } from '@mantine/core';
import { IconDownload, IconEdit, IconExternalLink, IconSchema, IconTrash } from '@tabler/icons-react';

export type TableAction = 'open' | 'schema' | 'rename' | 'export' | 'delete';

/** The table's actions (right-click or its ⋯ button): open, schema, rename, export CSV, delete. */
export function TableMenu({ opened, onChange, target, system, onAction }: { opened: boolean; onChange: (o: boolean) => void; target: ReactNode; system: boolean; onAction: (a: TableAction) => void }) {
  return (
    <Menu opened={opened} onChange={onChange} position="right-start" withinPortal shadow="md" width={200}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconExternalLink size={16} stroke={1.5} />} onClick={() => onAction('open')}>Open</Menu.Item>
        <Menu.Item leftSection={<IconSchema size={16} stroke={1.5} />} onClick={() => onAction('schema')}>Schema</Menu.Item>
        <Menu.Item leftSection={<IconEdit size={16} stroke={1.5} />} disabled={system} onClick={() => onAction('rename')}>Rename</Menu.Item>
        <Menu.Item leftSection={<IconDownload size={16} stroke={1.5} />} onClick={() => onAction('export')}>Export CSV</Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} stroke={1.5} />} disabled={system} onClick={() => onAction('delete')}>Delete table</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
