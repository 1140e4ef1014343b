import { useState } from 'react';
import { ActionIcon, Autocomplete, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { updateNode, type FlatNode } from '../model/doc-state';
import type { EditorStore } from '../model/editor-store';
import { STYLE_STATES, type StyleState } from '../model/schema';

const COMMON = [
  'color',
  'background',
  'background-color',
  'padding',
  'margin',
  'gap',
  'width',
  'max-width',
  'height',
  'font-size',
  'font-weight',
  'text-align',
  'border',
  'border-radius',
  'display',
  'flex-direction',
  'align-items',
  'justify-content',
  'opacity',
];

/** Styles of one node per state (normal, hover, active, focus, disabled) as CSS property rows. */
export function StylesEditor({ store, node }: { store: EditorStore; node: FlatNode }) {
  const [state, setState] = useState<StyleState>('normal');
  const [newProp, setNewProp] = useState('');
  const rules = node.styles?.[state] ?? {};
  const write = (next: Record<string, string | number>, coalesce?: string) =>
    store.apply(
      (s) =>
        updateNode(s, node.uid, (n) => {
          const styles = { ...n.styles, [state]: next };
          if (!Object.keys(next).length) delete styles[state];
          return { ...n, styles };
        }),
      coalesce,
    );
  const add = () => {
    const p = newProp.trim().toLowerCase();
    if (!p || p in rules) return;
    write({ ...rules, [p]: '' });
    setNewProp('');
  };
  return (
    <Stack gap="xs">
      <SegmentedControl
        size="xs"
        fullWidth
        aria-label="Style state"
        value={state}
        onChange={(v) => setState(v as StyleState)}
        data={STYLE_STATES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) }))}
      />
      {Object.keys(rules).length === 0 && (
        <Text size="xs" c="dimmed">
          No {state} styles.
        </Text>
      )}
      {Object.entries(rules).map(([prop, value]) => (
        <Group key={prop} gap={4} wrap="nowrap">
          <Text size="xs" ff="monospace" w={110} truncate title={prop}>
            {prop}
          </Text>
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            aria-label={`${prop} (${state})`}
            value={String(value)}
            onChange={(e) => write({ ...rules, [prop]: e.currentTarget.value }, `style.${node.uid}.${state}.${prop}`)}
          />
          <ActionIcon
            size="sm"
            variant="subtle"
            color="gray"
            aria-label={`Remove ${prop}`}
            onClick={() => {
              const next = { ...rules };
              delete next[prop];
              write(next);
            }}
          >
            <IconX size={14} stroke={1.5} />
          </ActionIcon>
        </Group>
      ))}
      <Group gap={4} wrap="nowrap" align="flex-end">
        <Autocomplete
          size="xs"
          style={{ flex: 1 }}
          label="Add a property"
          placeholder="padding"
          data={COMMON.filter((c) => !(c in rules))}
          value={newProp}
          onChange={setNewProp}
          onKeyDown={(e) => {
            if (e.key === 'Enter') add();
          }}
        />
        <Button size="xs" variant="default" leftSection={<IconPlus size={14} stroke={1.5} />} onClick={add}>
          Add
        </Button>
      </Group>
    </Stack>
  );
}
