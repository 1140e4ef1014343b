import { useState } from 'react';
import {
  Accordion,
  Alert,
  Button,
  Divider,
  Group,
  List,
  ScrollArea,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { FlowElement } from '@basalt/shared';
import { elementKind, isTrigger, portsOf } from '../element-catalog';
import type { FlowDraft } from '../flow-draft';
import { ElementForm } from './ElementForm';
import { ElementIcon } from './ElementIcon';
import { ExpressionHelp } from './ExpressionHelp';

export interface InspectorProps {
  element: FlowElement;
  draft: FlowDraft;
  problems: string[];
  readOnly: boolean;
  /** A change of the element; `field` groups keystrokes of one field into one undo step. */
  onChange: (patch: Partial<FlowElement>, field: string) => void;
  /** Points a port at the next element (the keyboard's way to draw an edge), or at nothing. */
  onConnect: (port: string, to: string | null) => void;
  onDelete: () => void;
}

const portLabel = (port: string) => (port === 'out' ? 'Next step' : `Next on ${port}`);

/** The selected element's labelled form, where it goes next, and the expression help. */
export function Inspector({ element, draft, problems, readOnly, onChange, onConnect, onDelete }: InspectorProps) {
  const kind = elementKind(element.type);
  const [focused, setFocused] = useState<{ field: string; label: string } | null>(null);
  const targets = draft.elements
    .filter((e) => e.id !== element.id && !isTrigger(e.type))
    .map((e) => ({ value: e.id, label: e.name || e.id }));
  const ports = portsOf(
    element.type,
    element.config,
    draft.transitions.filter((t) => t.from === element.id).map((t) => t.port),
  );
  const setConfig = (config: Record<string, unknown>, field: string) => onChange({ config }, `config.${field}`);

  const insert = (token: string) => {
    if (!focused) return;
    const current = element.config[focused.field];
    const text = typeof current === 'string' || typeof current === 'number' ? String(current) : '';
    setConfig(
      { ...element.config, [focused.field]: `${text}${text && !text.endsWith(' ') ? ' ' : ''}${token}` },
      focused.field,
    );
  };

  return (
    <ScrollArea h="100%" type="auto" offsetScrollbars>
      <Stack gap="sm" p="sm" role="region" aria-label="Inspector">
        <Group gap="sm" wrap="nowrap">
          <ElementIcon type={element.type} size={32} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="sm">
              {kind.label}
            </Text>
            <Text size="xs" c="dimmed">
              {kind.hint}
            </Text>
          </div>
        </Group>
        {problems.length > 0 && (
          <Alert color="red" variant="light" p="xs" title="Fix before enabling" role="alert">
            <List size="xs" spacing={2}>
              {problems.map((p, i) => (
                <List.Item key={i}>{p}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        <TextInput
          label="Element name"
          withAsterisk
          description='Unique in the flow; $results["name"] reads its answer'
          value={element.name}
          readOnly={readOnly}
          onChange={(e) => onChange({ name: e.currentTarget.value }, 'name')}
        />
        <ElementForm
          type={element.type}
          config={element.config}
          readOnly={readOnly}
          onChange={setConfig}
          onFocusField={(field, label) => setFocused({ field, label })}
        />
        {ports.length > 0 && (
          <>
            <Divider label="Where it goes next" labelPosition="left" />
            {ports.map((port) => (
              <Select
                key={port}
                label={portLabel(port)}
                placeholder={port === 'error' ? 'Fail the instance' : 'End here'}
                data={targets}
                clearable
                searchable
                readOnly={readOnly}
                value={draft.transitions.find((t) => t.from === element.id && t.port === port)?.to ?? null}
                onChange={(to) => onConnect(port, to)}
              />
            ))}
          </>
        )}
        <Accordion variant="contained" chevronPosition="right">
          <Accordion.Item value="expressions">
            <Accordion.Control>
              <Text size="sm">Expression help</Text>
            </Accordion.Control>
            <Accordion.Panel>
              <ExpressionHelp
                elementNames={draft.elements.filter((e) => e.id !== element.id).map((e) => e.name)}
                target={focused?.label ?? null}
                onInsert={insert}
              />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        {!readOnly && (
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} stroke={1.5} />}
            onClick={onDelete}
            aria-label={`Delete element ${element.name}`}
          >
            Delete element
          </Button>
        )}
      </Stack>
    </ScrollArea>
  );
}
