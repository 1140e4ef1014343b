import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';

/**
 * The Edit and Delete buttons at the end of a table row. `what` names the row for screen readers
 * ("Edit column age"); `disabledReason`, when set, disables both and says why in their tooltips.
 */
export function EditDeleteActions({
  what,
  onEdit,
  onDelete,
  disabledReason,
  editTip = 'Edit',
  deleteTip = 'Delete',
}: {
  what: string;
  onEdit: () => void;
  onDelete: () => void;
  disabledReason?: string;
  editTip?: string;
  deleteTip?: string;
}) {
  return (
    <Group gap={2} justify="flex-end" wrap="nowrap">
      <Tooltip label={disabledReason ?? editTip}>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Edit ${what}`}
          disabled={!!disabledReason}
          onClick={onEdit}
        >
          <IconEdit size={16} stroke={1.5} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={disabledReason ?? deleteTip}>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${what}`}
          disabled={!!disabledReason}
          onClick={onDelete}
        >
          <IconTrash size={16} stroke={1.5} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
