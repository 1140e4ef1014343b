import { Badge, Paper, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DevOperations, type UserProperty } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { useCan } from '../../security';
import { useUpdateUsersProps } from '../api/users.queries';

/** User properties: which Users columns registration asks for and requires. Switches apply at once. */
export function UserPropertiesTable({ appId, properties }: { appId: string; properties: UserProperty[] }) {
  const update = useUpdateUsersProps(appId);
  const can = useCan(appId, DevOperations.USERS_REGISTRATION);
  const set = (p: UserProperty, change: Partial<UserProperty>) =>
    update.mutate(
      { name: p.name, ...change },
      {
        onError: (e) =>
          notifications.show({
            color: 'red',
            title: `${p.name} was not changed`,
            message: errorInfo(e).message,
            autoClose: false,
          }),
      },
    );

  return (
    <Paper withBorder radius="md" p="md">
      <Title order={2} mb={4}>
        User properties
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Columns of the Users table as registration sees them. The identity is chosen on the Login page.
      </Text>
      <Table aria-label="User properties" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Property</Table.Th>
            <Table.Th>Required</Table.Th>
            <Table.Th>Asked at registration</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {properties.map((p) => {
            const fixed = p.identity || p.name === 'password';
            return (
              <Table.Tr key={p.name}>
                <Table.Td>
                  <Text size="sm" className="mono" span>
                    {p.name}
                  </Text>
                  {p.identity && (
                    <Badge ml="xs" size="xs" variant="light" radius="sm">
                      identity
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`${p.name} is required`}
                    checked={p.required}
                    disabled={fixed || !can.allowed}
                    onChange={(e) => set(p, { required: e.currentTarget.checked })}
                  />
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={`${p.name} is asked at registration`}
                    checked={p.visibleOnRegistration}
                    disabled={fixed || !can.allowed}
                    onChange={(e) => set(p, { visibleOnRegistration: e.currentTarget.checked })}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
