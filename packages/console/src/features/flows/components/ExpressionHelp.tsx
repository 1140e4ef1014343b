import { Button, Code, Group, Stack, Text } from '@mantine/core';

/** The variables a `{{ … }}` template reads (decision 0067 › Expressions). */
function variables(names: string[]): Array<{ token: string; meaning: string }> {
  return [
    { token: '{{ $trigger.field }}', meaning: 'What started the flow (the record, the call’s data)' },
    { token: '{{ $initial }}', meaning: 'The data the instance started with' },
    ...names.map((n) => ({ token: `{{ $results["${n}"] }}`, meaning: `What ${n} answered` })),
    { token: '{{ $vars.name }}', meaning: 'Variables of this instance' },
    { token: '{{ $error.message }}', meaning: 'On an error port: code, message, source' },
    { token: '{{ $instance.id }}', meaning: 'This instance' },
    { token: '{{ $now }}', meaning: 'The time, in ms' },
  ];
}

/** Variables to insert into the field last focused; comparisons and arithmetic work inside `{{ }}`. */
export function ExpressionHelp({
  elementNames,
  onInsert,
  target,
}: {
  elementNames: string[];
  onInsert: (token: string) => void;
  /** The label of the field an insert goes to, or nothing while no field was focused. */
  target: string | null;
}) {
  return (
    <Stack gap={6} role="region" aria-label="Expression help">
      <Text size="xs" c="dimmed">
        Fields accept templates: {'{{ $trigger.total * 2 }}'}.{' '}
        {target ? `Insert goes to ${target}.` : 'Click a field, then insert.'}
      </Text>
      {variables(elementNames).map((v) => (
        <Group key={v.token} gap={6} wrap="nowrap" justify="space-between">
          <div style={{ minWidth: 0 }}>
            <Code style={{ fontSize: 11 }}>{v.token}</Code>
            <Text size="xs" c="dimmed" truncate>
              {v.meaning}
            </Text>
          </div>
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={!target}
            onClick={() => onInsert(v.token)}
            aria-label={`Insert ${v.token}`}
          >
            Insert
          </Button>
        </Group>
      ))}
    </Stack>
  );
}
