import { Checkbox, Group, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { JsonField } from './JsonField';
import { ScheduleEditor } from './ScheduleEditor';

type Config = Record<string, unknown>;

export interface ElementFormProps {
  type: string;
  config: Config;
  /** A new config; `field` names what changed, so typing in one field is one undo step. */
  onChange: (next: Config, field: string) => void;
  readOnly: boolean;
  /** A text field took focus: the expression help inserts into it. */
  onFocusField: (field: string, label: string) => void;
}

const OPERATORS = ['=', '!=', '>', '>=', '<', '<=', 'contains', 'isEmpty'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'];
const LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'];

/** A labelled form per element type (issue 19, "Shapes we fix"); JSON for types without one. */
export function ElementForm({ type, config, onChange, readOnly, onFocusField }: ElementFormProps) {
  const set = (field: string, value: unknown) => {
    const next = { ...config };
    if (value === undefined) delete next[field];
    else next[field] = value;
    onChange(next, field);
  };
  const text = (field: string, label: string, opts: { required?: boolean; description?: string } = {}) => (
    <TextInput
      label={label}
      description={opts.description}
      withAsterisk={opts.required}
      value={typeof config[field] === 'string' || typeof config[field] === 'number' ? String(config[field]) : ''}
      onChange={(e) => set(field, e.currentTarget.value)}
      onFocus={() => onFocusField(field, label)}
      readOnly={readOnly}
      spellCheck={false}
    />
  );
  const json = (
    field: string,
    label: string,
    opts: { optional?: boolean; object?: boolean; description?: string } = {},
  ) => (
    <JsonField
      label={label}
      description={opts.description}
      value={config[field]}
      optional={opts.optional}
      object={opts.object ?? true}
      readOnly={readOnly}
      onChange={(v) => set(field, v)}
    />
  );
  const table = text('table', 'Table', { required: true });

  switch (type) {
    case 'trigger.data':
      return (
        <Stack gap="sm">
          {table}
          <Checkbox.Group
            label="Starts when a record is"
            withAsterisk
            value={Array.isArray(config.events) ? (config.events as string[]) : []}
            onChange={(events) => !readOnly && set('events', events)}
          >
            <Group gap="md" mt={4}>
              <Checkbox value="created" label="created" />
              <Checkbox value="updated" label="updated" />
            </Group>
          </Checkbox.Group>
          {text('condition', 'Only when', { description: 'Optional expression, e.g. {{ $trigger.total > 0 }}' })}
        </Stack>
      );
    case 'trigger.api':
      return (
        <Text size="sm" c="dimmed">
          Apps start this flow by its name or id through the app API (<code>automation/flow/activate-by-name</code>);
          the data they send is <code>$trigger</code>.
        </Text>
      );
    case 'trigger.schedule':
      return <ScheduleEditor config={config} onChange={onChange} readOnly={readOnly} />;
    case 'control.condition':
      return (
        <Stack gap="sm">
          {text('left', 'Value', { required: true, description: 'Usually an expression: {{ $trigger.total }}' })}
          <Select
            label="Operator"
            withAsterisk
            data={OPERATORS}
            value={typeof config.operator === 'string' ? config.operator : null}
            allowDeselect={false}
            readOnly={readOnly}
            onChange={(v) => v && set('operator', v)}
          />
          {config.operator !== 'isEmpty' &&
            text('right', 'Compared with', { description: 'Numbers compare as numbers' })}
        </Stack>
      );
    case 'control.delay':
      return (
        <NumberInput
          label="Wait (seconds)"
          withAsterisk
          min={0}
          max={31_536_000}
          value={Number(config.seconds ?? 0)}
          readOnly={readOnly}
          onChange={(v) => set('seconds', Number(v) || 0)}
        />
      );
    case 'control.returnResult':
      return json('values', 'Result values (JSON)');
    case 'action.createRecord':
      return (
        <Stack gap="sm">
          {table}
          {json('values', 'Values (JSON)', { description: 'Field names and values; values may be templates' })}
        </Stack>
      );
    case 'action.updateRecord':
      return (
        <Stack gap="sm">
          {table}
          {text('objectId', 'Record id', { required: true })}
          {json('changes', 'Changes (JSON)', { description: 'e.g. {"status": "big"}' })}
        </Stack>
      );
    case 'action.findRecords':
      return (
        <Stack gap="sm">
          {table}
          {text('where', 'Where', { description: "e.g. status = 'big'" })}
          <NumberInput
            label="Page size"
            min={1}
            max={100}
            value={Number(config.pageSize ?? 10)}
            readOnly={readOnly}
            onChange={(v) => set('pageSize', Number(v) || 10)}
          />
        </Stack>
      );
    case 'action.http': {
      const retry = (config.retry ?? {}) as { count?: number; delayMs?: number };
      return (
        <Stack gap="sm">
          {text('url', 'URL', { required: true })}
          <Select
            label="Method"
            data={METHODS}
            value={typeof config.method === 'string' ? config.method : 'GET'}
            allowDeselect={false}
            readOnly={readOnly}
            onChange={(v) => v && set('method', v)}
          />
          {json('headers', 'Headers (JSON)', { optional: true })}
          {json('body', 'Body (JSON)', { optional: true, object: false })}
          <Group grow gap="xs">
            <NumberInput
              label="Retries"
              min={0}
              max={10}
              value={retry.count ?? 0}
              readOnly={readOnly}
              onChange={(v) => set('retry', { delayMs: retry.delayMs ?? 1000, count: Number(v) || 0 })}
            />
            <NumberInput
              label="First retry after (ms)"
              min={0}
              max={3_600_000}
              value={retry.delayMs ?? 1000}
              readOnly={readOnly}
              onChange={(v) => set('retry', { count: retry.count ?? 0, delayMs: Number(v) || 0 })}
            />
          </Group>
        </Stack>
      );
    }
    case 'action.log':
      return (
        <Stack gap="sm">
          <Select
            label="Level"
            data={LEVELS}
            value={typeof config.level === 'string' ? config.level : 'INFO'}
            allowDeselect={false}
            readOnly={readOnly}
            onChange={(v) => v && set('level', v)}
          />
          {text('message', 'Message', { required: true })}
        </Stack>
      );
    default:
      return (
        <JsonField
          label="Settings (JSON)"
          description="This console has no form for this element type yet; its settings are edited as JSON."
          value={config}
          readOnly={readOnly}
          onChange={(v) => onChange(v as Config, 'config')}
        />
      );
  }
}
