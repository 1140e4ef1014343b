import { ActionIcon, Autocomplete, Group, SegmentedControl, Stack, Tooltip } from '@mantine/core';
import { IconLink, IconLinkOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isBinding, type PropValue } from '../model/schema';
import type { TableColumns } from '../canvas/editor-context';

type Kind = '$path' | '$t';

/** Paths a property may read: page, app, user and route roots, and `item.<column>` of every table. */
export function pathSuggestions(tables: TableColumns): string[] {
  const out = ['page.', 'app.', 'user.email', 'user.objectId', 'route.'];
  for (const [table, cols] of tables) for (const c of cols) out.push(`item.${c}  (${table})`);
  return out;
}

/**
 * A property that is either a literal (its own field, `literal`) or a binding: a path into page,
 * app, user, route or repeater-row data (listing the app's tables' columns) or an i18n key.
 */
export function ValueBinding({
  label,
  value,
  tables,
  literal,
  onChange,
}: {
  label: string;
  value: PropValue | undefined;
  tables: TableColumns;
  literal: ReactNode;
  onChange: (next: PropValue, coalesce?: string) => void;
}) {
  const bound = isBinding(value) && ('$path' in value || '$t' in value);
  const kind: Kind = bound && '$t' in (value as object) ? '$t' : '$path';
  const text = bound ? String((value as unknown as Record<string, unknown>)[kind] ?? '') : '';
  const toggle = (
    <Tooltip label={bound ? 'Use a fixed value' : 'Bind to data'}>
      <ActionIcon
        variant={bound ? 'filled' : 'subtle'}
        color={bound ? 'indigo' : 'gray'}
        aria-label={bound ? `Unbind ${label}` : `Bind ${label}`}
        onClick={() => onChange(bound ? '' : { $path: '' })}
      >
        {bound ? <IconLinkOff size={16} stroke={1.5} /> : <IconLink size={16} stroke={1.5} />}
      </ActionIcon>
    </Tooltip>
  );
  if (!bound)
    return (
      <Group gap={4} align="flex-end" wrap="nowrap">
        <div style={{ flex: 1, minWidth: 0 }}>{literal}</div>
        {toggle}
      </Group>
    );
  return (
    <Stack gap={4}>
      <Group gap={4} align="flex-end" wrap="nowrap">
        <Autocomplete
          style={{ flex: 1 }}
          label={`${label} (bound)`}
          placeholder={kind === '$path' ? 'item.name' : 'welcome_title'}
          data={kind === '$path' ? pathSuggestions(tables) : []}
          value={text}
          onChange={(v) => onChange({ [kind]: v.replace(/\s+\(.*\)$/, '') } as PropValue, `bind.${label}`)}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        />
        {toggle}
      </Group>
      <SegmentedControl
        size="xs"
        aria-label={`${label} binding kind`}
        value={kind}
        onChange={(k) => onChange({ [k]: text } as PropValue)}
        data={[
          { value: '$path', label: 'Data path' },
          { value: '$t', label: 'Text key (i18n)' },
        ]}
      />
    </Stack>
  );
}
