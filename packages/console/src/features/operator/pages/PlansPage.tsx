import { Alert, Badge, Card, Code, Group, Skeleton, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconFileText, IconInfoCircle } from '@tabler/icons-react';
import type { OperatorInfo } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { price } from '../../billing/components/usage-format';
import { useOperator, usePlanApps } from '../api/operator.queries';
import { PLAN_COMPONENTS, limitText } from '../components/plan-components';

type CataloguePlan = OperatorInfo['plans'][number];

const LINES: Array<{ line: CataloguePlan['line']; title: string; help: string }> = [
  { line: 'application', title: 'Application plans', help: 'What an app may use: calls, storage, tables, team.' },
  { line: 'automation', title: 'Automation plans', help: 'Flows, billed apart from the app.' },
];

function LineTable({ plans, appsOn }: { plans: CataloguePlan[]; appsOn: (planId: string) => number | undefined }) {
  // Rows for the components some plan of the line limits; the rest are named once below the table.
  const limited = PLAN_COMPONENTS.filter((c) => plans.some((p) => p.limits[c.id] !== undefined));
  const unlimited = PLAN_COMPONENTS.filter((c) => !limited.includes(c));
  return (
    <Stack gap="xs">
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder withColumnBorders verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={300}>Component</Table.Th>
              {plans.map((p, i) => (
                <Table.Th key={p.id} data-testid={`operator-plan-${p.id}`}>
                  <Stack gap={2}>
                    <Group gap={6} wrap="nowrap">
                      <Text fw={600} size="sm">
                        {p.name}
                      </Text>
                      {i === 0 && (
                        <Tooltip label="New apps start on the first plan of the line">
                          <Badge size="xs" variant="light" color="indigo">
                            default
                          </Badge>
                        </Tooltip>
                      )}
                      {!p.public && (
                        <Tooltip label="Listed to operators only; an operator gives it to an app">
                          <Badge size="xs" variant="outline" color="gray">
                            private
                          </Badge>
                        </Tooltip>
                      )}
                    </Group>
                    <Text className="mono" size="xs" c="dimmed">
                      {p.id}
                    </Text>
                    <Text size="xs" fw={400}>
                      {p.periods.monthly === 0 && p.periods.yearly === 0
                        ? 'Free'
                        : `${price(p.periods.monthly)} / month · ${price(p.periods.yearly)} / year`}
                    </Text>
                    <Text size="xs" c="dimmed" fw={400} data-testid={`operator-plan-apps-${p.id}`}>
                      {appsOn(p.id) === undefined ? '…' : `${appsOn(p.id)} app${appsOn(p.id) === 1 ? '' : 's'} on it`}
                    </Text>
                  </Stack>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {limited.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={plans.length + 1}>
                  <Text size="sm" c="dimmed">
                    No plan of this line limits anything.
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
            {limited.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {c.name}
                    </Text>
                    {!c.enforced && (
                      <Tooltip label="Shown with its limit; this edition does not refuse what goes over it yet">
                        <Badge size="xs" variant="outline" color="gray">
                          not enforced
                        </Badge>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
                {plans.map((p) => {
                  const limit = p.limits[c.id];
                  return (
                    <Table.Td key={p.id}>
                      <Text size="sm" c={limit === undefined ? 'dimmed' : undefined}>
                        {limitText(c.unit, limit)}
                      </Text>
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {limited.length > 0 && unlimited.length > 0 && (
        <Text size="xs" c="dimmed" data-testid="unlimited-everywhere">
          Unlimited on every plan of this line: {unlimited.map((c) => c.name).join(', ')}.
        </Text>
      )}
    </Stack>
  );
}

/**
 * The plan catalogue (decision 0082), read-only: it is the operator's plans file (BASALT_PLANS_FILE)
 * or the built-in unlimited plan, read once when the server starts. One table per product line,
 * components as rows and plans as columns, with the number of apps on each plan.
 */
export default function PlansPage() {
  const operator = useOperator();
  const planApps = usePlanApps();
  if (operator.isPending) return <Skeleton height={320} />;
  if (operator.isError) return <ErrorAlert error={operator.error} onRetry={() => void operator.refetch()} />;
  const { plans, plansSource } = operator.data;
  const builtIn = plansSource === 'built-in';
  const appsOn = (planId: string) => planApps.data?.filter((a) => a.planId === planId).length;

  return (
    <Stack gap="lg">
      <Alert
        variant="light"
        color={builtIn ? 'blue' : 'gray'}
        icon={builtIn ? <IconInfoCircle size={18} stroke={1.5} /> : <IconFileText size={18} stroke={1.5} />}
        title={builtIn ? 'Built-in catalogue' : 'Read from the plans file'}
        data-testid="plans-source"
      >
        {builtIn ? (
          <Text size="sm">
            No plans file is set, so every app is on the free <Code>self-hosted</Code> plan with no limits. To offer
            plans, point <Code>BASALT_PLANS_FILE</Code> at a JSON catalogue and restart the server.
          </Text>
        ) : (
          <Text size="sm">
            The catalogue comes from <Code>{plansSource}</Code> (<Code>BASALT_PLANS_FILE</Code>), read when the server
            started. It is read-only here: edit the file and restart the server to change a plan.
          </Text>
        )}
      </Alert>
      {planApps.isError && <ErrorAlert error={planApps.error} onRetry={() => void planApps.refetch()} />}
      {LINES.map(({ line, title, help }) => {
        const ofLine = plans.filter((p) => p.line === line);
        if (!ofLine.length) return null;
        return (
          <Card key={line} withBorder radius="md" padding="lg" data-testid={`plans-line-${line}`}>
            <Group justify="space-between" mb="sm">
              <div>
                <Title order={3}>{title}</Title>
                <Text size="sm" c="dimmed">
                  {help}
                </Text>
              </div>
              <Text size="sm" c="dimmed">
                {ofLine.length} plan{ofLine.length === 1 ? '' : 's'}
              </Text>
            </Group>
            <LineTable plans={ofLine} appsOn={appsOn} />
          </Card>
        );
      })}
    </Stack>
  );
}
