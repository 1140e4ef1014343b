import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconBrandAndroid, IconBrandApple } from '@tabler/icons-react';
import type { PushDraft } from '../push-draft';

function Card({ platform, draft }: { platform: 'Android' | 'iOS'; draft: PushDraft }) {
  const Icon = platform === 'Android' ? IconBrandAndroid : IconBrandApple;
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed" fw={500}>
        {platform}
      </Text>
      <Paper withBorder radius={platform === 'iOS' ? 'lg' : 'sm'} p="sm" shadow="xs">
        <Group gap="xs" mb={4} wrap="nowrap">
          <Icon size={14} stroke={1.5} aria-hidden />
          <Text size="xs" c="dimmed">
            Your app · now
          </Text>
        </Group>
        <Text size="sm" fw={600} lineClamp={1}>
          {draft.title || 'Title'}
        </Text>
        <Text size="sm" lineClamp={platform === 'iOS' ? 4 : 2} c={draft.body ? undefined : 'dimmed'}>
          {draft.body || 'Your message appears here.'}
        </Text>
      </Paper>
    </Stack>
  );
}

/** How the notification looks on the platforms it goes to. */
export function PushPreview({ draft }: { draft: PushDraft }) {
  return (
    <Stack gap="md" aria-label="Notification preview" component="section">
      <Text fw={600} size="sm">
        Preview
      </Text>
      {draft.platforms.includes('ANDROID') && <Card platform="Android" draft={draft} />}
      {draft.platforms.includes('IOS') && <Card platform="iOS" draft={draft} />}
    </Stack>
  );
}
