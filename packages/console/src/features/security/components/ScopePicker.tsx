import { useEffect, useState } from 'react';
import { Group, SegmentedControl, Select, TextInput } from '@mantine/core';
import type { DataTable, MessagingChannel } from '@basalt/shared';

export type ScopeService = 'data' | 'files' | 'messaging';

interface Props {
  service: ScopeService;
  item: string;
  tables: DataTable[];
  channels: MessagingChannel[];
  onChange: (service: ScopeService, item: string) => void;
}

/** Which permissions the matrix shows: a table, a file path or a channel. */
export function ScopePicker({ service, item, tables, channels, onChange }: Props) {
  const [path, setPath] = useState(service === 'files' ? item : '');
  useEffect(() => {
    if (service === 'files') setPath(item);
  }, [service, item]);

  return (
    <Group align="flex-end" gap="md" mb="md">
      <SegmentedControl
        aria-label="Kind of permissions"
        value={service}
        onChange={(v) => onChange(v as ScopeService, '')}
        data={[
          { value: 'data', label: 'Tables' },
          { value: 'files', label: 'Files' },
          { value: 'messaging', label: 'Channels' },
        ]}
      />
      {service === 'data' && (
        <Select
          label="Table"
          placeholder="Pick a table"
          searchable
          data={tables.map((t) => t.name)}
          value={item || null}
          onChange={(v) => onChange('data', v ?? '')}
          w={260}
        />
      )}
      {service === 'messaging' && (
        <Select
          label="Channel"
          placeholder="Pick a channel"
          searchable
          data={channels.map((c) => c.name)}
          value={item || null}
          onChange={(v) => onChange('messaging', v ?? '')}
          w={260}
        />
      )}
      {service === 'files' && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            onChange('files', path.trim().replace(/^\/+|\/+$/g, ''));
          }}
        >
          <TextInput
            label="File or folder path"
            description="Rules on a folder cover everything inside it. Press Enter to open."
            placeholder="web/images"
            value={path}
            onChange={(e) => setPath(e.currentTarget.value)}
            onBlur={() => onChange('files', path.trim().replace(/^\/+|\/+$/g, ''))}
            w={320}
          />
        </form>
      )}
    </Group>
  );
}
