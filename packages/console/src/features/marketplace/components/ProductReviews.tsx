import { useState } from 'react';
import { Badge, Button, Card, Group, Rating, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { formatDate } from '../../../lib/format';
import { fieldError } from '../../../lib/errors';
import { useCreateReview, useReviews } from '../api/marketplace.queries';

const starLabel = (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`;

/** Reviews of a product: rating 1–5 and a text, one per developer (the server answers 409 for a second one). */
export function ProductReviews({ productId, canReview }: { productId: string; canReview: boolean }) {
  const reviews = useReviews(productId);
  const create = useCreateReview(productId);
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const mine = reviews.data?.find((r) => r.mine);

  const submit = () =>
    create.mutate(
      { rating, body: body.trim() || undefined },
      {
        onSuccess: () => {
          setRating(0);
          setBody('');
        },
      },
    );

  return (
    <Stack gap="md">
      {canReview && !mine && (
        <Card
          withBorder
          radius="md"
          padding="md"
          component="form"
          aria-label="Your review"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <Text fw={600} size="sm">
              Your review
            </Text>
            <Stack gap={4}>
              <Text size="sm" id="review-rating-label">
                Rating
              </Text>
              <Rating
                value={rating}
                onChange={setRating}
                getSymbolLabel={starLabel}
                aria-labelledby="review-rating-label"
              />
              {fieldError(create.error, 'rating') && (
                <Text size="xs" c="red">
                  {fieldError(create.error, 'rating')}
                </Text>
              )}
            </Stack>
            <Textarea
              label="Review"
              placeholder="What worked, what did not"
              autosize
              minRows={2}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
              error={fieldError(create.error, 'body')}
            />
            {create.isError && !fieldError(create.error, 'rating') && !fieldError(create.error, 'body') && (
              <ErrorAlert error={create.error} title="The review was not saved" />
            )}
            <Group justify="flex-end">
              <Button type="submit" disabled={rating === 0} loading={create.isPending}>
                Post review
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {mine && create.isError && (
        // A second review (another tab, say): the server keeps one per developer and says so.
        <ErrorAlert error={create.error} title="The review was not saved" />
      )}
      {reviews.isPending ? (
        <Skeleton height={80} radius="md" />
      ) : reviews.isError ? (
        <ErrorAlert error={reviews.error} onRetry={() => void reviews.refetch()} />
      ) : reviews.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          No reviews yet.{canReview ? ' Be the first to rate it.' : ''}
        </Text>
      ) : (
        <Stack gap="sm" data-testid="reviews">
          {reviews.data.map((r) => (
            <Card key={r.id} withBorder radius="md" padding="sm" data-testid="review">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs">
                  <Rating value={r.rating} readOnly size="sm" aria-label={starLabel(r.rating)} />
                  <Text size="sm" fw={500}>
                    {r.author?.userName ?? (r.author ? 'A developer' : 'Deleted user')}
                  </Text>
                  {r.mine && (
                    <Badge size="xs" variant="light">
                      you
                    </Badge>
                  )}
                  {r.verifiedPurchase && (
                    <Badge size="xs" color="teal" variant="light">
                      verified install
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {formatDate(r.created)}
                </Text>
              </Group>
              {r.body && (
                <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap' }}>
                  {r.body}
                </Text>
              )}
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
