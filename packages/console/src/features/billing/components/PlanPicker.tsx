import { Badge, Button, Card, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import type { BillingPeriod, Plan } from '@basalt/shared';
import { amount, price } from './usage-format';

/** The plans side by side: price for the chosen period, the finite limits, and a switch button. */
export function PlanPicker({
  plans,
  period,
  currentPeriod,
  onPick,
}: {
  plans: Plan[];
  period: BillingPeriod;
  /** The app's period now: the current plan on the other period can still be chosen. */
  currentPeriod?: BillingPeriod;
  onPick: (plan: Plan) => void;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="plan-picker">
      {plans.map((p) => {
        const finite = p.components.filter((c) => c.limit !== null);
        const isCurrent = p.current && period === currentPeriod;
        return (
          <Card key={p.id} withBorder radius="md" padding="lg" data-testid={`plan-${p.id}`}>
            <Stack gap="sm" h="100%">
              <Group justify="space-between">
                <Text fw={600}>{p.name}</Text>
                <Group gap={4}>
                  {!p.public && (
                    <Badge variant="light" color="grape">
                      private
                    </Badge>
                  )}
                  {p.current && <Badge variant="filled">Current</Badge>}
                </Group>
              </Group>
              <Text size="xl" fw={700}>
                {price(p.periods[period])}
                {p.periods[period] > 0 && (
                  <Text span size="sm" c="dimmed">
                    {' '}
                    / {period === 'monthly' ? 'month' : 'year'}
                  </Text>
                )}
              </Text>
              {finite.length === 0 ? (
                <Text size="sm" c="dimmed">
                  No limits
                </Text>
              ) : (
                <List size="sm" spacing={2}>
                  {finite.map((c) => (
                    <List.Item key={c.id}>
                      {c.name}: {amount(c.unit, c.limit ?? 0)}
                    </List.Item>
                  ))}
                </List>
              )}
              <Button
                mt="auto"
                variant={isCurrent ? 'default' : 'filled'}
                disabled={isCurrent}
                onClick={() => onPick(p)}
              >
                {isCurrent ? 'Current plan' : p.current ? `Pay ${period}` : `Switch to ${p.name}`}
              </Button>
            </Stack>
          </Card>
        );
      })}
    </SimpleGrid>
  );
}
