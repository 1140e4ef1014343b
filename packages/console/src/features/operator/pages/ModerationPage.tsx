import { useSearchParams } from 'react-router';
import {
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Skeleton,
  Spoiler,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye, IconEyeOff, IconMessageCheck } from '@tabler/icons-react';
import type { CommunityComment } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { changedSearchParams } from '../../../lib/search-params';
import { useModerationComments, usePlanApps, useSetCommentHidden, type ModerationShow } from '../api/operator.queries';
import { dateTime } from '../../billing/components/money';

const SHOW: Array<{ value: ModerationShow; label: string }> = [
  { value: 'hidden', label: 'Hidden' },
  { value: 'visible', label: 'On show' },
  { value: 'all', label: 'All' },
];

const CONTEXT_LABEL: Record<string, string> = {
  app: 'App discussion',
  profile: 'Developer profile',
  marketplace: 'Marketplace product',
};

function CommentCard({ comment, appName }: { comment: CommunityComment; appName?: string }) {
  const setHidden = useSetCommentHidden();
  const toggle = () =>
    setHidden.mutate(
      { id: comment.id, hidden: !comment.hidden },
      {
        onSuccess: (c) =>
          notifications.show({
            color: 'teal',
            message: c.hidden ? 'The comment is hidden.' : 'The comment is on show again.',
          }),
      },
    );
  return (
    <Card withBorder radius="md" padding="md" data-testid={`moderated-${comment.id}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={6} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs">
            {comment.author?.userName ? (
              <Text size="sm" fw={600}>
                {comment.author.userName}
              </Text>
            ) : comment.author ? (
              <Tooltip label={`Developer id ${comment.author.developerId}`}>
                <Text size="sm" fw={600}>
                  Developer without a profile{' '}
                  <Text span className="mono" size="xs" c="dimmed" fw={400}>
                    {comment.author.developerId.slice(0, 8)}…
                  </Text>
                </Text>
              </Tooltip>
            ) : (
              <Text size="sm" fw={600} c="dimmed">
                Deleted user
              </Text>
            )}
            <Badge size="sm" variant="light" color="indigo">
              {CONTEXT_LABEL[comment.context] ?? comment.context}
            </Badge>
            {appName ? (
              <Text size="sm" data-testid="moderated-item">
                {appName}
              </Text>
            ) : (
              <Tooltip label="The item the comment is about">
                <Text className="mono" size="xs" c="dimmed" data-testid="moderated-item">
                  {comment.itemId}
                </Text>
              </Tooltip>
            )}
            {comment.hidden ? (
              <Badge size="sm" variant="outline" color="orange" leftSection={<IconEyeOff size={12} />}>
                hidden
              </Badge>
            ) : (
              <Badge size="sm" variant="outline" color="teal" leftSection={<IconEye size={12} />}>
                on show
              </Badge>
            )}
          </Group>
          <Spoiler maxHeight={66} showLabel="Show all" hideLabel="Show less">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="comment-body">
              {comment.body}
            </Text>
          </Spoiler>
          <Text size="xs" c="dimmed">
            Written {dateTime(comment.created)}
            {comment.updated !== comment.created && ` · changed ${dateTime(comment.updated)}`}
            {comment.parentId && ' · a reply'}
            {comment.likes > 0 && ` · ${comment.likes} like${comment.likes === 1 ? '' : 's'}`}
          </Text>
        </Stack>
        <Button
          variant={comment.hidden ? 'light' : 'default'}
          color={comment.hidden ? 'teal' : undefined}
          leftSection={comment.hidden ? <IconEye size={18} stroke={1.5} /> : <IconEyeOff size={18} stroke={1.5} />}
          loading={setHidden.isPending}
          onClick={toggle}
        >
          {comment.hidden ? 'Display again' : 'Hide'}
        </Button>
      </Group>
    </Card>
  );
}

/**
 * Moderation (decisions 0083, 0092): the comments of every item of the server. Hidden ones first
 * (`?show=hidden`, the default) with "Display again"; the ones on show can be hidden from here too.
 * Hiding is reversible, so neither asks for confirmation. Reviews have no hidden state.
 */
export default function ModerationPage() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('show');
  const show: ModerationShow = raw === 'visible' || raw === 'all' ? raw : 'hidden';
  const comments = useModerationComments(show);
  // Every app of the server with its name (the plan list has them all), to name an app's discussion.
  const planApps = usePlanApps();
  const appNames = new Map((planApps.data ?? []).map((a) => [a.appId, a.appName]));

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Group gap="sm">
            <Title order={3}>Comments</Title>
            {comments.data && (
              <Badge variant="light" color="gray" data-testid="moderation-count">
                {comments.data.length}
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            A hidden comment is seen only by its author and the item&apos;s moderators. Newest change first.
          </Text>
        </div>
        <SegmentedControl
          aria-label="Comments to show"
          value={show}
          onChange={(v) => setParams(changedSearchParams({ show: v === 'hidden' ? null : v }), { replace: true })}
          data={SHOW}
        />
      </Group>
      {comments.isPending ? (
        <Stack gap="sm">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={96} radius="md" />
          ))}
        </Stack>
      ) : comments.isError ? (
        <ErrorAlert error={comments.error} onRetry={() => void comments.refetch()} />
      ) : comments.data.length === 0 ? (
        <Card withBorder radius="md" padding="xl" data-testid="moderation-empty">
          <Stack align="center" gap="xs">
            <ThemeIcon size={44} radius="xl" variant="light" color="teal">
              <IconMessageCheck size={24} stroke={1.5} />
            </ThemeIcon>
            <Text fw={600}>{show === 'hidden' ? 'No hidden comments' : 'No comments'}</Text>
            <Text size="sm" c="dimmed" maw={480} ta="center">
              {show === 'hidden'
                ? 'Comments that you or an item’s moderators hide appear here, to display them again.'
                : 'Comments on apps, profiles and marketplace products appear here.'}
            </Text>
          </Stack>
        </Card>
      ) : (
        <Stack gap="sm" data-testid="moderation-list">
          {comments.data.map((c) => (
            <CommentCard key={c.id} comment={c} appName={c.context === 'app' ? appNames.get(c.itemId) : undefined} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
