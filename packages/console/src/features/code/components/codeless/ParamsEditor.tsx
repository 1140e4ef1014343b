import { ActionIcon, Button, Group, Select, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { CodelessParamInput } from '../../api/codeless.queries';
import { PARAM_TYPES, paramProblems } from './signature';

/**
 * Rows of name + type for a method's parameters or a function's inputs. The names become the
 * inputs the "parameter" block reads, and the arguments of the REST route.
 */
export function ParamsEditor({
  value,
  onChange,
  noun = 'parameter',
  showErrors,
}: {
  value: CodelessParamInput[];
  onChange: (next: CodelessParamInput[]) => void;
  noun?: string;
  showErrors: boolean;
}) {
  const problems = paramProblems(value, noun);
  const set = (i: number, patch: Partial<CodelessParamInput>) =>
    onChange(value.map((p, j) => (j === i ? { ...p, ...patch } : p)));
  return (
    <Stack gap="xs">
      {value.length === 0 && (
        <Text size="sm" c="dimmed">
          No {noun}s.
        </Text>
      )}
      {value.map((p, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label={`${noun[0].toUpperCase()}${noun.slice(1)} ${i + 1} name`}
            value={p.name}
            onChange={(e) => set(i, { name: e.currentTarget.value.trim() })}
            error={showErrors ? problems[i] : undefined}
            autoComplete="off"
            spellCheck={false}
            classNames={{ input: 'mono' }}
            style={{ flex: 1 }}
          />
          <Select
            label={`${noun[0].toUpperCase()}${noun.slice(1)} ${i + 1} type`}
            data={[...PARAM_TYPES]}
            value={p.type ?? 'ANY'}
            allowDeselect={false}
            onChange={(type) => set(i, { type: type ?? 'ANY' })}
            w={130}
          />
          <Tooltip label={`Remove ${p.name || `${noun} ${i + 1}`}`}>
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={25}
              size="lg"
              aria-label={`Remove ${p.name || `${noun} ${i + 1}`}`}
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} stroke={1.5} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ))}
      <Group>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconPlus size={14} stroke={1.5} />}
          onClick={() => onChange([...value, { name: '', type: 'ANY' }])}
        >
          Add {noun}
        </Button>
      </Group>
    </Stack>
  );
}
