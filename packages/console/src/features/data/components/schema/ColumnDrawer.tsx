import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Drawer, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DataTypes, type DataTable } from '@basalt/shared';
import { TYPE_HINTS, TYPE_LABELS } from '../../data-format';
import { errorInfo } from '../../../../lib/errors';
import { useUnsavedChangesGuard } from '../../../../lib/useUnsavedChangesGuard';
import { VALIDATED_TYPES, draftFromColumn, isRelation, typedDefault, type ColumnDraft, type SchemaColumn } from './column-changes';
import { ValidatorField } from './ValidatorField';

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

interface Props {
  opened: boolean;
  /** null adds a column. */
  column: SchemaColumn | null;
  table: DataTable;
  tables: DataTable[];
  onClose: () => void;
  onSubmit: (draft: ColumnDraft, defaultValue: unknown) => void;
  saving: boolean;
  error?: unknown;
}

/** "Add column" / edit drawer: name, a type picker over the ten types, relation target and cardinality, constraints, default. */
export function ColumnDrawer({ opened, column, table, tables, onClose, onSubmit, saving, error }: Props) {
  const [draft, setDraft] = useState<ColumnDraft>(() => draftFromColumn(column));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const editing = !!column;
  const relation = draft.dataType === 'DATA_REF' || draft.dataType === 'GEO_REF';

  useEffect(() => {
    if (opened) {
      setDraft(draftFromColumn(column));
      setErrors({});
    }
  }, [opened, column]);

  // Esc, X, Back, a link elsewhere, reload or closing the tab ask first while the drawer holds edits.
  const dirty = opened && JSON.stringify(draft) !== JSON.stringify(draftFromColumn(column));
  const guard = useUnsavedChangesGuard(dirty, { message: editing ? `Your changes to ${column?.name} are not saved yet.` : 'The new column is not added yet.' });
  const close = () => guard.confirmDiscard(onClose);

  const set = <K extends keyof ColumnDraft>(key: K, value: ColumnDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = () => {
    if (saving) return;
    const next: Record<string, string> = {};
    if (!NAME.test(draft.name)) next.name = 'Use letters, digits and _; start with a letter';
    else if ([...table.columns, ...table.relations, ...table.geoRelations].some((c) => c.name.toLowerCase() === draft.name.toLowerCase() && c.name !== column?.name)) next.name = `${table.name} already has a column named ${draft.name}`;
    if (draft.dataType === 'DATA_REF' && !draft.toTableName) next.toTableName = 'Pick the table to link to';
    const def = relation ? { value: null } : typedDefault(draft);
    if ('error' in def) next.defaultValue = def.error;
    setErrors(next);
    if (Object.keys(next).length === 0 && 'value' in def) onSubmit(draft, def.value);
  };

  const serverError = error ? errorInfo(error) : null;
  return (
    <Drawer opened={opened} onClose={close} position="right" size={520} title={<Text fw={600}>{editing ? `Edit column ${column?.name}` : `Add a column to ${table.name}`}</Text>}>
      <form onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <Stack gap="md">
          <TextInput label="Column name" withAsterisk value={draft.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name ?? (serverError?.field === 'name' ? serverError.message : undefined)} data-autofocus autoComplete="off" />
          <Radio.Group label="Type" withAsterisk value={draft.dataType} onChange={(v) => set('dataType', v)} description={editing && column && isRelation(column) ? 'A relation column keeps its kind; change its cardinality below.' : undefined}>
            <SimpleGrid cols={2} spacing="xs" mt="xs">
              {DataTypes.map((type) => {
                const disabled = editing && !!column && (isRelation(column) !== (type === 'DATA_REF' || type === 'GEO_REF') || (isRelation(column) && type !== column.dataType));
                return <Radio key={type} value={type} label={TYPE_LABELS[type]} description={TYPE_HINTS[type]} disabled={disabled} />;
              })}
            </SimpleGrid>
          </Radio.Group>
          {draft.dataType === 'DATA_REF' && (
            <Group grow align="flex-start">
              <Select label="Related table" withAsterisk data={tables.map((t) => t.name)} value={draft.toTableName || null} onChange={(v) => set('toTableName', v ?? '')} error={errors.toTableName} searchable disabled={editing} />
              <Select
                label="Cardinality"
                data={[
                  { value: 'ONE_TO_ONE', label: 'One (one-to-one)' },
                  { value: 'ONE_TO_MANY', label: 'Many (one-to-many)' },
                ]}
                value={draft.relationshipType}
                onChange={(v) => set('relationshipType', (v as ColumnDraft['relationshipType']) ?? 'ONE_TO_ONE')}
                allowDeselect={false}
              />
            </Group>
          )}
          {draft.dataType === 'GEO_REF' && (
            <Group grow align="flex-start">
              <TextInput label="Related table" value="GeoPoint" readOnly description="Geo relations link points of the app’s GeoPoint table." />
              <Select label="Cardinality" data={[{ value: 'ONE_TO_ONE', label: 'One point' }, { value: 'ONE_TO_MANY', label: 'Many points' }]} value={draft.relationshipType}
                onChange={(v) => set('relationshipType', (v as ColumnDraft['relationshipType']) ?? 'ONE_TO_ONE')} allowDeselect={false} />
            </Group>
          )}
          <Stack gap={6}>
            <Text size="sm" fw={500}>Constraints</Text>
            <Checkbox label="Required" description="Every record must have a value" checked={draft.required} onChange={(e) => set('required', e.currentTarget.checked)} />
            {!relation && <Checkbox label="Unique" description="No two records share a value" checked={draft.unique} onChange={(e) => set('unique', e.currentTarget.checked)} />}
            {!relation && <Checkbox label="Indexed" description="Faster where and sort on this column" checked={draft.indexed || draft.unique} disabled={draft.unique} onChange={(e) => set('indexed', e.currentTarget.checked)} />}
          </Stack>
          {!relation && (draft.dataType === 'BOOLEAN' ? (
            <Select label="Default value" data={[{ value: '', label: 'none' }, { value: 'true', label: 'true' }, { value: 'false', label: 'false' }]} value={draft.defaultValue} onChange={(v) => set('defaultValue', v ?? '')} allowDeselect={false} />
          ) : (
            <TextInput label="Default value" description={draft.dataType === 'DATETIME' ? 'ISO date, e.g. 2026-04-28T10:00:00Z' : 'Used for new records without a value'} value={draft.defaultValue} onChange={(e) => set('defaultValue', e.currentTarget.value)} error={errors.defaultValue} />
          ))}
          {VALIDATED_TYPES.has(draft.dataType) && (
            <ValidatorField key={`${column?.columnId ?? 'new'}-${String(opened)}`} value={draft.customRegex} onChange={(v) => set('customRegex', v)} error={serverError?.field === 'customRegex' ? serverError.message : undefined} />
          )}
          {serverError && serverError.field !== 'name' && serverError.field !== 'customRegex' ? <Alert color="red" variant="light" role="alert">{serverError.message}</Alert> : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={saving}>{editing ? 'Review and save' : 'Add column'}</Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
