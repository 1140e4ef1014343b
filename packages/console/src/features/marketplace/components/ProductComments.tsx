import { useState } from 'react';
import { Badge, Button, Card, Group, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { formatDateTime } from '../../../lib/format';
import { fieldError } from '../../../lib/errors';
import { useComments, useCreateComment } from '../api/marketplace.queries';

/** Comments on a product (community engine, context `marketplace`); hidden ones reach only their author and moderators. */
export function ProductComments({ productId }: { productId: string }) {
  const comments = useComments(productId);
  const create = useCreateComment(productId);
  const [body, setBody] = useState('');

  return (
    <Stack gap="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (body.trim()) create.mutate(body.trim(), { onSuccess: () => setBody('') });
        }}
      >
        <Stack gap="xs">
          <Textarea
            label="Your comment"
            placeholder="Ask the developer or share a tip (Markdown)"
            autosize
            minRows={2}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            error={fieldError(create.error, 'body')}
          />
          {create.isError && !fieldError(create.error, 'body') && (
            <ErrorAlert error={create.error} title="The comment was not posted" />
          )}
          <Group justify="flex-end">
            <Button type="submit" variant="light" disabled={!body.trim()} loading={create.isPending}>
              Post comment
            </Button>
          </Group>
        </Stack>
      </form>
      {comments.isPending ? (
        <Skeleton height={60} radius="md" />
      ) : comments.isError ? (
        <ErrorAlert error={comments.error} onRetry={() => void comments.refetch()} />
      ) : comments.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No comments yet.
        </Text>
      ) : (
        <Stack gap="sm" data-testid="comments">
          {comments.data.map((c) => (
            <Card key={c.id} withBorder radius="md" padding="sm" ml={c.parentId ? 'xl' : 0}>
              <Group justify="space-between">
                <Group gap="xs">
                  <Text size="sm" fw={500}>
                    {c.author?.userName ?? (c.author ? 'A developer' : 'Deleted user')}
                  </Text>
                  {c.hidden && (
                    <Badge size="xs" color="gray">
                      hidden
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDateTime(c.created)}
                </Text>
              </Group>
              <Text size="sm" mt={6} c={c.deleted ? 'dimmed' : undefined} style={{ whiteSpace: 'pre-wrap' }}>
                {c.deleted ? 'Deleted' : c.body}
              </Text>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
