import { useState } from 'react';
import { SegmentedControl, Stack, Text } from '@mantine/core';
import { DevOperations, RecordPermissionOperations } from '@basalt/shared';
import { useCan } from '../api/use-can';
import { ScopeMatrix } from './ScopeMatrix';

interface Props {
  appId: string;
  table: { tableId: string; name: string };
  objectId: string;
}

/**
 * The ACL of one record (docs/console-screens.md › Security), for the record panel's ACL tab: the same
 * matrix as tables, for roles or searched users. A rule here decides before every other layer.
 */
export function ObjectAclPanel({ appId, table, objectId }: Props) {
  const [policy, setPolicy] = useState<'roles' | 'users'>('roles');
  const can = useCan(appId, DevOperations.OBJECTS);
  const scope = { service: 'data' as const, itemId: table.tableId, itemName: table.name, objectId };
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        Rules for this record only; they win over the table&apos;s rules and the owner policy.
      </Text>
      <SegmentedControl
        aria-label="Whose access to this record"
        value={policy}
        onChange={(v) => setPolicy(v as 'roles' | 'users')}
        data={[
          { value: 'roles', label: 'Roles' },
          { value: 'users', label: 'Users' },
        ]}
      />
      <ScopeMatrix
        key={policy}
        appId={appId}
        scope={scope}
        policy={policy}
        itemLabel={`record ${objectId}`}
        operations={RecordPermissionOperations}
        disabledReason={can.reason}
      />
    </Stack>
  );
}
