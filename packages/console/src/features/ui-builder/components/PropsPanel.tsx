import { useSyncExternalStore } from 'react';
import {
  ActionIcon,
  Alert,
  Checkbox,
  Divider,
  Group,
  NumberInput,
  ScrollArea,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { builtinComponent, type UiPropertyDef } from '../model/components';
import { removeNode, updateNode } from '../model/doc-state';
import { useNodeIssues, useSelection, type EditorStore } from '../model/editor-store';
import type { PropValue } from '../model/schema';
import type { TableColumns } from '../canvas/editor-context';
import { DataBinding } from './DataBinding';
import { StylesEditor } from './StylesEditor';
import { ValueBinding } from './ValueBinding';

function Field({
  def,
  value,
  onChange,
}: {
  def: UiPropertyDef;
  value: PropValue | undefined;
  onChange: (v: PropValue, coalesce?: string) => void;
}) {
  const key = `prop.${def.name}`;
  switch (def.type) {
    case 'number':
      return (
        <NumberInput
          label={def.label}
          min={def.min}
          max={def.max}
          value={typeof value === 'number' ? value : ''}
          onChange={(v) => onChange(typeof v === 'number' ? v : null, key)}
        />
      );
    case 'checkbox':
      return (
        <Checkbox label={def.label} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />
      );
    case 'select':
      return (
        <Select
          label={def.label}
          data={[...(def.options ?? [])]}
          value={typeof value === 'string' ? value : null}
          onChange={(v) => onChange(v)}
          allowDeselect={false}
        />
      );
    case 'options':
      return (
        <Textarea
          label={def.label}
          description="One option a line: value or value=label"
          autosize
          minRows={2}
          value={
            Array.isArray(value)
              ? (value as Array<{ value?: string; label?: string }>)
                  .map((o) => (o.label && o.label !== o.value ? `${o.value}=${o.label}` : o.value))
                  .join('\n')
              : ''
          }
          onChange={(e) =>
            onChange(
              e.currentTarget.value
                .split('\n')
                .filter((l) => l.trim())
                .map((l) => {
                  const [v, ...rest] = l.split('=');
                  return { value: v.trim(), label: (rest.join('=') || v).trim() };
                }),
              key,
            )
          }
        />
      );
    default:
      return (
        <TextInput
          label={def.label}
          value={typeof value === 'string' || typeof value === 'number' ? String(value) : ''}
          onChange={(e) => onChange(e.currentTarget.value, key)}
        />
      );
  }
}

/**
 * The selected node's properties, data binding, visibility and styles per state, with the
 * problems the server found in it on top.
 */
export function PropsPanel({ store, tables }: { store: EditorStore; tables: TableColumns }) {
  const uid = useSelection(store);
  const node = useSyncExternalStore(store.subscribe, () => (uid ? store.state.nodes[uid] : undefined));
  const issues = useNodeIssues(store, uid ?? '');
  if (!uid || !node)
    return (
      <Text size="sm" c="dimmed" p="md">
        Select a component on the canvas or in the tree to edit its properties.
      </Text>
    );
  const def = builtinComponent(node.type);
  const props = node.props ?? {};
  const set = (name: string) => (v: PropValue, coalesce?: string) =>
    store.apply(
      (s) => updateNode(s, uid, (n) => ({ ...n, props: { ...n.props, [name]: v } })),
      coalesce && `${uid}.${coalesce}`,
    );
  const columnsDef = def?.properties.find((p) => p.type === 'columns');

  return (
    <ScrollArea h="100%" type="auto" offsetScrollbars>
      <Stack gap="sm" p="sm" aria-label="Properties">
        <Group justify="space-between" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{def?.name ?? node.type}</Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {uid}
            </Text>
          </div>
          <Tooltip label="Delete (Del); Undo brings it back">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${def?.name ?? node.type} ${uid}`}
              onClick={() => store.apply((s) => removeNode(s, uid))}
            >
              <IconTrash size={16} stroke={1.5} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {issues.length > 0 && (
          <Alert color="red" variant="light" p="xs" role="alert" title="The server refused this component">
            {issues.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
          </Alert>
        )}
        {def?.properties
          .filter((p) => p.type !== 'columns')
          .map((p) =>
            p.type === 'data' ? (
              <Stack key={p.name} gap={4}>
                <Divider label="Data" labelPosition="left" />
                <DataBinding
                  store={store}
                  uid={uid}
                  prop={p.name}
                  value={props[p.name]}
                  tables={tables}
                  columnsProp={columnsDef?.name}
                  columnsValue={columnsDef ? props[columnsDef.name] : undefined}
                />
                <Divider />
              </Stack>
            ) : p.dataBinding && (p.type === 'text' || p.type === 'url') ? (
              <ValueBinding
                key={p.name}
                label={p.label}
                value={props[p.name]}
                tables={tables}
                onChange={set(p.name)}
                literal={<Field def={p} value={props[p.name]} onChange={set(p.name)} />}
              />
            ) : (
              <Field key={p.name} def={p} value={props[p.name]} onChange={set(p.name)} />
            ),
          )}
        {!def && (
          <Text size="sm" c="dimmed">
            {node.type} is not a built-in component; its properties are kept as they are.
          </Text>
        )}
        <Switch
          label="Visible"
          checked={node.visible !== false}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            store.apply((s) =>
              updateNode(s, uid, (n) => {
                const next = { ...n };
                if (on) delete next.visible;
                else next.visible = false;
                return next;
              }),
            );
          }}
        />
        <Divider label="Styles" labelPosition="left" />
        <StylesEditor store={store} node={node} />
      </Stack>
    </ScrollArea>
  );
}
