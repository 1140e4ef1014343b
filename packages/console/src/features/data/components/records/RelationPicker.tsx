import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Group, Modal, Radio, ScrollArea, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import type { DataRelation, DataTable } from '@basalt/shared';
import { useGetPickerRecords } from '../../api/records.queries';
import { errorInfo } from '../../../../lib/errors';
import { recordLabel } from './cells/cell-values';

interface Props {
  appId: string;
  relation: DataRelation;
  target: DataTable | undefined;
  currentIds: string[];
  opened: boolean;
  onClose: () => void;
  onSave: (ids: string[]) => void;
  saving: boolean;
  error?: unknown;
  /** When given and something is linked, a "Set to null" button unlinks every current record. */
  onClear?: () => void;
  clearing?: boolean;
}

/**
 * Picks related records in the target table: search, the current ones first, single choice for
 * one-to-one and checkboxes for one-to-many. Save is disabled while saving, so a double click
 * cannot save twice; Enter saves what is picked.
 */
export function RelationPicker({ appId, relation, target, currentIds, opened, onClose, onSave, saving, error, onClear, clearing }: Props) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [picked, setPicked] = useState<string[]>([]);
  const many = relation.relationshipType === 'ONE_TO_MANY';
  const { data, isLoading, error: loadError } = useGetPickerRecords(appId, opened ? target : undefined, debounced);

  useEffect(() => {
    if (opened) {
      setPicked([]);
      setSearch('');
    }
  }, [opened]);

  const rows = [...(data ?? [])].sort((a, b) => Number(currentIds.includes(String(b.objectId))) - Number(currentIds.includes(String(a.objectId))));
  const toggle = (id: string) => setPicked((p) => (many ? (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]) : [id]));

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>Link {relation.toTableName} records to {relation.name}</Text>} size="lg">
      <Stack
        gap="sm"
        onKeyDown={(e) => {
          if (e.key === 'Enter' && picked.length > 0 && !saving) {
            e.preventDefault();
            onSave(picked);
          }
        }}
      >
        <TextInput label={`Search ${relation.toTableName}`} leftSection={<IconSearch size={16} stroke={1.5} />} value={search} onChange={(e) => setSearch(e.currentTarget.value)} data-autofocus />
        {loadError ? <Alert color="red" variant="light">{errorInfo(loadError).message}</Alert> : null}
        <ScrollArea.Autosize mah={320} type="auto">
          <Stack gap={6} role={many ? 'group' : 'radiogroup'} aria-label={`${relation.toTableName} records`}>
            {isLoading && Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={28} />)}
            {!isLoading && rows.length === 0 && (
              <Text size="sm" c="dimmed">
                No {relation.toTableName} records match.
              </Text>
            )}
            {rows.map((row) => {
              const id = String(row.objectId);
              const linked = currentIds.includes(id);
              const label = (
                <Group gap={8} wrap="nowrap">
                  <Text size="sm">{recordLabel(target, row)}</Text>
                  <Text size="xs" c="dimmed" className="mono">
                    {id.slice(0, 8)}…{linked ? ' · linked' : ''}
                  </Text>
                </Group>
              );
              return many ? (
                <Checkbox key={id} label={label} checked={picked.includes(id)} disabled={linked} onChange={() => toggle(id)} />
              ) : (
                <Radio key={id} label={label} checked={picked.includes(id)} disabled={linked} onChange={() => toggle(id)} name="relation-pick" value={id} />
              );
            })}
          </Stack>
        </ScrollArea.Autosize>
        {error ? <Alert color="red" variant="light" role="alert">{errorInfo(error).message}</Alert> : null}
        <Group justify="flex-end" gap="sm">
          {onClear && currentIds.length > 0 && (
            <Button variant="subtle" color="gray" mr="auto" onClick={onClear} loading={clearing} disabled={saving}>
              Set to null
            </Button>
          )}
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => onSave(picked)} disabled={picked.length === 0} loading={saving}>
            {many ? `Link ${picked.length || ''} record${picked.length === 1 ? '' : 's'}`.replace('  ', ' ') : 'Link record'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
