import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { TypeToConfirmModal } from '../../../components/TypeToConfirmModal';

interface Props {
  title: string;
  /** The switch named inside a sentence: "panic mode", "HIPAA compliance". */
  noun: string;
  description: ReactNode;
  enabled: boolean;
  /** Colour of the "on" state: red for panic, blue for compliance. */
  onColor: string;
  appName: string;
  consequencesOn: ReactNode;
  consequencesOff: ReactNode;
  onSet: (enabled: boolean) => void;
  loading?: boolean;
  error?: unknown;
  disabledReason?: string;
  /** Extra fields shown above the switch (e.g. the panic message). */
  children?: ReactNode;
  /** Resets the mutation state when the dialog opens. */
  onOpen?: () => void;
}

/** A safety switch that is only flipped after typing the app name (docs/console-screens.md › Confirmations). */
export function SafetySwitchCard({
  title,
  noun,
  description,
  enabled,
  onColor,
  appName,
  consequencesOn,
  consequencesOff,
  onSet,
  loading,
  error,
  disabledReason,
  children,
  onOpen,
}: Props) {
  const [open, setOpen] = useState(false);
  const verb = enabled ? 'Turn off' : 'Turn on';
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Title order={2}>{title}</Title>
            <Badge color={enabled ? onColor : 'gray'} variant={enabled ? 'filled' : 'light'} radius="sm">
              {enabled ? 'On' : 'Off'}
            </Badge>
          </Group>
          <Tooltip label={disabledReason} disabled={!disabledReason}>
            <Button
              color={enabled ? 'gray' : onColor}
              variant={enabled ? 'default' : 'filled'}
              disabled={!!disabledReason}
              onClick={() => {
                onOpen?.();
                setOpen(true);
              }}
            >
              {verb} {noun}
            </Button>
          </Tooltip>
        </Group>
        <Text size="sm" c="dimmed">
          {description}
        </Text>
        {children}
      </Stack>
      <TypeToConfirmModal
        opened={open}
        onClose={() => setOpen(false)}
        title={`${verb} ${noun}?`}
        expected={appName}
        inputLabel="Type the app name to confirm"
        consequences={enabled ? consequencesOff : consequencesOn}
        confirmLabel={`${verb} ${noun}`}
        loading={loading}
        error={error}
        onConfirm={() => {
          onSet(!enabled);
          setOpen(false);
        }}
      />
    </Paper>
  );
}
