import { useState } from 'react';
import { useParams } from 'react-router';
import { List, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DevOperations } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useGetApps } from '../../apps';
import { useGetHIPAACompliance, useLoadPanicMode, useSetHIPAACompliance, useSetPanicMode } from '../api/safety.queries';
import { useCan } from '../api/use-can';
import { SafetySwitchCard } from '../components/SafetySwitchCard';
import { CacheRulesCard } from '../../cache-control';

export default function SafetyPage() {
  const { appId = '' } = useParams();
  const apps = useGetApps();
  const panic = useLoadPanicMode(appId);
  const hipaa = useGetHIPAACompliance(appId);
  const setPanic = useSetPanicMode(appId);
  const setHipaa = useSetHIPAACompliance(appId);
  const canPanic = useCan(appId, DevOperations.PANIC_MODE);
  const canHipaa = useCan(appId, DevOperations.HIPAA);
  const canCache = useCan(appId, DevOperations.CACHE_CONTROL);
  const [message, setMessage] = useState('');

  if (panic.isError) return <ErrorAlert error={panic.error} onRetry={() => void panic.refetch()} />;
  if (hipaa.isError) return <ErrorAlert error={hipaa.error} onRetry={() => void hipaa.refetch()} />;
  if (panic.isPending || hipaa.isPending || apps.isPending) return <PageSkeleton rows={4} />;
  const appName = apps.data?.find((a) => a.id === appId)?.appName ?? appId;

  return (
    <Stack gap="md" maw={880}>
      <SafetySwitchCard
        title="Panic mode"
        noun="panic mode"
        description={
          panic.data.enabled
            ? `On since ${panic.data.since ? new Date(panic.data.since).toLocaleString() : 'a moment ago'}. Apps get: “${panic.data.message ?? 'The application is temporarily unavailable'}”.`
            : 'Stops the app API at once, for a leak or an attack, while you keep working in the console.'
        }
        enabled={panic.data.enabled}
        onColor="red"
        appName={appName}
        disabledReason={canPanic.reason}
        onOpen={() => setPanic.reset()}
        loading={setPanic.isPending}
        consequencesOn={
          <List size="sm" spacing={4}>
            <List.Item>Every app API call (data, users, files, messaging) answers 503 with your message.</List.Item>
            <List.Item>Signed-in app users stay signed in; their calls fail until you turn it off.</List.Item>
            <List.Item>The console keeps working.</List.Item>
          </List>
        }
        consequencesOff={<>The app API answers calls again right away.</>}
        onSet={(enabled) =>
          setPanic.mutate(
            { enabled, message: message.trim() || undefined },
            {
              onSuccess: () =>
                notifications.show({
                  color: enabled ? 'red' : 'teal',
                  title: enabled ? 'Panic mode is on' : 'Panic mode is off',
                  message: enabled ? 'The app API answers 503.' : 'The app API answers again.',
                }),
            },
          )
        }
      >
        {!panic.data.enabled && (
          <TextInput
            label="Message for apps while panic mode is on"
            placeholder="The application is temporarily unavailable"
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            maxLength={500}
            maw={560}
          />
        )}
      </SafetySwitchCard>

      <SafetySwitchCard
        title="HIPAA compliance"
        noun="HIPAA compliance"
        description={
          hipaa.data.enabled
            ? 'On: every data read through the app API is recorded in the audit log, with who read what.'
            : 'For apps that hold health data: records every read of data through the app API in the audit log.'
        }
        enabled={hipaa.data.enabled}
        onColor="blue"
        appName={appName}
        disabledReason={canHipaa.reason}
        onOpen={() => setHipaa.reset()}
        loading={setHipaa.isPending}
        consequencesOn={
          <List size="sm" spacing={4}>
            <List.Item>Each data read through the app API adds an audit entry (user, table, time).</List.Item>
            <List.Item>The audit log grows much faster; download and prune it regularly.</List.Item>
            <List.Item>A blue banner shows the state on every screen of this app.</List.Item>
          </List>
        }
        consequencesOff={<>Reads are no longer recorded. Entries already in the audit log stay.</>}
        onSet={(enabled) =>
          setHipaa.mutate(enabled, {
            onSuccess: () =>
              notifications.show({
                color: 'teal',
                title: enabled ? 'HIPAA compliance is on' : 'HIPAA compliance is off',
                message: enabled ? 'Data reads are audited.' : 'Data reads are no longer audited.',
              }),
          })
        }
      />

      <CacheRulesCard appId={appId} disabledReason={canCache.reason} />
    </Stack>
  );
}
