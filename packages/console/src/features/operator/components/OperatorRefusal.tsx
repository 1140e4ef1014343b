import { Link } from 'react-router';
import { Button, Card, Code, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { OperatorInfo } from '@basalt/shared';

/**
 * The 403 page of the Operator area: says who may open it and how the server decides, so a
 * developer who should be an operator knows what to ask for (decision 0082: the role follows
 * BASALT_ADMINS, or the first registered developer when it is empty).
 */
export function OperatorRefusal({ operatorsFrom }: { operatorsFrom: OperatorInfo['operatorsFrom'] }) {
  return (
    <Card withBorder radius="md" padding="xl" maw={640} mx="auto" mt="xl" data-testid="operator-refused">
      <Stack gap="sm" align="flex-start">
        <ThemeIcon size={44} radius="xl" variant="light" color="orange">
          <IconLock size={24} stroke={1.5} />
        </ThemeIcon>
        <Text className="mono" size="xs" c="dimmed">
          403 · Forbidden
        </Text>
        <Title order={2}>Only the operators of this server can open the Operator area</Title>
        <Text size="sm">
          The Operator area manages the whole server: plans, invoices of every app, feature switches and moderation.
          Your account is not one of its operators.
        </Text>
        <Text size="sm" c="dimmed">
          {operatorsFrom === 'BASALT_ADMINS' ? (
            <>
              Operators are the accounts whose e-mail is listed in <Code>BASALT_ADMINS</Code>. Ask whoever runs this
              server to add yours.
            </>
          ) : (
            <>
              <Code>BASALT_ADMINS</Code> is empty on this server, so its only operator is the developer who registered
              first. Ask whoever runs this server to list your e-mail in <Code>BASALT_ADMINS</Code>.
            </>
          )}
        </Text>
        <Button component={Link} to="/apps" variant="default" mt="xs">
          Back to your apps
        </Button>
      </Stack>
    </Card>
  );
}
