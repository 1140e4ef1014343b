import { Skeleton, Stack } from '@mantine/core';

/** Placeholder shaped like a page: a title, a line of text and a few rows. */
export function PageSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading">
      <Skeleton height={24} width={220} radius="sm" />
      <Skeleton height={14} width={360} radius="sm" mb="md" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={36} radius="sm" />
      ))}
    </Stack>
  );
}
