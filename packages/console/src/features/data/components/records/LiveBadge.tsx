import { Badge, Tooltip } from '@mantine/core';

interface Props {
  live: boolean;
  error: Error | null;
}

/** Whether the grid follows changes made elsewhere; the word says it, not only the dot's colour. */
export function LiveBadge({ live, error }: Props) {
  if (live) {
    return (
      <Tooltip label="Records created, changed or deleted elsewhere show up here as they happen">
        <Badge variant="dot" color="teal" tt="none" size="sm" data-testid="records-live">Live</Badge>
      </Tooltip>
    );
  }
  if (!error) return null;
  return (
    <Tooltip label={`Not following changes: ${error.message}. Refresh to see them.`}>
      <Badge variant="dot" color="gray" tt="none" size="sm" data-testid="records-live">Not live</Badge>
    </Tooltip>
  );
}
