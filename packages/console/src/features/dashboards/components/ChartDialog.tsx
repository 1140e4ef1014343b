import { useState } from 'react';
import { Alert, Button, Group, Modal, Select, SegmentedControl, Stack, TextInput } from '@mantine/core';
import type { ChartAggregate, ChartSource, ChartType, DataTable } from '@basalt/shared';
import { errorInfo, fieldError } from '../../../lib/errors';

const NUMBER_TYPES = new Set(['INT', 'DOUBLE']);
const AGGREGATES: Array<{ value: ChartAggregate; label: string }> = [
  { value: 'count', label: 'Count of records' },
  { value: 'sum', label: 'Sum of' },
  { value: 'avg', label: 'Average of' },
  { value: 'min', label: 'Smallest' },
  { value: 'max', label: 'Largest' },
];

interface Props {
  tables: DataTable[];
  saving: boolean;
  error: unknown;
  onClose: () => void;
  onSave: (source: ChartSource) => void;
}

/** A new chart for the dashboard: its table, the column it groups by, what it counts or adds up, and a where. */
export function ChartDialog({ tables, saving, error, onClose, onSave }: Props) {
  const own = tables.filter((t) => !t.system);
  const [title, setTitle] = useState('');
  const [table, setTable] = useState<string | null>(own[0]?.name ?? null);
  const [x, setX] = useState<string | null>(null);
  const [aggregate, setAggregate] = useState<ChartAggregate>('count');
  const [y, setY] = useState<string | null>(null);
  const [type, setType] = useState<ChartType>('bar');
  const [where, setWhere] = useState('');
  const columns = (tables.find((t) => t.name === table)?.columns ?? []).map((c) => ({
    name: c.name,
    type: c.dataType,
  }));
  const numbers = columns.filter((c) => NUMBER_TYPES.has(c.type) || aggregate === 'min' || aggregate === 'max');
  const info = error ? errorInfo(error) : undefined;
  const fieldOf = (f: string) => fieldError(error, `chartSource.${f}`);
  const known = ['table', 'x', 'y', 'where', 'name'].map((f) => `chartSource.${f}`);
  const topError = info && !info.fields.some((f) => known.includes(f.field)) ? info.message : undefined;
  const name = (title.trim() || `${table ?? 'chart'} by ${x ?? ''}`).replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 100);

  return (
    <Modal opened onClose={onClose} title="Add a chart" size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!table || !x) return;
          onSave({
            name,
            ...(title.trim() ? { title: title.trim() } : {}),
            type,
            table,
            x,
            aggregate,
            ...(aggregate !== 'count' && y ? { y } : {}),
            ...(where.trim() ? { where: where.trim() } : {}),
          });
        }}
      >
        <Stack>
          <TextInput
            label="Title"
            placeholder="Orders by status"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={fieldOf('name')}
            data-autofocus
          />
          <Select
            label="Table"
            data={own.map((t) => t.name)}
            value={table}
            onChange={(v) => {
              setTable(v);
              setX(null);
              setY(null);
            }}
            allowDeselect={false}
            error={fieldOf('table')}
          />
          <Group grow align="flex-start">
            <Select
              label="Group by"
              placeholder="Pick a column"
              data={columns.map((c) => c.name)}
              value={x}
              onChange={setX}
              searchable
              error={fieldOf('x')}
              required
            />
            <Select
              label="Value"
              data={AGGREGATES}
              value={aggregate}
              onChange={(v) => setAggregate((v as ChartAggregate) ?? 'count')}
              allowDeselect={false}
            />
            {aggregate !== 'count' && (
              <Select
                label="Column"
                placeholder="A number column"
                data={numbers.map((c) => c.name)}
                value={y}
                onChange={setY}
                error={fieldOf('y')}
                required
              />
            )}
          </Group>
          <TextInput
            label="Only records where"
            description="The where language, e.g. amount > 10 and status != 'void' (checked against the table when saved)"
            placeholder="optional"
            value={where}
            onChange={(e) => setWhere(e.currentTarget.value)}
            error={fieldOf('where')}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          />
          <SegmentedControl
            aria-label="Chart type"
            value={type}
            onChange={(v) => setType(v as ChartType)}
            data={[
              { value: 'bar', label: 'Bars' },
              { value: 'line', label: 'Line' },
              { value: 'area', label: 'Area' },
              { value: 'pie', label: 'Pie' },
            ]}
          />
          {topError && (
            <Alert color="red" variant="light" title="The chart was not saved">
              {topError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={!table || !x || (aggregate !== 'count' && !y)}>
              Add chart
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
