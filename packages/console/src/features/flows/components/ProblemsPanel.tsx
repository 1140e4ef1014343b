import { Group, Paper, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { FlowVersion } from '@basalt/shared';
import type { FlowDraft } from '../flow-draft';
import classes from './ProblemsPanel.module.css';

/** The version's validation errors; one naming an element selects it on the canvas. */
export function ProblemsPanel({
  version,
  draft,
  stale,
  onPick,
}: {
  version: FlowVersion;
  draft: FlowDraft;
  /** The draft changed since the server judged it: say so instead of pretending the list is current. */
  stale: boolean;
  onPick: (elementId: string) => void;
}) {
  const errors = version.validationErrors;
  const nameOf = (id: string | null) => (id ? (draft.elements.find((e) => e.id === id)?.name ?? id) : 'Flow');
  return (
    <Paper withBorder mt="xs" className={classes.panel} role="region" aria-label="Problems">
      <Group gap={6} px="sm" py={6} className={classes.header}>
        {errors.length ? (
          <IconAlertTriangle size={16} stroke={1.5} color="var(--mantine-color-red-6)" />
        ) : (
          <IconCircleCheck size={16} stroke={1.5} color="var(--mantine-color-green-7)" />
        )}
        <Text size="sm" fw={600}>
          {errors.length ? `${errors.length} problem${errors.length === 1 ? '' : 's'}` : 'No problems'}
        </Text>
        <Text size="xs" c="dimmed">
          {stale ? 'as of the last save — save or validate to check again' : 'as of the last save'}
        </Text>
      </Group>
      {errors.length > 0 && (
        <ScrollArea.Autosize mah={120} type="auto">
          <Stack gap={0}>
            {errors.map((e, i) => (
              <UnstyledButton
                key={i}
                className={classes.row}
                disabled={!e.elementId || !draft.elements.some((x) => x.id === e.elementId)}
                onClick={() => e.elementId && onPick(e.elementId)}
              >
                <Text size="sm" span fw={500}>
                  {nameOf(e.elementId)}
                </Text>
                <Text size="sm" span c="dimmed">
                  {' '}
                  — {e.message}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
