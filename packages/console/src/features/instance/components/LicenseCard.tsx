import { useState, type ReactNode } from 'react';
import { Alert, Badge, Button, FileButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileCertificate, IconInfoCircle, IconReplace } from '@tabler/icons-react';
import type { LicenseInfo } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { errorInfo } from '../../../lib/errors';
import { useReplaceCluster, useUploadLicense } from '../api/instance.queries';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

const limit = (n: number | null) => (n === null ? 'No limit' : n.toLocaleString('en'));

/** The server's answer to an upload or a replace, in its own words: a refusal is information here, not a failure. */
function ServerAnswer({ what, error, done }: { what: string; error: unknown; done: boolean }) {
  if (error) {
    const info = errorInfo(error);
    return (
      <Alert
        color={info.status === 400 ? 'blue' : 'red'}
        variant="light"
        icon={<IconInfoCircle size={18} stroke={1.5} />}
        title={`The server did not take the ${what}`}
        role="alert"
      >
        <Text size="sm">{info.message}</Text>
        {info.status !== undefined && (
          <Text className="mono" size="xs" c="dimmed" mt={4}>
            {[info.code, info.status].filter((v) => v !== undefined).join(' · ')}
          </Text>
        )}
      </Alert>
    );
  }
  if (done)
    return (
      <Alert color="teal" variant="light" role="status">
        The server took the {what}.
      </Alert>
    );
  return null;
}

/**
 * The instance's licence (`license` group): on the open self-hosted edition nothing needs one, and
 * the server says so when a licence is uploaded or its cluster replaced; both answers show as given.
 */
export function LicenseCard({ license }: { license: LicenseInfo }) {
  const upload = useUploadLicense();
  const replace = useReplaceCluster();
  const [confirmReplace, setConfirmReplace] = useState(false);
  const [last, setLast] = useState<'upload' | 'replace'>();

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="license-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Title order={2} id="license-title">
              Licence
            </Title>
            <Badge variant="light" color="teal" radius="sm">
              {license.edition === 'open' ? 'Open edition' : license.edition}
            </Badge>
          </Group>
          <Group gap="xs">
            <FileButton
              onChange={(file) => {
                if (!file) return;
                setLast('upload');
                replace.reset();
                upload.mutate(file);
              }}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  leftSection={<IconFileCertificate size={18} stroke={1.5} />}
                  loading={upload.isPending}
                >
                  Upload licence file
                </Button>
              )}
            </FileButton>
            <Button
              variant="default"
              leftSection={<IconReplace size={18} stroke={1.5} />}
              onClick={() => {
                replace.reset();
                setConfirmReplace(true);
              }}
            >
              Replace cluster
            </Button>
          </Group>
        </Group>
        <Text size="sm" c="dimmed">
          {license.licenseRequired
            ? 'This server needs a licence to run.'
            : 'This self-hosted server needs no licence: every area works without one, and none is stored.'}
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
          <Field label="Licensed">{license.licensed ? 'Yes' : 'No (none needed)'}</Field>
          <Field label="Licence required">{license.licenseRequired ? 'Yes' : 'No'}</Field>
          <Field label="Apps">{limit(license.limits.apps)}</Field>
          <Field label="Developers">{limit(license.limits.developers)}</Field>
          <Field label="Nodes">{limit(license.limits.nodes)}</Field>
        </SimpleGrid>
        {last === 'upload' && <ServerAnswer what="licence file" error={upload.error} done={upload.isSuccess} />}
        {last === 'replace' && (
          <ServerAnswer what="cluster replacement" error={replace.error} done={replace.isSuccess} />
        )}
      </Stack>
      <ConfirmModal
        opened={confirmReplace}
        onClose={() => setConfirmReplace(false)}
        title="Replace the licence's cluster?"
        confirmLabel="Replace cluster"
        destructive={false}
        onConfirm={() => {
          setConfirmReplace(false);
          setLast('replace');
          upload.reset();
          replace.mutate();
        }}
      >
        A licensed server moves its licence to the nodes listed below; the nodes it was bound to stop being licensed.
      </ConfirmModal>
    </Paper>
  );
}
