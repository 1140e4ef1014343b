import { useEffect, useEffectEvent, useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';

export interface AuditFilterValues {
  actor: string;
  action: string;
  from: string;
  to: string;
}

/** Developer, action and date range; typing writes the URL (debounced), dates at once. */
export function AuditFilters({
  value,
  onChange,
}: {
  value: AuditFilterValues;
  onChange: (next: Partial<AuditFilterValues>) => void;
}) {
  const [actor, setActor] = useState(value.actor);
  const [action, setAction] = useState(value.action);
  const [actorD] = useDebouncedValue(actor, 300);
  const [actionD] = useDebouncedValue(action, 300);
  const write = useEffectEvent((nextActor: string, nextAction: string) => {
    if (nextActor !== value.actor || nextAction !== value.action) onChange({ actor: nextActor, action: nextAction });
  });
  // Only the debounced text triggers a URL write; the URL's own changes must not loop back.
  useEffect(() => {
    write(actorD, actionD);
  }, [actorD, actionD]);

  return (
    <Group align="flex-end" gap="sm" mb="md">
      <TextInput
        label="Developer"
        description="Email or id"
        value={actor}
        onChange={(e) => setActor(e.currentTarget.value)}
        w={240}
      />
      <TextInput
        label="Action"
        description="e.g. role.create"
        value={action}
        onChange={(e) => setAction(e.currentTarget.value)}
        w={200}
      />
      <TextInput
        label="From"
        type="date"
        value={value.from}
        onChange={(e) => onChange({ from: e.currentTarget.value })}
        w={170}
      />
      <TextInput
        label="To"
        type="date"
        value={value.to}
        onChange={(e) => onChange({ to: e.currentTarget.value })}
        w={170}
      />
      <Button
        variant="subtle"
        onClick={() => {
          setActor('');
          setAction('');
          onChange({ actor: '', action: '', from: '', to: '' });
        }}
      >
        Clear filters
      </Button>
    </Group>
  );
}
