import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DevOperationNames, DevPermissionGroups, type Access, type TeamMember } from '@basalt/shared';
import { useUpdateDevPermissionGroups, useUpdateDevPermissions } from '../api/team.queries';
import { OperationSwitch } from './OperationSwitch';
import { GROUP_IDS, PRESETS, operationLabel } from './permission-presets';

/** A member's numbered operations, grouped as the spec groups them, with presets and group switches. */
export function MemberPermissions({
  appId,
  member,
  editable,
}: {
  appId: string;
  member: TeamMember;
  editable: boolean;
}) {
  const ops = useUpdateDevPermissions(appId, member.id);
  const groups = useUpdateDevPermissionGroups(appId, member.id);
  const access = new Map(member.permissions.map((p) => [p.operation, p.access]));
  const setGroups = (list: Array<{ group: string; access: Access }>, done: string) =>
    groups.mutate(list, {
      onSuccess: () => notifications.show({ color: 'teal', title: 'Permissions changed', message: done }),
    });
  const who = member.name || member.email;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between">
          <Stack gap={2}>
            <Title order={2}>Presets</Title>
            <Text size="sm" c="dimmed">
              Set every group at once, then adjust single operations below.
            </Text>
          </Stack>
          <Group gap="xs">
            {PRESETS.map((p) => (
              <Button
                key={p.id}
                variant="default"
                size="xs"
                disabled={!editable}
                loading={groups.isPending && groups.variables?.length === GROUP_IDS.length}
                onClick={() =>
                  setGroups(
                    GROUP_IDS.map((g) => ({ group: g, access: p.access(g) })),
                    `${who} is now ${p.label}.`,
                  )
                }
              >
                {p.label}
              </Button>
            ))}
          </Group>
        </Group>
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        {Object.entries(DevPermissionGroups).map(([id, group]) => (
          <Paper key={id} withBorder radius="md" p="md" component="section" aria-label={`${group.title} permissions`}>
            <Group justify="space-between" mb="xs">
              <Title order={3} size="h4">
                {group.title}
              </Title>
              <Group gap={4}>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="green"
                  disabled={!editable}
                  onClick={() => setGroups([{ group: id, access: 'GRANT' }], `${group.title}: all granted.`)}
                >
                  Grant all
                </Button>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  disabled={!editable}
                  onClick={() => setGroups([{ group: id, access: 'DENY' }], `${group.title}: all denied.`)}
                >
                  Deny all
                </Button>
              </Group>
            </Group>
            <Stack gap={6}>
              {group.operations.map((op) => (
                <OperationSwitch
                  key={op}
                  label={operationLabel(DevOperationNames[op], op)}
                  access={access.get(op) ?? 'GRANT'}
                  disabled={!editable}
                  onChange={(a) => ops.mutate([{ operation: op, access: a }])}
                />
              ))}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
