import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import type { CustomDomain } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { CopyValue } from '../../../components/CopyValue';
import { errorInfo } from '../../../lib/errors';
import { useAddCustomDomain, useRemoveCustomDomain } from '../api/domains.queries';

/** The DNS records of a domain, each value copyable; a generated domain needs none. */
function DnsRecords({ domain }: { domain: CustomDomain }) {
  if (domain.dnsRecords.length === 0)
    return (
      <Text size="sm" c="dimmed">
        None needed (under the server&apos;s domain)
      </Text>
    );
  return (
    <Stack gap={2}>
      {domain.dnsRecords.map((r) => (
        <Group key={`${r.type}-${r.host}`} gap="xs" wrap="nowrap">
          <Badge variant="outline" color="gray" size="sm">
            {r.type}
          </Badge>
          <CopyValue value={r.host} label={`Copy record name of ${domain.domainName}`} />
          <Text size="sm" c="dimmed">
            →
          </Text>
          <CopyValue value={r.value} label={`Copy record value of ${domain.domainName}`} />
        </Group>
      ))}
    </Stack>
  );
}

/**
 * Settings › Domains: the app's custom domains with their status and the DNS records to create.
 * A request for a domain reaches the app: `/api/…` is its API (as the JS key), any other path its
 * published files under `web/`.
 */
export function CustomDomainsCard({ appId, domains }: { appId: string; domains: CustomDomain[] }) {
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<CustomDomain>();
  const add = useAddCustomDomain(appId);
  const remove = useRemoveCustomDomain(appId);
  const addError = add.error ? errorInfo(add.error) : undefined;
  const added = (d: CustomDomain) => {
    setName('');
    notifications.show({
      color: 'teal',
      title: `${d.domainName} added`,
      message: d.generated ? 'It works at once.' : 'Create its DNS record; it turns active with the first request.',
    });
  };

  return (
    <Card withBorder radius="md" p="lg" component="section" aria-label="Custom domains">
      <Stack gap="md">
        <div>
          <Title order={3}>Custom domains</Title>
          <Text size="sm" c="dimmed">
            A domain serves the app&apos;s published files (the <code>web</code> folder, index.html at <code>/</code>)
            and its API under <code>/api</code>, acting as the JS API key.
          </Text>
        </div>
        {domains.length === 0 ? (
          <Text size="sm" c="dimmed">
            No custom domains yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" aria-label="Custom domains list">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Domain</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>DNS record to create</Table.Th>
                  <Table.Th w={48} />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {domains.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>
                      <Text size="sm" fw={500} className="mono">
                        {d.domainName}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Tooltip
                        label={
                          d.status === 'ACTIVE'
                            ? 'Requests for this domain reach the server.'
                            : 'No request for this domain has reached the server yet: check its DNS record.'
                        }
                      >
                        <Badge variant="light" color={d.status === 'ACTIVE' ? 'teal' : 'yellow'}>
                          {d.status === 'ACTIVE' ? 'Active' : 'Pending DNS'}
                        </Badge>
                      </Tooltip>
                    </Table.Td>
                    <Table.Td>
                      <DnsRecords domain={d} />
                    </Table.Td>
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${d.domainName}`}
                        onClick={() => {
                          remove.reset();
                          setRemoving(d);
                        }}
                      >
                        <IconTrash size={16} stroke={1.5} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) add.mutate(name.trim(), { onSuccess: added });
          }}
        >
          <Group align="flex-start" gap="sm">
            <TextInput
              label="Add a domain"
              placeholder="app.example.com"
              value={name}
              onChange={(e) => {
                add.reset();
                setName(e.currentTarget.value);
              }}
              error={addError?.field === 'domainName' ? addError.message : undefined}
              style={{ flex: 1, maxWidth: 420 }}
            />
            <Button type="submit" mt={25} disabled={!name.trim()} loading={add.isPending && add.variables !== null}>
              Add domain
            </Button>
            <Button
              variant="default"
              mt={25}
              loading={add.isPending && add.variables === null}
              onClick={() => add.mutate(null, { onSuccess: added })}
            >
              Assign generated domain
            </Button>
          </Group>
        </form>
        {addError && addError.field !== 'domainName' ? (
          <Alert color="red" variant="light" role="alert">
            {addError.message}
          </Alert>
        ) : null}
      </Stack>
      <ConfirmModal
        opened={!!removing}
        onClose={() => setRemoving(undefined)}
        title={`Remove ${removing?.domainName ?? ''}?`}
        confirmLabel="Remove domain"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', title: `${removing.domainName} removed`, message: '' });
              setRemoving(undefined);
            },
          })
        }
      >
        Requests for this domain stop reaching the app at once; its DNS record can then be deleted.
      </ConfirmModal>
    </Card>
  );
}
