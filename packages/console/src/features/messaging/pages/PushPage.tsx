import { Link, useParams } from 'react-router';
import { Box, Button, Group, NavLink, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useGetPushTemplates } from '../api/messaging.queries';
import { PushComposer } from '../components/PushComposer';
import { draftFromTemplate, EMPTY_DRAFT } from '../push-draft';

/** Push templates on the left; the composer edits the open one, or a new push. */
export default function PushPage() {
  const { appId = '', template } = useParams();
  const templates = useGetPushTemplates(appId);
  const base = `/apps/${appId}/messaging/push`;
  const list = (templates.data ?? [])
    .filter((t) => typeof t.name === 'string')
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
  const current = template ? list.find((t) => t.name === template) : undefined;

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Stack w={240} gap="sm" style={{ flexShrink: 0 }}>
        <Button component={Link} to={base} leftSection={<IconPlus size={18} stroke={1.5} />} fullWidth>
          New push
        </Button>
        <Paper withBorder radius="md" p="xs" component="nav" aria-label="Push templates">
          <Text size="xs" fw={600} c="dimmed" tt="uppercase" px="xs" py={4}>
            Templates
          </Text>
          {templates.isPending ? (
            <Skeleton height={80} />
          ) : templates.isError ? (
            <ErrorAlert error={templates.error} onRetry={() => void templates.refetch()} />
          ) : list.length === 0 ? (
            <Text size="sm" c="dimmed" px="xs" py="sm">
              Saved pushes appear here to send again.
            </Text>
          ) : (
            list.map((t) => (
              <NavLink
                key={String(t.name)}
                component={Link}
                to={`${base}/${encodeURIComponent(String(t.name))}`}
                label={String(t.name)}
                active={t.name === template}
                leftSection={<IconTemplate size={16} stroke={1.5} />}
              />
            ))
          )}
        </Paper>
      </Stack>
      <Box style={{ flex: 1, minWidth: 0 }}>
        {template && templates.isPending ? (
          <Skeleton height={400} />
        ) : template && !current ? (
          <ErrorAlert
            error={{ status: 404, message: `There is no push template named ${template}.` }}
            title="Template not found"
          />
        ) : (
          <PushComposer
            key={template ?? '-new-'}
            appId={appId}
            savedName={current ? String(current.name) : undefined}
            initial={current ? draftFromTemplate(current) : EMPTY_DRAFT}
          />
        )}
      </Box>
    </Group>
  );
}
