import { useMemo, useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconX } from '@tabler/icons-react';
import { DevOperations, type FlowVersion, type SlaCalendar, type SlaGoal } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { EditDeleteActions } from '../../../components/EditDeleteActions';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorInfo } from '../../../lib/errors';
import { useCan } from '../../security';
import {
  useDeleteSlaCalendar,
  useDeleteSlaGoal,
  useSaveSlaCalendar,
  useSaveSlaGoal,
  useSlaCalendars,
  useSlaGoals,
  type CalendarInput,
  type GoalInput,
} from '../api/sla.queries';
import { timeZones } from '../cron';

const WEEK = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
type Day = (typeof WEEK)[number];
const DAY_NAMES: Record<Day, string> = {
  MON: 'Monday',
  TUE: 'Tuesday',
  WED: 'Wednesday',
  THU: 'Thursday',
  FRI: 'Friday',
  SAT: 'Saturday',
  SUN: 'Sunday',
};
const UNITS = [
  { value: 'ms', label: 'milliseconds' },
  { value: 's', label: 'seconds' },
  { value: 'min', label: 'minutes' },
  { value: 'h', label: 'hours' },
  { value: 'd', label: 'days' },
];
type Interval = { from: string; to: string };
type WeekDay = { day: Day; intervals: Interval[] };

const officeWeek = (): WeekDay[] =>
  WEEK.map((day) => ({ day, intervals: day === 'SAT' || day === 'SUN' ? [] : [{ from: '09:00', to: '17:00' }] }));

function weekWords(week: SlaCalendar['week']): string {
  if (!week) return '24/7';
  const open = week.filter((d) => d.intervals.length);
  if (!open.length) return 'No working hours';
  return open.map((d) => `${d.day.slice(0, 2)} ${d.intervals.map((i) => `${i.from}–${i.to}`).join(', ')}`).join(' · ');
}

/** A calendar's form: name, time zone, working hours per weekday (or 24/7) and holidays. */
function CalendarModal({
  appId,
  calendar,
  onClose,
}: {
  appId: string;
  calendar: SlaCalendar | 'new';
  onClose: () => void;
}) {
  const existing = calendar === 'new' ? null : calendar;
  const save = useSaveSlaCalendar(appId);
  const zones = useMemo(() => timeZones(), []);
  const [name, setName] = useState(existing?.name ?? '');
  const [timezone, setTimezone] = useState(existing?.timezone ?? zones[0]);
  const [always, setAlways] = useState(existing ? existing.week === null : false);
  const [week, setWeek] = useState<WeekDay[]>(() => {
    const base = officeWeek().map((d) => ({ ...d, intervals: existing ? [] : d.intervals }));
    for (const d of existing?.week ?? []) {
      const slot = base.find((b) => b.day === d.day);
      if (slot) slot.intervals = d.intervals.map((i) => ({ ...i }));
    }
    return base;
  });
  const [holidays, setHolidays] = useState<string[]>(existing?.holidays ?? []);
  const [holiday, setHoliday] = useState('');
  const setDay = (day: Day, intervals: Interval[]) =>
    setWeek((w) => w.map((d) => (d.day === day ? { ...d, intervals } : d)));
  const badInterval = (i: Interval) => !i.from || !i.to || (i.to !== '24:00' && i.from >= i.to);
  const invalid = !name.trim() || (!always && week.some((d) => d.intervals.some(badInterval)));

  const submit = () => {
    const body: CalendarInput = {
      name: name.trim(),
      timezone,
      week: always ? null : week.filter((d) => d.intervals.length),
      holidays: [...holidays].sort(),
    };
    save.mutate(
      { id: existing?.id, body },
      {
        onSuccess: (c) => {
          notifications.show({ color: 'green', message: `Calendar ${c.name} saved` });
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={existing ? `Edit calendar ${existing.name}` : 'New business calendar'}
      size="lg"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid) submit();
        }}
      >
        <Stack gap="sm">
          <Group grow align="flex-start">
            <TextInput
              label="Name"
              withAsterisk
              value={name}
              data-autofocus
              onChange={(e) => setName(e.currentTarget.value)}
              error={errorInfo(save.error).field === 'name' ? errorInfo(save.error).message : undefined}
            />
            <Select
              label="Time zone"
              searchable
              allowDeselect={false}
              data={zones.includes(timezone) ? zones : [timezone, ...zones]}
              value={timezone}
              onChange={(z) => z && setTimezone(z)}
              limit={60}
            />
          </Group>
          <Checkbox
            label="Open 24/7 (every hour counts)"
            checked={always}
            onChange={(e) => setAlways(e.currentTarget.checked)}
          />
          {!always && (
            <Stack gap={6} role="group" aria-label="Working hours">
              <Text size="sm" fw={500}>
                Working hours
              </Text>
              {week.map((d) => (
                <Group key={d.day} gap="xs" wrap="nowrap" align="center">
                  <Checkbox
                    w={120}
                    label={DAY_NAMES[d.day]}
                    checked={d.intervals.length > 0}
                    onChange={(e) => setDay(d.day, e.currentTarget.checked ? [{ from: '09:00', to: '17:00' }] : [])}
                  />
                  {d.intervals.length === 0 ? (
                    <Text size="sm" c="dimmed">
                      Closed
                    </Text>
                  ) : (
                    d.intervals.map((i, n) => (
                      <Group key={n} gap={4} wrap="nowrap">
                        <TextInput
                          type="time"
                          size="xs"
                          aria-label={`${DAY_NAMES[d.day]} from`}
                          value={i.from}
                          error={badInterval(i)}
                          onChange={(e) =>
                            setDay(
                              d.day,
                              d.intervals.map((x, k) => (k === n ? { ...x, from: e.currentTarget.value } : x)),
                            )
                          }
                        />
                        <Text size="xs">–</Text>
                        <TextInput
                          type="time"
                          size="xs"
                          aria-label={`${DAY_NAMES[d.day]} to`}
                          value={i.to === '24:00' ? '23:59' : i.to}
                          error={badInterval(i)}
                          onChange={(e) =>
                            setDay(
                              d.day,
                              d.intervals.map((x, k) => (k === n ? { ...x, to: e.currentTarget.value } : x)),
                            )
                          }
                        />
                        {d.intervals.length > 1 && (
                          <ActionIcon
                            size="sm"
                            variant="subtle"
                            aria-label={`Remove ${DAY_NAMES[d.day]} interval ${n + 1}`}
                            onClick={() =>
                              setDay(
                                d.day,
                                d.intervals.filter((_, k) => k !== n),
                              )
                            }
                          >
                            <IconX size={14} />
                          </ActionIcon>
                        )}
                      </Group>
                    ))
                  )}
                  {d.intervals.length > 0 && d.intervals.length < 4 && (
                    <Tooltip label="Add an interval (e.g. after lunch)">
                      <ActionIcon
                        size="sm"
                        variant="subtle"
                        aria-label={`Add a ${DAY_NAMES[d.day]} interval`}
                        onClick={() => setDay(d.day, [...d.intervals, { from: '13:00', to: '17:00' }])}
                      >
                        <IconPlus size={14} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              ))}
              {week.some((d) => d.intervals.some(badInterval)) && (
                <Text size="xs" c="red">
                  Each interval must end after it starts.
                </Text>
              )}
            </Stack>
          )}
          <div>
            <Text size="sm" fw={500}>
              Holidays
            </Text>
            <Text size="xs" c="dimmed" mb={4}>
              No working hours on these dates.
            </Text>
            <Group gap="xs" align="flex-end">
              <TextInput
                type="date"
                size="xs"
                aria-label="Holiday date"
                value={holiday}
                onChange={(e) => setHoliday(e.currentTarget.value)}
              />
              <Button
                size="xs"
                variant="default"
                disabled={!holiday || holidays.includes(holiday)}
                onClick={() => {
                  setHolidays((h) => [...h, holiday].sort());
                  setHoliday('');
                }}
              >
                Add holiday
              </Button>
            </Group>
            <Group gap={6} mt={6}>
              {holidays.map((h) => (
                <Badge
                  key={h}
                  variant="light"
                  radius="sm"
                  rightSection={
                    <ActionIcon
                      size="xs"
                      variant="transparent"
                      aria-label={`Remove holiday ${h}`}
                      onClick={() => setHolidays((all) => all.filter((x) => x !== h))}
                    >
                      <IconX size={10} />
                    </ActionIcon>
                  }
                >
                  {h}
                </Badge>
              ))}
            </Group>
          </div>
          {save.isError && <ErrorAlert error={save.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={invalid} loading={save.isPending}>
              Save calendar
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A goal's form: what is measured, the target, the calendar and what a breach does. */
function GoalModal({
  appId,
  version: v,
  goal,
  calendars,
  onClose,
}: {
  appId: string;
  version: FlowVersion;
  goal: SlaGoal | 'new';
  calendars: SlaCalendar[];
  onClose: () => void;
}) {
  const existing = goal === 'new' ? null : goal;
  const save = useSaveSlaGoal(appId, v.flowId, v.id);
  const [name, setName] = useState(existing?.name ?? '');
  const [target, setTarget] = useState<number | string>(existing?.target ?? 1);
  const [unit, setUnit] = useState<string>(existing?.unit ?? 'h');
  const [metric, setMetric] = useState<string>(existing?.metric ?? 'INSTANCE_DURATION');
  const [elementId, setElementId] = useState<string | null>(existing?.elementId ?? null);
  const [calendarId, setCalendarId] = useState<string | null>(existing?.calendarId ?? null);
  const [logOnBreach, setLogOnBreach] = useState(existing ? existing.actions.some((a) => a.type === 'LOG') : true);
  const invalid = !name.trim() || !(Number(target) > 0) || (metric === 'ELEMENT_DURATION' && !elementId);

  const submit = () => {
    const body: GoalInput = {
      name: name.trim(),
      target: Number(target),
      unit: unit as GoalInput['unit'],
      metric: metric as GoalInput['metric'],
      elementId: metric === 'ELEMENT_DURATION' ? elementId : null,
      calendarId,
      actions: logOnBreach ? [{ on: 'BREACH', type: 'LOG' }] : [],
    };
    save.mutate(
      { id: existing?.id, body },
      {
        onSuccess: (g) => {
          notifications.show({ color: 'green', message: `Goal ${g.name} saved` });
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={existing ? `Edit goal ${existing.name}` : 'New SLA goal'} size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!invalid) submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            withAsterisk
            data-autofocus
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="goal-metric-label">
              Measures
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby="goal-metric-label"
              value={metric}
              onChange={setMetric}
              data={[
                { value: 'INSTANCE_DURATION', label: 'Whole instance' },
                { value: 'ELEMENT_DURATION', label: 'One element' },
              ]}
            />
          </div>
          {metric === 'ELEMENT_DURATION' && (
            <Select
              label="Element"
              withAsterisk
              data={v.elements.map((e) => ({ value: e.id, label: e.name }))}
              value={elementId}
              onChange={setElementId}
              error={!elementId ? 'Choose the element to measure' : undefined}
            />
          )}
          <Group grow align="flex-start">
            <NumberInput label="Target" withAsterisk min={0} decimalScale={3} value={target} onChange={setTarget} />
            <Select label="Unit" allowDeselect={false} data={UNITS} value={unit} onChange={(u) => u && setUnit(u)} />
          </Group>
          <Select
            label="Business calendar"
            description="Only working hours count; without one, every hour counts"
            clearable
            placeholder="None (24/7)"
            data={calendars.map((c) => ({ value: c.id, label: `${c.name} (${c.timezone})` }))}
            value={calendarId}
            onChange={setCalendarId}
          />
          <Checkbox
            label="On breach, write a WARN line to the flow's log"
            checked={logOnBreach}
            onChange={(e) => setLogOnBreach(e.currentTarget.checked)}
          />
          {save.isError && <ErrorAlert error={save.error} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={invalid} loading={save.isPending}>
              Save goal
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** SLA of a version: its goals (measured in business time) and the app's business calendars. */
export function SlaTab({ appId, version: v }: { appId: string; version: FlowVersion }) {
  const goals = useSlaGoals(appId, v.flowId, v.id);
  const calendars = useSlaCalendars(appId);
  const deleteGoal = useDeleteSlaGoal(appId, v.flowId, v.id);
  const deleteCalendar = useDeleteSlaCalendar(appId);
  const can = useCan(appId, DevOperations.FLOW_VERSION_ADMIN);
  const [goal, setGoal] = useState<SlaGoal | 'new' | null>(null);
  const [calendar, setCalendar] = useState<SlaCalendar | 'new' | null>(null);
  const [removing, setRemoving] = useState<
    { kind: 'goal'; item: SlaGoal } | { kind: 'calendar'; item: SlaCalendar } | null
  >(null);
  const names = new Map(v.elements.map((e) => [e.id, e.name]));
  const calendarNames = new Map((calendars.data ?? []).map((c) => [c.id, c.name]));
  const units = new Map(UNITS.map((u) => [u.value, u.label]));
  const fail = (e: unknown) => notifications.show({ color: 'red', message: errorInfo(e).message });

  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md" component="section" aria-label="SLA goals">
        <Group justify="space-between" mb="sm">
          <div>
            <Title order={3} size="h4">
              Goals of v{v.versionNumber}
            </Title>
            <Text size="sm" c="dimmed">
              How long an instance (or one element) may take. Compliance shows on the Metrics tab.
            </Text>
          </div>
          <Tooltip label={can.reason} disabled={can.allowed}>
            <Button leftSection={<IconPlus size={16} />} disabled={!can.allowed} onClick={() => setGoal('new')}>
              Add goal
            </Button>
          </Tooltip>
        </Group>
        {goals.isError ? (
          <ErrorAlert error={goals.error} onRetry={() => void goals.refetch()} />
        ) : (
          <Table aria-label="Goals" verticalSpacing={8}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Measures</Table.Th>
                <Table.Th>Target</Table.Th>
                <Table.Th>Calendar</Table.Th>
                <Table.Th>On breach</Table.Th>
                <Table.Th w={90} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(goals.data ?? []).map((g) => (
                <Table.Tr key={g.id}>
                  <Table.Td fw={500}>{g.name}</Table.Td>
                  <Table.Td>
                    {g.metric === 'INSTANCE_DURATION'
                      ? 'Whole instance'
                      : `Element ${names.get(g.elementId ?? '') ?? g.elementId}`}
                  </Table.Td>
                  <Table.Td>
                    {g.target} {units.get(g.unit)}
                  </Table.Td>
                  <Table.Td>{g.calendarId ? (calendarNames.get(g.calendarId) ?? 'Deleted calendar') : '24/7'}</Table.Td>
                  <Table.Td>{g.actions.some((a) => a.type === 'LOG') ? 'WARN log line' : 'Nothing'}</Table.Td>
                  <Table.Td>
                    <EditDeleteActions
                      what={`goal ${g.name}`}
                      onEdit={() => setGoal(g)}
                      onDelete={() => setRemoving({ kind: 'goal', item: g })}
                      disabledReason={can.reason}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
              {goals.data?.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      No goals yet. A goal such as “orders are handled within 4 business hours” is measured on every
                      finished instance.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        )}
      </Paper>

      <Paper withBorder p="md" radius="md" component="section" aria-label="Business calendars">
        <Group justify="space-between" mb="sm">
          <div>
            <Title order={3} size="h4">
              Business calendars
            </Title>
            <Text size="sm" c="dimmed">
              Working hours and holidays in a time zone, shared by every flow of the app.
            </Text>
          </div>
          <Tooltip label={can.reason} disabled={can.allowed}>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              disabled={!can.allowed}
              onClick={() => setCalendar('new')}
            >
              Add calendar
            </Button>
          </Tooltip>
        </Group>
        {calendars.isError ? (
          <ErrorAlert error={calendars.error} onRetry={() => void calendars.refetch()} />
        ) : (
          <Table aria-label="Calendars" verticalSpacing={8}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Time zone</Table.Th>
                <Table.Th>Working hours</Table.Th>
                <Table.Th>Holidays</Table.Th>
                <Table.Th w={90} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(calendars.data ?? []).map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td fw={500}>{c.name}</Table.Td>
                  <Table.Td>{c.timezone}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{weekWords(c.week)}</Text>
                  </Table.Td>
                  <Table.Td>{c.holidays.length || '—'}</Table.Td>
                  <Table.Td>
                    <EditDeleteActions
                      what={`calendar ${c.name}`}
                      onEdit={() => setCalendar(c)}
                      onDelete={() => setRemoving({ kind: 'calendar', item: c })}
                      disabledReason={can.reason}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
              {calendars.data?.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={5}>
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      No calendars yet: goals count every hour until one is chosen.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        )}
      </Paper>

      {goal && (
        <GoalModal
          appId={appId}
          version={v}
          goal={goal}
          calendars={calendars.data ?? []}
          onClose={() => setGoal(null)}
        />
      )}
      {calendar && <CalendarModal appId={appId} calendar={calendar} onClose={() => setCalendar(null)} />}
      <ConfirmModal
        opened={!!removing}
        onClose={() => setRemoving(null)}
        title={removing ? `Delete ${removing.kind} ${removing.item.name}?` : ''}
        confirmLabel={`Delete ${removing?.kind ?? ''}`}
        loading={deleteGoal.isPending || deleteCalendar.isPending}
        onConfirm={() => {
          if (!removing) return;
          const done = { onSuccess: () => setRemoving(null), onError: fail };
          if (removing.kind === 'goal') deleteGoal.mutate(removing.item.id, done);
          else deleteCalendar.mutate(removing.item.id, done);
        }}
      >
        {removing?.kind === 'calendar' ? (
          <Alert color="orange" variant="light" p="xs">
            Goals on this calendar count every hour (24/7) from then on.
          </Alert>
        ) : (
          <Text size="sm">Its compliance is no longer shown; instances are not changed.</Text>
        )}
      </ConfirmModal>
    </Stack>
  );
}
