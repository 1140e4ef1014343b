import { useState } from 'react';
import { Alert, Badge, Button, Card, Code, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { errorInfo } from '../../../lib/errors';
import { useInviteCode, useInvites, useSendInvite } from '../api/community.queries';

/** Invitations to this server: send one by mail, see which were used to register. */
export function InvitesTab() {
  const code = useInviteCode();
  const invites = useInvites();
  const send = useSendInvite();
  const [email, setEmail] = useState('');
  return (
    <Stack maw={760}>
      <Card withBorder radius="md" padding="lg">
        <Text fw={600} mb={4}>
          Invite a developer
        </Text>
        <Text size="sm" c="dimmed" mb="sm">
          {code.data?.inviteOnly
            ? 'This server is invite-only: an invitation is the only way in.'
            : 'They get a mail with a link to register on this server.'}{' '}
          Your invite code: <Code>{code.data?.code ?? '…'}</Code>
        </Text>
        <Group align="flex-end">
          <TextInput
            label="Email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            style={{ flex: 1 }}
          />
          <Button
            loading={send.isPending}
            disabled={!email}
            onClick={() => send.mutate(email, { onSuccess: () => setEmail('') })}
          >
            Send invitation
          </Button>
        </Group>
        {send.isError && (
          <Alert color="red" mt="sm">
            {errorInfo(send.error).message}
          </Alert>
        )}
      </Card>
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Email</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Sent</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(invites.data ?? []).map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>{i.email}</Table.Td>
              <Table.Td>
                <Badge
                  color={i.status === 'registered' ? 'teal' : i.status === 'expired' ? 'gray' : 'blue'}
                  variant="light"
                >
                  {i.status}
                </Badge>
              </Table.Td>
              <Table.Td>{new Date(i.created).toLocaleString()}</Table.Td>
            </Table.Tr>
          ))}
          {invites.data?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={3}>
                <Text size="sm" c="dimmed">
                  No invitations yet.
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
