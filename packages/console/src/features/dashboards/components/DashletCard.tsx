import '@mantine/charts/styles.css';
import { AreaChart, BarChart, LineChart, PieChart } from '@mantine/charts';
import { ActionIcon, Card, Center, Group, Loader, Menu, Text } from '@mantine/core';
import type { ChartData, Dashlet } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { useDashletData } from '../api/dashboards.queries';

const COLORS = ['blue.6', 'teal.6', 'grape.6', 'orange.6', 'cyan.6', 'pink.6', 'lime.6', 'indigo.6'];
const HEIGHT = 220;

function ChartOf({ data }: { data: ChartData }) {
  if (!data.points.length)
    return (
      <Center h={HEIGHT}>
        <Text c="dimmed" size="sm">
          No records to show
        </Text>
      </Center>
    );
  const rows = data.points.map((p) => ({ label: p.x === null ? '(empty)' : String(p.x), value: p.value }));
  const series = [
    {
      name: 'value',
      label: data.aggregate === 'count' ? 'Records' : `${data.aggregate} of ${data.y}`,
      color: 'blue.6',
    },
  ];
  if (data.type === 'pie')
    return (
      <Center h={HEIGHT}>
        <PieChart
          size={180}
          withLabelsLine
          labelsPosition="outside"
          labelsType="value"
          withLabels
          withTooltip
          data={rows.map((r, i) => ({ name: r.label, value: r.value, color: COLORS[i % COLORS.length] }))}
        />
      </Center>
    );
  const common = { h: HEIGHT, data: rows, dataKey: 'label', series, withLegend: false, gridAxis: 'y' as const };
  if (data.type === 'line') return <LineChart {...common} curveType="monotone" />;
  if (data.type === 'area') return <AreaChart {...common} curveType="monotone" />;
  return <BarChart {...common} />;
}

interface Props {
  appId: string;
  dashboardId: string;
  dashlet: Dashlet;
  onRemove: () => void;
}

/** One dashlet: a chart drawn from its points (as the dashboard's caller sees them), or a block of text. */
export function DashletCard({ appId, dashboardId, dashlet, onRemove }: Props) {
  const isChart = dashlet.component === 'chart';
  const data = useDashletData(appId, dashboardId, dashlet.id, isChart);
  const chartName = typeof dashlet.config.chartName === 'string' ? dashlet.config.chartName : '';
  const title = dashlet.title || chartName || 'Text';
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      style={{ gridColumn: `span ${Math.min(12, dashlet.size.width)}` }}
      aria-label={title}
      component="section"
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text fw={600} truncate>
          {title}
        </Text>
        <Menu position="bottom-end">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions of ${title}`}>
              ⋯
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item color="red" onClick={onRemove}>
              Remove from dashboard
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {!isChart ? (
        <Text size="sm">{String(dashlet.config.text ?? '')}</Text>
      ) : data.isPending ? (
        <Center h={HEIGHT}>
          <Loader size="sm" />
        </Center>
      ) : data.isError ? (
        <Center h={HEIGHT}>
          <Text c={errorInfo(data.error).status === 403 ? 'orange' : 'red'} size="sm" ta="center" maw={360}>
            {errorInfo(data.error).status === 403 ? 'Not permitted: ' : ''}
            {errorInfo(data.error).message}
          </Text>
        </Center>
      ) : (
        <>
          <ChartOf data={data.data} />
          <Text size="xs" c="dimmed" mt="xs">
            As {data.data.as.userId ? `user ${data.data.as.userId}` : data.data.as.roles.join(', ')}
          </Text>
        </>
      )}
    </Card>
  );
}
