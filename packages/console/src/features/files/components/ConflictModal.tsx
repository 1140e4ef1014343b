import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import type { ConflictChoice, UploadItem } from '../hooks/useUploadQueue';

interface Props {
  item: UploadItem | undefined;
  /** How many uploads of the batch wait on the same question. */
  waiting: number;
  onChoose: (choice: ConflictChoice, applyToAll: boolean) => void;
}

/** An upload found a file of the same name: replace it, keep both, or skip this one. */
export function ConflictModal({ item, waiting, onChoose }: Props) {
  const [applyToAll, setApplyToAll] = useState(false);
  const choose = (choice: ConflictChoice) => {
    onChoose(choice, applyToAll);
    setApplyToAll(false);
  };
  return (
    <Modal opened={!!item} onClose={() => choose('skip')} title={<Text fw={600}>A file with this name exists</Text>}>
      <Stack gap="md">
        <Text size="sm">
          <Text span className="mono" fw={600}>
            /{item ? (item.folder ? `${item.folder}/${item.name}` : item.name) : ''}
          </Text>{' '}
          is already there. Replace it with the file you are uploading, keep both (the new one gets a number), or skip
          it.
        </Text>
        {waiting > 1 && (
          <Checkbox
            label={`Do the same for the other ${waiting - 1} conflicts`}
            checked={applyToAll}
            onChange={(e) => setApplyToAll(e.currentTarget.checked)}
          />
        )}
        {waiting <= 1 && (
          <Checkbox
            label="Do the same for later conflicts of this upload"
            checked={applyToAll}
            onChange={(e) => setApplyToAll(e.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => choose('skip')} data-autofocus>
            Skip
          </Button>
          <Button variant="default" onClick={() => choose('keep-both')}>
            Keep both
          </Button>
          <Button onClick={() => choose('replace')}>Replace</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
