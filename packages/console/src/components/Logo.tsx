import { Group, Text } from '@mantine/core';

/** The Basalt mark: a column of stone in the primary colour. */
export function LogoMark({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="var(--mantine-color-indigo-6)" />
      <path d="M9 22 16 8l7 14z" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinejoin="round" />
      <path d="M11.5 17h9" stroke="#fff" strokeWidth="2.5" />
    </svg>
  );
}

export function Logo({ size = 24 }: { size?: number }) {
  return (
    <Group gap={8} wrap="nowrap">
      <LogoMark size={size} />
      <Text fw={700} size="md" style={{ letterSpacing: '-0.01em' }}>
        Basalt
      </Text>
    </Group>
  );
}
