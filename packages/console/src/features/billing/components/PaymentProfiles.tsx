import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconCheck,
  IconCreditCard,
  IconDots,
  IconExternalLink,
  IconFileInvoice,
  IconPlus,
  IconTrash,
  IconWallet,
} from '@tabler/icons-react';
import type { PaymentProfile } from '@basalt/shared';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useDeletePaymentProfile, usePaymentProfiles, useSetAppPaymentProfile } from '../api/billing.queries';
import { AddProfileModal } from './AddProfileModal';

const STATUS = {
  active: { color: 'teal', label: 'active' },
  pending: { color: 'orange', label: 'card not entered yet' },
  detached: { color: 'gray', label: 'detached at the provider' },
} as const;

function ProfileCard({
  profile,
  appId,
  paysForThisApp,
  onDelete,
}: {
  profile: PaymentProfile;
  appId?: string;
  paysForThisApp: boolean;
  onDelete: () => void;
}) {
  const setForApp = useSetAppPaymentProfile(appId ?? '');
  const stripe = profile.provider === 'stripe';
  return (
    <Card withBorder radius="md" padding="lg" data-testid={`profile-${profile.name}`}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon size={36} radius="md" variant="light" color={stripe ? 'violet' : 'indigo'}>
            {stripe ? <IconCreditCard size={20} stroke={1.5} /> : <IconFileInvoice size={20} stroke={1.5} />}
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {profile.name}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {stripe ? 'Card through Stripe' : 'By invoice'} · {profile.email}
            </Text>
          </div>
        </Group>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" aria-label={`Actions for profile ${profile.name}`}>
              <IconDots size={16} stroke={1.5} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item color="red" leftSection={<IconTrash size={16} stroke={1.5} />} onClick={onDelete}>
              Delete profile
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Stack gap={6} mt="sm">
        <Group gap="xs">
          <Badge variant="light" color={STATUS[profile.status].color}>
            {STATUS[profile.status].label}
          </Badge>
          {paysForThisApp && (
            <Badge variant="filled" color="indigo" leftSection={<IconCheck size={12} />}>
              pays for this app
            </Badge>
          )}
        </Group>
        {profile.card && (
          <Text size="sm" data-testid="profile-card">
            {profile.card.brand} ending in {profile.card.last4}, expires{' '}
            {String(profile.card.expMonth).padStart(2, '0')}/{profile.card.expYear}
          </Text>
        )}
        {(profile.company || profile.address) && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {[profile.company, profile.address].filter(Boolean).join('\n')}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {profile.apps.length === 0
            ? 'Pays for no app yet.'
            : `Pays for ${profile.apps.map((a) => `${a.appName} (${a.line})`).join(', ')}.`}
        </Text>
        <Group gap="xs" mt={4}>
          {stripe && profile.setupUrl && profile.status === 'pending' && (
            <Button
              component="a"
              href={profile.setupUrl}
              size="xs"
              variant="light"
              color="violet"
              rightSection={<IconExternalLink size={14} />}
            >
              Enter the card on Stripe
            </Button>
          )}
          {appId && !paysForThisApp && profile.status === 'active' && (
            <Button
              size="xs"
              variant="default"
              loading={setForApp.isPending}
              onClick={() =>
                setForApp.mutate(profile.id, {
                  onSuccess: () =>
                    notifications.show({ color: 'teal', message: `${profile.name} now pays for this app.` }),
                })
              }
            >
              Use for this app
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * The developer's payment profiles (decision 0089; account level, shown in an app's billing and on
 * the account). Adding one never asks for a card: Stripe profiles send the developer to Stripe's
 * page. With an app, each active profile can be made the one that pays for it.
 */
export function PaymentProfiles({
  appId,
  currentProfileId,
  defaultEmail,
}: {
  appId?: string;
  currentProfileId?: string | null;
  defaultEmail?: string;
}) {
  const profiles = usePaymentProfiles();
  const remove = useDeletePaymentProfile();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PaymentProfile>();

  const added = (made: PaymentProfile) => {
    setAdding(false);
    if (made.provider === 'stripe' && made.setupUrl) {
      // The card is typed on Stripe's own page; Stripe sends the developer back when it is done.
      window.location.assign(made.setupUrl);
      return;
    }
    notifications.show({ color: 'teal', message: `Payment profile ${made.name} added.` });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <div>
          <Title order={3}>Payment profiles</Title>
          <Text size="sm" c="dimmed">
            Who pays, and how. Profiles belong to your account and can pay for any of your apps.
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} stroke={1.5} />} onClick={() => setAdding(true)}>
          Add profile
        </Button>
      </Group>
      {profiles.isPending ? (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <Skeleton height={150} radius="md" />
          <Skeleton height={150} radius="md" />
        </SimpleGrid>
      ) : profiles.isError ? (
        <ErrorAlert error={profiles.error} onRetry={() => void profiles.refetch()} />
      ) : profiles.data.length === 0 ? (
        <Card withBorder radius="md" padding="xl" data-testid="profiles-empty">
          <Stack align="center" gap="xs">
            <ThemeIcon size={44} radius="xl" variant="light" color="gray">
              <IconWallet size={24} stroke={1.5} />
            </ThemeIcon>
            <Text fw={600}>No payment profiles yet</Text>
            <Text size="sm" c="dimmed" maw={480} ta="center">
              A profile says who is billed for an app on a priced plan: by invoice, or by card through Stripe.
            </Text>
            <Button variant="light" onClick={() => setAdding(true)}>
              Add your first profile
            </Button>
          </Stack>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="profiles-list">
          {profiles.data.map((p) => (
            <ProfileCard
              key={p.id}
              profile={p}
              appId={appId}
              paysForThisApp={!!appId && p.id === currentProfileId}
              onDelete={() => {
                remove.reset();
                setDeleting(p);
              }}
            />
          ))}
        </SimpleGrid>
      )}

      <AddProfileModal opened={adding} onClose={() => setAdding(false)} onAdded={added} defaultEmail={defaultEmail} />
      <ConfirmModal
        opened={!!deleting}
        onClose={() => setDeleting(undefined)}
        title={`Delete payment profile ${deleting?.name ?? ''}?`}
        confirmLabel="Delete profile"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: `Payment profile ${deleting.name} deleted.` });
              setDeleting(undefined);
            },
          })
        }
      >
        The profile is removed from your account. A profile that pays for an app cannot be deleted: give the app another
        profile first.
      </ConfirmModal>
    </Stack>
  );
}
