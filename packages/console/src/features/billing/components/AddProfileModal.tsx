import { useEffect } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle, IconExternalLink, IconLock } from '@tabler/icons-react';
import type { PaymentProfile } from '@basalt/shared';
import { errorInfo } from '../../../lib/errors';
import { useAddPaymentProfile } from '../api/billing.queries';

interface Values {
  provider: 'manual' | 'stripe';
  name: string;
  email: string;
  company: string;
  address: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Adds a payment profile (decision 0089). There is no card field, on purpose: a manual profile is
 * paid by invoice, and a Stripe profile opens Stripe's own page where the card is typed. A card
 * number typed anywhere is refused by the server (RAW_CARD_DATA_REFUSED), and its message shows
 * at the top of the form.
 */
export function AddProfileModal({
  opened,
  onClose,
  onAdded,
  defaultEmail,
}: {
  opened: boolean;
  onClose: () => void;
  onAdded: (profile: PaymentProfile) => void;
  defaultEmail?: string;
}) {
  const add = useAddPaymentProfile();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { provider: 'manual', name: '', email: defaultEmail ?? '', company: '', address: '' },
    validateInputOnBlur: true,
    validate: {
      name: (v) => (v.trim() ? null : 'Name the profile, e.g. your company or "Personal"'),
      email: (v) => (EMAIL.test(v.trim()) ? null : 'Type the e-mail address invoices go to'),
    },
  });

  useEffect(() => {
    if (opened) {
      form.reset();
      if (defaultEmail) form.setFieldValue('email', defaultEmail);
      add.reset();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset once per opening
  }, [opened]);

  const info = add.error ? errorInfo(add.error) : undefined;
  // Field errors sit under their field; anything else (a refused card number) at the top.
  const topError = info && !(info.field && info.field in form.values) ? info : undefined;

  const submit = form.onSubmit((v) =>
    add.mutate(
      {
        provider: v.provider,
        name: v.name.trim(),
        email: v.email.trim(),
        company: v.company.trim(),
        address: v.address.trim(),
      },
      { onSuccess: (made) => onAdded(made) },
    ),
  );

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={600}>Add a payment profile</Text>} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {topError && (
            <Alert
              color="red"
              variant="light"
              role="alert"
              icon={<IconAlertTriangle size={18} stroke={1.5} />}
              title={topError.code === 'RAW_CARD_DATA_REFUSED' ? 'Card numbers are never accepted here' : undefined}
              data-testid="profile-error"
            >
              <Text size="sm">{topError.message}</Text>
              {topError.code !== undefined && (
                <Text className="mono" size="xs" c="dimmed" mt={4}>
                  {topError.code}
                </Text>
              )}
            </Alert>
          )}
          <Radio.Group label="How it is paid" {...form.getInputProps('provider')}>
            <Stack gap="xs" mt={6}>
              <Radio
                value="manual"
                label="By invoice"
                description="The operator of this server sends invoices and records the payments."
              />
              <Radio
                value="stripe"
                label="By card, through Stripe"
                description="You enter the card on Stripe's own page; this server never sees its number."
              />
            </Stack>
          </Radio.Group>
          <TextInput label="Profile name" withAsterisk {...form.getInputProps('name')} />
          <TextInput
            label="Billing e-mail"
            withAsterisk
            type="email"
            {...form.getInputProps('email')}
            error={form.errors.email ?? (info?.field === 'email' ? info.message : undefined)}
          />
          <TextInput label="Company" {...form.getInputProps('company')} />
          <Textarea label="Billing address" autosize minRows={2} maxRows={5} {...form.getInputProps('address')} />
          {form.values.provider === 'stripe' && (
            <Alert variant="light" color="blue" icon={<IconLock size={18} stroke={1.5} />}>
              After saving, continue to Stripe to enter the card. The profile stays pending until Stripe confirms it.
            </Alert>
          )}
          {info?.field === 'provider' && (
            <Text size="sm" c="red">
              {info.message}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button
              type="submit"
              loading={add.isPending}
              rightSection={form.values.provider === 'stripe' ? <IconExternalLink size={16} /> : undefined}
            >
              {form.values.provider === 'stripe' ? 'Save and continue to Stripe' : 'Add profile'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
