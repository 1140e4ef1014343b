import { useEffect, useState } from 'react';
import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { NameModal } from '../../../components/NameModal';
import { useCreateContainer } from '../api/ui-builder.queries';
import { validateUiName } from '../model/names';

/** New container: blank (pages `landing` and `404`) or a fork of an existing one. */
export function CreateContainerModal({
  appId,
  opened,
  containers,
  onClose,
  onCreated,
}: {
  appId: string;
  opened: boolean;
  containers: string[];
  onClose: () => void;
  onCreated: (name: string) => void;
}) {
  const create = useCreateContainer(appId);
  const [mode, setMode] = useState<'blank' | 'fork'>('blank');
  const [forkFrom, setForkFrom] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setMode('blank');
      setForkFrom(null);
      create.reset();
    }
    // `create.reset` is stable; only opening starts over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);

  return (
    <NameModal
      opened={opened}
      onClose={onClose}
      title="New container"
      label="Container name"
      description="Letters, digits, '_' and '-'; it becomes part of the public address."
      confirmLabel="Create container"
      validate={(n) =>
        validateUiName(n, containers) ?? (mode === 'fork' && !forkFrom ? 'Choose the container to fork' : null)
      }
      loading={create.isPending}
      error={create.error}
      onSubmit={(name) =>
        create.mutate(
          { name, ...(mode === 'fork' && forkFrom ? { forkFrom } : {}) },
          { onSuccess: () => onCreated(name) },
        )
      }
    >
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Start from
        </Text>
        <SegmentedControl
          aria-label="Start from"
          value={mode}
          onChange={(v) => setMode(v as 'blank' | 'fork')}
          data={[
            { value: 'blank', label: 'Blank' },
            { value: 'fork', label: 'Fork of a container', disabled: containers.length === 0 },
          ]}
        />
        {mode === 'fork' && (
          <Select
            label="Container to fork"
            placeholder="Choose a container"
            data={containers}
            value={forkFrom}
            onChange={setForkFrom}
            allowDeselect={false}
          />
        )}
      </Stack>
    </NameModal>
  );
}
