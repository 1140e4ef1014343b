import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { CopyButton } from '../../../components/CopyButton';

/** What a hidden key shows: enough of its end to tell keys apart, nothing to use. */
export function maskKey(value: string): string {
  return `••••••••${value.slice(-4)}`;
}

/**
 * An API key, masked until revealed (docs/console-screens.md › Settings), with Reveal and Copy. Copy works while
 * masked, so a key can be handed on without showing it on screen.
 */
export function ApiKeyValue({
  value,
  name,
  revealed,
  onToggle,
}: {
  value: string;
  name: string;
  revealed: boolean;
  onToggle: () => void;
}) {
  const label = revealed ? `Hide ${name} API key` : `Reveal ${name} API key`;
  return (
    <Group gap={4} wrap="nowrap">
      <Text
        className="mono"
        size="sm"
        data-revealed={revealed}
        style={{ minWidth: 0 }}
        aria-label={revealed ? `${name} API key` : `${name} API key, hidden`}
      >
        {revealed ? value : maskKey(value)}
      </Text>
      <Tooltip label={label}>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={label}
          aria-pressed={revealed}
          onClick={onToggle}
        >
          {revealed ? <IconEyeOff size={16} stroke={1.5} /> : <IconEye size={16} stroke={1.5} />}
        </ActionIcon>
      </Tooltip>
      <CopyButton value={value} label={`Copy ${name} API key`} />
    </Group>
  );
}
