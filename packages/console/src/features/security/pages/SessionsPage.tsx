import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Grid, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { DevOperations } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useSessionUsers } from '../api/sessions.queries';
import { useCan } from '../api/use-can';
import { SessionUsersList } from '../components/SessionUsersList';
import { UserSessionsPanel } from '../components/UserSessionsPanel';

/** App users' sessions: search a user, see their sessions, log them out everywhere. `q` and `user` live in the URL. */
export default function SessionsPage() {
  const { appId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(text.trim(), 300);
  const selected = params.get('user');
  const users = useSessionUsers(appId, q);
  const can = useCan(appId, DevOperations.LOGOUT_ALL_USERS);

  useEffect(() => {
    setParams(
      (p) => {
        if (q) p.set('q', q);
        else p.delete('q');
        return p;
      },
      { replace: true },
    );
  }, [q, setParams]);

  const list = users.data?.pages.flatMap((p) => p.data) ?? [];
  const user = list.find((u) => u.objectId === selected);

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <Paper withBorder radius="md" p="md">
          <Stack gap="sm">
            <TextInput
              label="Find a user"
              description="Email or object id; empty lists users who are signed in."
              leftSection={<IconSearch size={16} stroke={1.5} />}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
            />
            {users.isError ? (
              <ErrorAlert error={users.error} onRetry={() => void users.refetch()} />
            ) : users.isPending ? (
              <PageSkeleton rows={4} />
            ) : list.length === 0 ? (
              <Text size="sm" c="dimmed">
                {q ? `No users match “${q}”.` : 'Nobody is signed in to this app right now.'}
              </Text>
            ) : (
              <SessionUsersList
                users={list}
                selected={selected}
                onSelect={(id) =>
                  setParams((p) => {
                    p.set('user', id);
                    return p;
                  })
                }
                hasMore={!!users.hasNextPage}
                onMore={() => void users.fetchNextPage()}
                loadingMore={users.isFetchingNextPage}
              />
            )}
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Paper withBorder radius="md" p="md">
          {user ? (
            <UserSessionsPanel appId={appId} user={user} disabledReason={can.reason} />
          ) : (
            <Text size="sm" c="dimmed">
              Pick a user to see their sessions.
            </Text>
          )}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
