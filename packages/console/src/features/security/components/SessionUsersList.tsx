import { Badge, Button, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import type { SessionUser } from '@basalt/sdk';

interface Props {
  users: SessionUser[];
  selected: string | null;
  onSelect: (userId: string) => void;
  hasMore: boolean;
  onMore: () => void;
  loadingMore: boolean;
}

/** App users (identity, id) with their session count; one is picked to see its sessions. */
export function SessionUsersList({ users, selected, onSelect, hasMore, onMore, loadingMore }: Props) {
  return (
    <ScrollArea.Autosize mah={560}>
      <Stack gap={2} component="nav" aria-label="App users">
        {users.map((u) => (
          <NavLink
            key={u.objectId}
            active={u.objectId === selected}
            onClick={() => onSelect(u.objectId)}
            label={u.email ?? u.name ?? u.objectId}
            description={
              <Text span size="xs" className="mono">
                {u.objectId}
              </Text>
            }
            rightSection={
              <Badge size="sm" variant="light" color={u.sessions ? 'indigo' : 'gray'} radius="sm">
                {u.sessions} {u.sessions === 1 ? 'session' : 'sessions'}
              </Badge>
            }
          />
        ))}
        {hasMore && (
          <Button variant="subtle" size="xs" onClick={onMore} loading={loadingMore}>
            Load more users
          </Button>
        )}
      </Stack>
    </ScrollArea.Autosize>
  );
}
