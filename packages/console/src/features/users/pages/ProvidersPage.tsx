import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, Drawer, Group, Menu, Stack, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { DevOperations } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { useCan } from '../../security';
import { useOAuthProviders, useOAuthTemplates, useRemoveOAuthProvider, type OAuthVersion } from '../api/users.queries';
import { ProviderCards } from '../components/ProviderCards';
import { ProviderForm } from '../components/ProviderForm';

/** OAuth 1 and 2 providers; `/providers/:provider` opens one in a drawer (`new?v=2&template=github` adds one). */
export default function ProvidersPage() {
  const { appId = '', provider } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const base = `/apps/${appId}/users/providers`;
  const v1 = useOAuthProviders(appId, 1);
  const v2 = useOAuthProviders(appId, 2);
  const t1 = useOAuthTemplates(appId, 1);
  const t2 = useOAuthTemplates(appId, 2);
  const can = useCan(appId, DevOperations.OAUTH_PROVIDERS);
  const [removing, setRemoving] = useState(false);

  const fromV1 = v1.data?.find((p) => p.id === provider);
  const editing = fromV1 ?? v2.data?.find((p) => p.id === provider);
  const version: OAuthVersion = editing ? (fromV1 ? 1 : 2) : params.get('v') === '1' ? 1 : 2;
  const remove = useRemoveOAuthProvider(appId, version);
  const templateCode = provider === 'new' ? (params.get('template') ?? undefined) : undefined;
  const template = (version === 1 ? t1.data : t2.data)?.find((t) => t.code === templateCode);
  const open = !!editing || provider === 'new';
  const close = () => void navigate(base);

  if (v1.isError || v2.isError)
    return (
      <ErrorAlert
        error={v1.error ?? v2.error}
        onRetry={() => {
          void v1.refetch();
          void v2.refetch();
        }}
      />
    );
  if (v1.isPending || v2.isPending) return <PageSkeleton rows={4} />;

  const addMenu = (v: OAuthVersion) => (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Tooltip label={can.reason} disabled={can.allowed}>
          <Button size="xs" leftSection={<IconPlus size={16} />} disabled={!can.allowed}>
            Add OAuth {v} provider
          </Button>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        {((v === 1 ? t1.data : t2.data) ?? []).map((t) => (
          <Menu.Item key={t.code} onClick={() => void navigate(`${base}/new?v=${v}&template=${t.code}`)}>
            {t.name}
          </Menu.Item>
        ))}
        {v === 2 && <Menu.Item onClick={() => void navigate(`${base}/new?v=2`)}>Custom provider…</Menu.Item>}
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <Stack gap="lg">
      {([2, 1] as const).map((v) => (
        <Stack key={v} gap="sm">
          <Group justify="space-between">
            <Title order={2}>OAuth {v}</Title>
            {addMenu(v)}
          </Group>
          <ProviderCards
            appId={appId}
            version={v}
            providers={(v === 1 ? v1.data : v2.data) ?? []}
            onEdit={(p) => void navigate(`${base}/${p.id}`)}
            disabled={!can.allowed}
          />
        </Stack>
      ))}
      <Drawer
        opened={open}
        onClose={close}
        position="right"
        size={480}
        title={
          editing
            ? `${editing.name} (OAuth ${version})`
            : `New OAuth ${version} provider${template ? `: ${template.name}` : ''}`
        }
      >
        {open && (
          <Stack gap="md">
            <ProviderForm
              key={provider + (templateCode ?? '')}
              appId={appId}
              version={version}
              initial={editing ?? (template as Partial<typeof editing> | undefined) ?? {}}
              templateCode={templateCode}
              disabledReason={can.reason}
              onCancel={close}
              onSaved={(p) => {
                notifications.show({
                  color: 'teal',
                  title: 'Provider saved',
                  message: `${p.name} is ${p.enabled ? 'enabled' : 'disabled'}.`,
                });
                close();
              }}
            />
            {editing && (
              <Button
                color="red"
                variant="subtle"
                onClick={() => {
                  remove.reset();
                  setRemoving(true);
                }}
                disabled={!can.allowed}
              >
                Remove provider
              </Button>
            )}
          </Stack>
        )}
      </Drawer>
      <ConfirmModal
        opened={removing}
        onClose={() => setRemoving(false)}
        title={`Remove ${editing?.name ?? 'provider'}?`}
        confirmLabel="Remove provider"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          editing &&
          remove.mutate(editing.id, {
            onSuccess: () => {
              setRemoving(false);
              close();
            },
          })
        }
      >
        Users can no longer sign in with <b>{editing?.name}</b>. Their accounts stay.
      </ConfirmModal>
    </Stack>
  );
}
