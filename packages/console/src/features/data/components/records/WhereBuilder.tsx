import { useState } from 'react';
import { ActionIcon, Button, Group, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { DataColumn } from '@basalt/shared';
import { arityOf, emptyCondition, operatorsFor, valueHint, whereText, type Combinator, type Condition } from './where-builder';

interface Props {
  columns: DataColumn[];
  /** Called with the where text of the conditions; the raw filter input shows it and applies it. */
  onApply: (where: string) => void;
}

/**
 * Conditions as rows of column, operator (by the column's type) and value, joined by AND or OR.
 * It writes where text into the raw filter, which stays the single source of the filter.
 */
export function WhereBuilder({ columns, onApply }: Props) {
  const [conditions, setConditions] = useState<Condition[]>(() => [emptyCondition(columns[0])]);
  const [combinator, setCombinator] = useState<Combinator>('and');
  const [errors, setErrors] = useState<Record<number, string>>({});
  const byName = (name: string) => columns.find((c) => c.name === name);

  const change = (i: number, next: Partial<Condition>) => {
    setConditions((cs) => cs.map((c, j) => (j === i ? { ...c, ...next } : c)));
    setErrors((e) => ({ ...e, [i]: '' }));
  };

  const apply = () => {
    const out = whereText(columns, conditions, combinator);
    setErrors(out.errors);
    if (Object.keys(out.errors).length === 0 && out.text) onApply(out.text);
  };

  return (
    <Stack gap="sm" component="form" onSubmit={(e) => { e.preventDefault(); apply(); }} aria-label="Filter builder">
      <Group gap="sm">
        <Text size="sm" fw={500} id="where-match-label">Match</Text>
        <SegmentedControl
          size="xs"
          aria-labelledby="where-match-label"
          value={combinator}
          onChange={(v) => setCombinator(v as Combinator)}
          data={[{ value: 'and', label: 'all conditions (AND)' }, { value: 'or', label: 'any condition (OR)' }]}
        />
      </Group>
      {conditions.map((c, i) => {
        const column = byName(c.column);
        const arity = arityOf(column, c.op);
        const n = i + 1;
        return (
          <Group key={i} gap="xs" align="flex-start" wrap="nowrap" data-testid={`where-condition-${n}`}>
            <Select
              size="xs"
              label={`Column ${n}`}
              w={150}
              data={columns.map((col) => col.name)}
              value={c.column}
              allowDeselect={false}
              searchable
              onChange={(v) => change(i, { ...emptyCondition(byName(v ?? '')), value: c.value })}
              comboboxProps={{ withinPortal: false }}
            />
            <Select
              size="xs"
              label={`Operator ${n}`}
              w={170}
              data={operatorsFor(column).map((o) => ({ value: o.value, label: o.label }))}
              value={c.op}
              allowDeselect={false}
              onChange={(v) => change(i, { op: v ?? c.op })}
              comboboxProps={{ withinPortal: false }}
            />
            {arity > 0 && (
              <TextInput size="xs" label={`Value ${n}`} placeholder={valueHint(column)} w={arity === 2 ? 120 : 200} value={c.value} onChange={(e) => change(i, { value: e.currentTarget.value })} error={errors[i] || undefined} />
            )}
            {arity === 2 && (
              <TextInput size="xs" label={`and ${n}`} placeholder={valueHint(column)} w={120} value={c.value2} onChange={(e) => change(i, { value2: e.currentTarget.value })} />
            )}
            {arity === 0 && errors[i] ? <Text size="xs" c="red" mt={28}>{errors[i]}</Text> : null}
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={26}
              aria-label={`Remove condition ${n}`}
              disabled={conditions.length === 1}
              onClick={() => {
                setConditions((cs) => cs.filter((_, j) => j !== i));
                setErrors({});
              }}
            >
              <IconX size={14} stroke={1.5} />
            </ActionIcon>
          </Group>
        );
      })}
      <Group justify="space-between">
        <Button size="xs" variant="subtle" leftSection={<IconPlus size={14} stroke={1.5} />} onClick={() => setConditions((cs) => [...cs, emptyCondition(columns[0])])}>
          Add condition
        </Button>
        <Button size="xs" type="submit">Apply filter</Button>
      </Group>
    </Stack>
  );
}
