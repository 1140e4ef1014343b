import { Badge, List, Tooltip } from '@mantine/core';
import type { FlowVersion } from '@basalt/shared';

/** Badge colours of docs/console-screens.md › Visual style: LIVE green, READY blue, PAUSED orange, INVALID red. */
const LOOK = {
  LIVE: { color: 'green', label: 'LIVE' },
  READY: { color: 'blue', label: 'READY' },
  PAUSED: { color: 'orange', label: 'PAUSED' },
  NOT_READY: { color: 'red', label: 'INVALID' },
} as const;

/** A version's status; INVALID lists what keeps it from running on hover (and to screen readers). */
export function VersionStatusBadge({ version }: { version: Pick<FlowVersion, 'status' | 'validationErrors'> }) {
  const look = LOOK[version.status];
  const badge = (
    <Badge
      color={look.color}
      variant={version.status === 'LIVE' ? 'filled' : 'light'}
      radius="sm"
      aria-label={
        version.status === 'NOT_READY'
          ? `INVALID: ${version.validationErrors.length} problem${version.validationErrors.length === 1 ? '' : 's'}`
          : look.label
      }
      data-status={version.status}
    >
      {look.label}
    </Badge>
  );
  if (version.status !== 'NOT_READY' || !version.validationErrors.length) return badge;
  return (
    <Tooltip
      multiline
      w={360}
      withArrow
      label={
        <List size="xs" spacing={2}>
          {version.validationErrors.slice(0, 8).map((e, i) => (
            <List.Item key={i}>{e.message}</List.Item>
          ))}
          {version.validationErrors.length > 8 && (
            <List.Item>…and {version.validationErrors.length - 8} more</List.Item>
          )}
        </List>
      }
    >
      {badge}
    </Tooltip>
  );
}
