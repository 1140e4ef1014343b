import { useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorInfo } from '../../../lib/errors';
import { useGet2FAState, useGetAccountInfo, useUpdate2FAState } from '../api/account.queries';
import { TwoFactorEnrolment } from './TwoFactorEnrolment';
import { DisableTwoFactorModal } from './DisableTwoFactorModal';
import { RegenerateRecoveryCodesModal } from './RegenerateRecoveryCodesModal';

export function TwoFactorCard() {
  const state = useGet2FAState();
  const update = useUpdate2FAState();
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [disabling, setDisabling] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  const email = useGetAccountInfo().data?.email;

  const confirmed = !!state.data?.enabled && !state.data.pendingConfirmation;
  // Enrolment started in an earlier visit and never confirmed: the secret is gone, so offer to redo or drop it.
  const abandoned = !!state.data?.pendingConfirmation && !enrolment;

  const start = () =>
    update.mutate(
      { enabled: true },
      {
        onSuccess: (answer) => {
          if (answer.secret && answer.otpauthUri)
            setEnrolment({ secret: answer.secret, otpauthUri: answer.otpauthUri });
        },
      },
    );

  const onSwitch = (checked: boolean) => {
    if (checked && !confirmed && !enrolment) start();
    else if (!checked && confirmed) setDisabling(true);
    else if (!checked && enrolment) update.mutate({ enabled: false }, { onSuccess: () => setEnrolment(null) });
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="lg">
        <div>
          <Group gap="sm">
            <Title order={2} id="two-factor-title">
              Two-factor sign-in
            </Title>
            {confirmed && (
              <Badge color="teal" variant="light" size="sm">
                On
              </Badge>
            )}
            {enrolment && !confirmed && (
              <Badge color="blue" variant="light" size="sm">
                Setting up
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed" mt={4}>
            Ask for a code from an authenticator app after the password, so a leaked password alone cannot open your
            account.
          </Text>
        </div>
        {state.isPending ? (
          <Skeleton w={48} h={24} radius="xl" />
        ) : (
          <Switch
            label="Require a code at sign-in"
            labelPosition="left"
            size="md"
            checked={confirmed}
            onChange={(event) => onSwitch(event.currentTarget.checked)}
            disabled={update.isPending || state.isError}
            styles={{ label: { whiteSpace: 'nowrap' } }}
          />
        )}
      </Group>
      {state.isError && (
        <Stack mt="md">
          <ErrorAlert error={state.error} onRetry={() => void state.refetch()} />
        </Stack>
      )}
      {update.isError && !enrolment && (
        <Alert color="red" variant="light" mt="md" role="alert">
          {errorInfo(update.error).message}
        </Alert>
      )}
      {abandoned && (
        <Alert
          color="orange"
          variant="light"
          mt="md"
          icon={<IconAlertTriangle size={18} stroke={1.5} />}
          title="Setup was not finished"
        >
          <Text size="sm">
            Two-factor setup started earlier but no code was confirmed. Start again to get a new key, or cancel it.
          </Text>
          <Group gap="sm" mt="sm">
            <Button size="xs" onClick={start} loading={update.isPending}>
              Start again
            </Button>
            <Button size="xs" variant="default" onClick={() => update.mutate({ enabled: false })}>
              Cancel setup
            </Button>
          </Group>
        </Alert>
      )}
      {enrolment && (
        <TwoFactorEnrolment
          secret={enrolment.secret}
          otpauthUri={enrolment.otpauthUri}
          email={email}
          onDone={() => setEnrolment(null)}
        />
      )}
      {confirmed && !enrolment && state.data?.recoveryCodesLeft !== undefined && (
        <Group
          justify="space-between"
          mt="md"
          pt="md"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <div>
            <Text size="sm" fw={600}>
              Recovery codes
            </Text>
            <Text
              size="sm"
              c={state.data.recoveryCodesLeft <= 3 ? 'orange' : 'dimmed'}
              data-testid="recovery-codes-left"
            >
              {state.data.recoveryCodesLeft === 0
                ? 'No recovery codes left: make new ones.'
                : `${state.data.recoveryCodesLeft} of 10 left — each signs in once without your phone.`}
            </Text>
          </div>
          <Button variant="default" size="xs" onClick={() => setRegenerating(true)}>
            Make new codes
          </Button>
        </Group>
      )}
      <RegenerateRecoveryCodesModal opened={regenerating} email={email} onClose={() => setRegenerating(false)} />
      <DisableTwoFactorModal opened={disabling} onClose={() => setDisabling(false)} />
    </Paper>
  );
}
