import type { ReactNode } from 'react';
import { Card, Group, Text, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** The frame of the clone, export and import cards: a region named for tests and screen readers, icon, title, what it does. */
export function LifecycleCard({
  label,
  title,
  icon: IconOf,
  intro,
  children,
}: {
  label: string;
  title: string;
  icon: Icon;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-label={label}>
      <Group gap="sm" mb={4}>
        <IconOf size={20} stroke={1.5} aria-hidden />
        <Title order={3}>{title}</Title>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {intro}
      </Text>
      {children}
    </Card>
  );
}
