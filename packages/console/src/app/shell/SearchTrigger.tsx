import { Group, Kbd, Text, UnstyledButton } from '@mantine/core';
import { spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import classes from './SearchTrigger.module.css';

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

export function SearchTrigger() {
  return (
    <UnstyledButton
      className={classes.trigger}
      onClick={() => spotlight.open()}
      aria-label="Search and commands"
      aria-keyshortcuts={isMac ? 'Meta+K' : 'Control+K'}
    >
      <Group gap={8} wrap="nowrap">
        <IconSearch size={16} stroke={1.5} />
        <Text size="sm" c="dimmed" style={{ flex: 1 }}>
          Search…
        </Text>
        <Kbd size="xs">{isMac ? '⌘ K' : 'Ctrl K'}</Kbd>
      </Group>
    </UnstyledButton>
  );
}
