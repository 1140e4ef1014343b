import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { nextState, stateWord, type CellState } from './permission-state';

interface Props {
  state: CellState;
  /** "Create on Orders for NotAuthenticatedUser" — the cell's name before its state. */
  label: string;
  onChange: (next: CellState) => void;
  disabled?: boolean;
  saving?: boolean;
}

/**
 * One three-state cell. Never colour alone: GRANT is a green check, DENY a red cross, inherit a
 * grey outlined check; the accessible name says the state in words.
 */
export function PermissionCell({ state, label, onChange, disabled, saving }: Props) {
  const name = `${label}: ${stateWord(state)}`;
  const look =
    state === 'GRANT'
      ? { color: 'green', variant: 'filled' as const, icon: <IconCheck size={16} stroke={2} /> }
      : state === 'DENY'
        ? { color: 'red', variant: 'filled' as const, icon: <IconX size={16} stroke={2} /> }
        : {
            color: 'gray',
            variant: 'outline' as const,
            icon: <IconCheck size={16} stroke={1.5} color="var(--mantine-color-dimmed)" />,
          };
  return (
    <Tooltip label={`${stateWord(state)} — click to change`} openDelay={400}>
      <ActionIcon
        aria-label={name}
        data-state={state ?? 'INHERIT'}
        color={look.color}
        variant={look.variant}
        size={28}
        radius="sm"
        disabled={disabled}
        loading={saving}
        onClick={() => onChange(nextState(state))}
        // Inherited cells stay quiet so granted and denied ones stand out, in both themes.
        style={
          state === undefined
            ? { borderColor: 'var(--mantine-color-default-border)', borderStyle: 'dashed' }
            : undefined
        }
      >
        {look.icon}
      </ActionIcon>
    </Tooltip>
  );
}
