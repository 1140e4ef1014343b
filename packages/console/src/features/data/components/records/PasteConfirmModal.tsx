import { Alert, Button, Checkbox, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { PastePlan } from './paste-plan';

interface Props {
  plan: PastePlan | null;
  tableName: string;
  addRows: boolean;
  onAddRows: (on: boolean) => void;
  onConfirm: () => void;
  onClose: () => void;
  loading: boolean;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const MAX_LISTED = 12;

/**
 * Asks before a paste changes more than one cell: how many cells and rows, and whether rows past
 * the end become new records. When values do not fit their columns it lists them and pastes nothing.
 */
export function PasteConfirmModal({ plan, tableName, addRows, onAddRows, onConfirm, onClose, loading }: Props) {
  const problems = plan?.problems ?? [];
  const title = !plan ? '' : problems.length ? `${plural(problems.length, 'value')} cannot be pasted` : `Paste ${plural(plan.cells, 'cell')} into ${plural(plan.rows, 'row')} of ${tableName}?`;
  return (
    <Modal opened={!!plan} onClose={onClose} title={<Text fw={600}>{title}</Text>} size="lg">
      {plan && (
        <Stack gap="md">
          {problems.length ? (
            <Alert color="red" variant="light" role="alert" title="Nothing was pasted">
              <List size="sm" spacing={4}>
                {problems.slice(0, MAX_LISTED).map((p, i) => (
                  <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
                    {p.column ? `Row ${p.row + 1}, ${p.column}` : `Row ${p.row + 1}`}
                    {p.text ? ` ("${p.text.length > 40 ? `${p.text.slice(0, 40)}…` : p.text}")` : ''}: {p.message}
                  </List.Item>
                ))}
              </List>
              {problems.length > MAX_LISTED && <Text size="sm" mt={4}>and {problems.length - MAX_LISTED} more</Text>}
            </Alert>
          ) : (
            <Text size="sm">
              {plan.cells === 0 ? 'The pasted values equal what is there; nothing changes.' : `The values are saved in one step; Ctrl+Z restores the previous ones.`}
            </Text>
          )}
          {plan.rowsBeyond > 0 && (
            <Checkbox
              checked={addRows}
              onChange={(e) => onAddRows(e.currentTarget.checked)}
              label={`Add ${plural(plan.rowsBeyond, 'new record')} for the rows past the end of the table`}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-autofocus>
              {problems.length ? 'Close' : 'Cancel'}
            </Button>
            {!problems.length && (
              <Button onClick={onConfirm} loading={loading} disabled={plan.cells === 0 && plan.creates.length === 0}>
                Paste {plural(plan.cells, 'cell')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
