import { useState } from 'react';
import { Alert, Button, Group, Modal, MultiSelect, Select, Stack, Switch, TextInput } from '@mantine/core';
import type { DataTable, Form, FormAppSettings, FormSource } from '@basalt/shared';
import { errorInfo, fieldError } from '../../../lib/errors';

/** Column types a form input can write (as the server's form editor allows). */
const FORM_TYPES = new Set(['STRING', 'EXTENDED_STRING', 'TEXT', 'INT', 'DOUBLE', 'BOOLEAN', 'DATETIME']);

interface Props {
  form?: Form;
  tables: DataTable[];
  saving: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (v: { source: FormSource; appSettings: FormAppSettings }) => void;
}

/** Create or edit a form: its table, the columns it asks for (in order), which are required, and who it writes as. */
export function FormDialog({ form, tables, saving, error, onClose, onSave }: Props) {
  const [name, setName] = useState(form?.name ?? '');
  const [table, setTable] = useState<string | null>(form?.table ?? tables.find((t) => !t.system)?.name ?? null);
  const [fields, setFields] = useState<string[]>(form?.fields.map((f) => f.name) ?? []);
  const [required, setRequired] = useState<string[]>(form?.fields.filter((f) => f.required).map((f) => f.name) ?? []);
  const [submitLabel, setSubmitLabel] = useState(form?.submitLabel ?? 'Submit');
  const [successMessage, setSuccessMessage] = useState(form?.successMessage ?? '');
  const [role, setRole] = useState(form?.appSettings.role ?? '');
  const [open, setOpen] = useState(form?.appSettings.open ?? true);
  const columns = (tables.find((t) => t.name === table)?.columns ?? []).filter(
    (c) => !c.system && FORM_TYPES.has(c.dataType),
  );
  const info = error ? errorInfo(error) : undefined;
  const fieldsError = info?.fields.find((f) => f.field.startsWith('fields'))?.message;
  const known = ['name', 'table', 'appSettings.role'];
  const topError = info && !fieldsError && !info.fields.some((f) => known.includes(f.field)) ? info.message : undefined;
  const previous = new Map(form?.fields.map((f) => [f.name, f]) ?? []);

  const save = () =>
    onSave({
      source: {
        name,
        table: table ?? '',
        fields: fields.map((n) => ({
          name: n,
          label: previous.get(n)?.label ?? n.charAt(0).toUpperCase() + n.slice(1),
          ...(required.includes(n) ? { required: true } : {}),
        })),
        submitLabel,
        ...(successMessage ? { successMessage } : {}),
      },
      appSettings: { open, role: role.trim() || null },
    });

  return (
    <Modal opened onClose={onClose} title={form ? `Edit form ${form.name}` : 'New form'} size="lg">
      <Stack>
        {topError && <Alert color="red">{topError}</Alert>}
        <TextInput
          label="Name"
          required
          data-autofocus
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={fieldError(error, 'name')}
        />
        <Select
          label="Table"
          description="Each submission adds one record to this table."
          required
          data={tables.filter((t) => !t.system || t.name === 'Users').map((t) => t.name)}
          value={table}
          onChange={(v) => {
            setTable(v);
            setFields([]);
            setRequired([]);
          }}
          error={fieldError(error, 'table')}
        />
        <MultiSelect
          label="Fields"
          description="The columns the form asks for, in the order chosen."
          placeholder={columns.length ? 'Pick columns' : 'This table has no column a form can fill'}
          data={columns.map((c) => ({ value: c.name, label: `${c.name} (${c.dataType})` }))}
          value={fields}
          onChange={(v) => {
            setFields(v);
            setRequired((r) => r.filter((x) => v.includes(x)));
          }}
          error={fieldsError}
          searchable
        />
        <MultiSelect
          label="Required fields"
          data={fields}
          value={required}
          onChange={setRequired}
          disabled={fields.length === 0}
        />
        <Group grow>
          <TextInput label="Button label" value={submitLabel} onChange={(e) => setSubmitLabel(e.currentTarget.value)} />
          <TextInput
            label="Role"
            description="Submissions write as this role; empty: as an anonymous visitor."
            value={role}
            onChange={(e) => setRole(e.currentTarget.value)}
            error={fieldError(error, 'appSettings.role')}
          />
        </Group>
        <TextInput
          label="Message after sending"
          placeholder="Thank you: your answer is saved."
          value={successMessage}
          onChange={(e) => setSuccessMessage(e.currentTarget.value)}
        />
        <Switch
          label="Open: anyone with the link can fill it in"
          checked={open}
          onChange={(e) => setOpen(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={saving} disabled={!name.trim() || !table || fields.length === 0}>
            {form ? 'Save form' : 'Create form'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
