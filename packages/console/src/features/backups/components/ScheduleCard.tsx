import { useState } from 'react';
import { Alert, Button, Card, Group, NumberInput, Select, Stack, Switch, Text, Title } from '@mantine/core';
import type { BackupPolicy, BackupPolicyAnswer } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { formatDateTimeWithZone } from '../../data';
import { useSaveBackupPolicy } from '../api/backups.queries';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const HOURS = Array.from({ length: 24 }, (_, h) => ({
  value: String(h),
  label: `${String(h).padStart(2, '0')}:00 UTC`,
}));

const policyOf = ({ locations: _l, nextRunOn: _n, ...policy }: BackupPolicyAnswer): BackupPolicy => policy;

/** The schedule of automatic backups: off, daily or weekly at an hour, how many to keep, where. */
export function ScheduleCard({ appId, stored }: { appId: string; stored: BackupPolicyAnswer }) {
  const [draft, setDraft] = useState<BackupPolicy>(policyOf(stored));
  const save = useSaveBackupPolicy(appId);
  const dirty = JSON.stringify(draft) !== JSON.stringify(policyOf(stored));
  const set = (patch: Partial<BackupPolicy>) => setDraft((d) => ({ ...d, ...patch }));
  const error = save.error ? errorInfo(save.error) : undefined;

  return (
    <Card withBorder padding="lg" radius="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(draft);
        }}
      >
        <Stack gap="md">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={4}>Schedule</Title>
              <Text size="sm" c="dimmed">
                Automatic backups of the whole app. Manual backups are kept until you delete them.
              </Text>
            </div>
            <Switch
              label="Automatic backups"
              checked={draft.enabled}
              onChange={(e) => set({ enabled: e.currentTarget.checked })}
            />
          </Group>
          <Group grow align="flex-start">
            <Select
              label="Frequency"
              data={[
                { value: 'daily', label: 'Daily' },
                { value: 'weekly', label: 'Weekly' },
              ]}
              value={draft.frequency}
              allowDeselect={false}
              disabled={!draft.enabled}
              onChange={(v) => v && set({ frequency: v as BackupPolicy['frequency'] })}
            />
            {draft.frequency === 'weekly' && (
              <Select
                label="Day"
                data={WEEKDAYS.map((label, i) => ({ value: String(i), label }))}
                value={String(draft.weekday)}
                allowDeselect={false}
                disabled={!draft.enabled}
                onChange={(v) => v && set({ weekday: Number(v) })}
              />
            )}
            <Select
              label="Time"
              data={HOURS}
              value={String(draft.hour)}
              allowDeselect={false}
              disabled={!draft.enabled}
              onChange={(v) => v && set({ hour: Number(v) })}
            />
          </Group>
          <Group grow align="flex-start">
            <NumberInput
              label="Keep the newest"
              description="Scheduled backups; older ones are deleted"
              min={1}
              max={100}
              clampBehavior="strict"
              allowDecimal={false}
              value={draft.retention}
              disabled={!draft.enabled}
              onChange={(v) => typeof v === 'number' && set({ retention: v })}
            />
            <Select
              label="Location"
              description="Folders the server administrator offers"
              data={stored.locations.map((l) => ({ value: l.id, label: l.label }))}
              value={draft.location}
              allowDeselect={false}
              onChange={(v) => v && set({ location: v })}
            />
          </Group>
          {error && (
            <Alert color="red" title="The schedule was not saved">
              {error.message}
            </Alert>
          )}
          <Group justify="space-between">
            <Text size="sm" c="dimmed" data-testid="next-backup">
              {stored.nextRunOn ? `Next backup: ${formatDateTimeWithZone(stored.nextRunOn)}` : 'No automatic backups'}
            </Text>
            <Group gap="xs">
              <Button variant="default" disabled={!dirty || save.isPending} onClick={() => setDraft(policyOf(stored))}>
                Discard
              </Button>
              <Button type="submit" disabled={!dirty} loading={save.isPending}>
                Save schedule
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
