import { Group, SegmentedControl, Select } from '@mantine/core';
import { KINDS, type DocKind } from '../targets';

export interface PickerItem {
  value: string;
  label: string;
}

/** Which part of the app API to document: the kind, then (for tables, channels, services) which one. */
export function TargetPicker({
  kind,
  value,
  items,
  loading,
  onKind,
  onItem,
}: {
  kind: DocKind;
  value: string | null;
  items: PickerItem[];
  loading: boolean;
  onKind: (kind: DocKind) => void;
  onItem: (value: string) => void;
}) {
  const needsItem = kind === 'table' || kind === 'channel' || kind === 'service';
  return (
    <Group gap="md" align="flex-end">
      <SegmentedControl
        aria-label="What to document"
        data={KINDS}
        value={kind}
        onChange={(v) => onKind(v as DocKind)}
      />
      {needsItem && (
        <Select
          aria-label={KINDS.find((k) => k.value === kind)?.label}
          placeholder={loading ? 'Loading…' : `Pick a ${kind}`}
          data={items}
          value={value}
          onChange={(v) => v && onItem(v)}
          searchable
          nothingFoundMessage={`No ${kind} yet`}
          w={280}
        />
      )}
    </Group>
  );
}
