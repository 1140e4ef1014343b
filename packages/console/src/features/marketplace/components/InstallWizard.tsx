import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  List,
  Loader,
  Modal,
  NumberInput,
  PasswordInput,
  Select,
  Stack,
  Stepper,
  Switch,
  Table,
  Text,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { IconCheck, IconCreditCard, IconX } from '@tabler/icons-react';
import type { MarketplaceInstall, MarketplaceProduct, ProductConfigItem, ProductVersion } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { errorInfo, fieldError } from '../../../lib/errors';
import { useInstallProduct, useUiContainers, useUpgradeDiff } from '../api/marketplace.queries';
import { kindLabel, priceLabel } from './product-format';

type Values = Record<string, string | number | boolean>;

function initialValues(items: ProductConfigItem[], current?: Record<string, unknown>): Values {
  const values: Values = {};
  for (const item of items) {
    const existing = current?.[item.name];
    if (typeof existing === 'string' || typeof existing === 'number' || typeof existing === 'boolean')
      values[item.name] = existing;
    else if (item.defaultValue !== undefined) values[item.name] = item.defaultValue;
    else values[item.name] = item.type === 'boolean' ? false : '';
  }
  return values;
}

function ConfigField({
  item,
  value,
  onChange,
  error,
}: {
  item: ProductConfigItem;
  value: string | number | boolean;
  onChange: (v: string | number | boolean) => void;
  error?: string;
}) {
  const label = item.label || item.name;
  const common = { label, required: item.required, error, description: item.label ? item.name : undefined };
  switch (item.type) {
    case 'secret':
      return (
        <PasswordInput
          {...common}
          autoComplete="off"
          value={String(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
    case 'number':
      return (
        <NumberInput
          {...common}
          value={typeof value === 'number' ? value : value !== '' && !Number.isNaN(Number(value)) ? Number(value) : ''}
          onChange={(v) => onChange(v === '' ? '' : Number(v))}
        />
      );
    case 'boolean':
      return (
        <Switch
          label={label}
          description={common.description}
          error={error}
          checked={value === true || value === 'true'}
          onChange={(e) => onChange(e.currentTarget.checked)}
        />
      );
    default:
      return <TextInput {...common} value={String(value)} onChange={(e) => onChange(e.currentTarget.value)} />;
  }
}

/**
 * Install into the current app (docs/console-screens.md §2.15): version (and, for a UI component, the
 * container), configuration (secrets as password inputs), a confirmation naming the price, what it adds and
 * its dependencies, then progress and the server's answer. Installing another version is the upgrade, with
 * the diff in the confirmation.
 */
export function InstallWizard({
  opened,
  onClose,
  appId,
  product,
  versions,
  installed,
  targetVersion,
  installedProductIds,
}: {
  opened: boolean;
  onClose: () => void;
  appId: string;
  product: MarketplaceProduct;
  /** Approved versions, newest first. */
  versions: ProductVersion[];
  installed?: MarketplaceInstall;
  /** The version the wizard starts on (the newest, or the upgrade's). */
  targetVersion?: string;
  installedProductIds: Set<string>;
}) {
  const [step, setStep] = useState(0);
  const [version, setVersion] = useState<string | null>(targetVersion ?? versions[0]?.version ?? null);
  const [container, setContainer] = useState<string | null>(null);
  const [withDependencies, setWithDependencies] = useState(true);
  const chosen = versions.find((v) => v.version === version);
  const items = useMemo(() => chosen?.configuration ?? [], [chosen]);
  const [values, setValues] = useState<Values>({});
  const [progress, setProgress] = useState<'allocate' | 'install' | null>(null);
  const isUi = product.kind === 'ui-component';
  const containers = useUiContainers(appId, opened && isUi);
  const install = useInstallProduct(appId, product.id);
  // The version installed when the wizard opened: the install it makes must not rename the wizard under the developer.
  const [from, setFrom] = useState<string | null>(installed?.version ?? null);
  const upgrading = !!from && from !== version;
  const diff = useUpgradeDiff(appId, product.id, opened && upgrading && step === 2 ? version : null);

  useEffect(() => {
    if (!opened) return;
    setStep(0);
    setVersion(targetVersion ?? versions[0]?.version ?? null);
    setProgress(null);
    setFrom(installed?.version ?? null);
    install.reset();
    // Only when the wizard opens: the rest is the developer's choices.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened]);
  useEffect(() => setValues(initialValues(items, installed?.configuration)), [items, installed]);
  useEffect(() => {
    if (!container && containers.data?.length) {
      const current = installed?.target.startsWith('ui-builder:') ? installed.target.slice('ui-builder:'.length) : null;
      setContainer(current ?? containers.data[0]);
    }
  }, [containers.data, container, installed]);

  const missingDeps = (chosen?.dependencies ?? []).filter((d) => !installedProductIds.has(d.productId));
  const missingRequired = items.filter((i) => i.required && i.type !== 'boolean' && values[i.name] === '');
  const canNext0 = !!chosen && (!isUi || !!container) && (missingDeps.length === 0 || withDependencies);

  const run = () => {
    setStep(3);
    const configuration: Record<string, unknown> = {};
    for (const item of items) {
      const value = values[item.name];
      if (value === '') continue;
      // Defaults may come back as text ("5"); the server checks a number item's type strictly.
      configuration[item.name] =
        item.type === 'number' ? Number(value) : item.type === 'boolean' ? value === true || value === 'true' : value;
    }
    install.mutate({
      input: {
        version: version ?? undefined,
        configuration,
        ...(isUi && container ? { containerName: container } : {}),
        ...(missingDeps.length ? { withDependencies } : {}),
      },
      onStep: setProgress,
    });
  };

  const info = install.error ? errorInfo(install.error) : undefined;
  const paymentRequired = info?.status === 402 || info?.code === 'PAYMENT_REQUIRED';
  const configFieldBlamed = info?.fields.some((f) => items.some((i) => i.name === f.field));
  const title = from
    ? upgrading
      ? `Upgrade ${product.name}`
      : `Reinstall ${product.name}`
    : `Install ${product.name}`;

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      closeOnClickOutside={!install.isPending}
      closeButtonProps={{ 'aria-label': 'Close the wizard' }}
    >
      <Stepper
        active={step}
        size="sm"
        allowNextStepsSelect={false}
        onStepClick={(s) => !install.isPending && s < 3 && setStep(s)}
      >
        <Stepper.Step label="Version">
          <Stack gap="md" mt="md">
            <Select
              label="Version"
              data={versions.map((v) => ({
                value: v.version,
                label: `${v.version}${v === versions[0] ? ' (newest)' : ''}${installed?.version === v.version ? ' — installed' : ''}`,
              }))}
              value={version}
              onChange={setVersion}
              allowDeselect={false}
              error={fieldError(install.error, 'version')}
            />
            {chosen?.notes && (
              <Text size="sm" c="dimmed">
                {chosen.notes}
              </Text>
            )}
            {isUi &&
              (containers.isError ? (
                <ErrorAlert error={containers.error} onRetry={() => void containers.refetch()} />
              ) : (
                <Select
                  label="UI Builder container"
                  description="The UI component goes into this container of the app."
                  data={containers.data ?? []}
                  value={container}
                  onChange={setContainer}
                  disabled={containers.isPending}
                  allowDeselect={false}
                  error={fieldError(install.error, 'containerName')}
                />
              ))}
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Dependencies
              </Text>
              {(chosen?.dependencies ?? []).length === 0 ? (
                <Text size="sm" c="dimmed">
                  None: this version needs no other product.
                </Text>
              ) : (
                <>
                  <List size="sm" data-testid="dependencies">
                    {chosen?.dependencies.map((d) => (
                      <List.Item key={d.productId}>
                        <span className="mono">{d.productId}</span>
                        {d.version ? ` ${d.version}` : ''}{' '}
                        {installedProductIds.has(d.productId) ? (
                          <Badge size="xs" color="teal" variant="light">
                            installed
                          </Badge>
                        ) : (
                          <Badge size="xs" color="yellow" variant="light">
                            missing
                          </Badge>
                        )}
                      </List.Item>
                    ))}
                  </List>
                  {missingDeps.length > 0 && (
                    <Checkbox
                      label="Install the missing dependencies first (free ones are added to the app on the way)"
                      checked={withDependencies}
                      onChange={(e) => setWithDependencies(e.currentTarget.checked)}
                    />
                  )}
                </>
              )}
            </Stack>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Configuration">
          <Stack gap="sm" mt="md">
            {items.length === 0 ? (
              <Text size="sm" c="dimmed">
                This version asks for no configuration.
              </Text>
            ) : (
              items.map((item) => (
                <ConfigField
                  key={item.name}
                  item={item}
                  value={values[item.name] ?? ''}
                  onChange={(v) => setValues((prev) => ({ ...prev, [item.name]: v }))}
                  error={fieldError(install.error, item.name)}
                />
              ))
            )}
            {items.some((i) => i.type === 'secret') && (
              <Text size="xs" c="dimmed">
                Secrets are sealed on the server and never shown again.
              </Text>
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Confirm">
          <Stack gap="sm" mt="md" data-testid="install-summary">
            <Table variant="vertical" withTableBorder>
              <Table.Tbody>
                <Table.Tr>
                  <Table.Th w={160}>Product</Table.Th>
                  <Table.Td>
                    {product.name} · {kindLabel(product.kind)}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Version</Table.Th>
                  <Table.Td>{upgrading ? `${from} → ${version}` : version}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Price</Table.Th>
                  <Table.Td>{priceLabel(product)}</Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Goes into</Table.Th>
                  <Table.Td>
                    {isUi
                      ? `UI Builder container “${container}”`
                      : product.kind === 'cloud-code-service'
                        ? 'Cloud code: a model of its own, run in the sandbox'
                        : 'Stored with the install (this kind is not applied to the app yet)'}
                  </Table.Td>
                </Table.Tr>
                <Table.Tr>
                  <Table.Th>Adds</Table.Th>
                  <Table.Td>
                    {chosen?.files.length ?? 0} {chosen?.files.length === 1 ? 'file' : 'files'}
                    {missingDeps.length > 0 &&
                      withDependencies &&
                      `, and first ${missingDeps.length} missing ${missingDeps.length === 1 ? 'dependency' : 'dependencies'}`}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {upgrading &&
              (diff.isPending ? (
                <Loader size="xs" />
              ) : diff.isError ? (
                <ErrorAlert error={diff.error} title="Could not compare the versions" />
              ) : (
                <Text size="sm" data-testid="upgrade-diff">
                  Files: {diff.data.added.length} added, {diff.data.changed.length} changed, {diff.data.removed.length}{' '}
                  removed. Configuration:{' '}
                  {diff.data.configurationAdded.length || diff.data.configurationRemoved.length
                    ? [
                        ...diff.data.configurationAdded.map((c) => `+${c}`),
                        ...diff.data.configurationRemoved.map((c) => `−${c}`),
                      ].join(', ')
                    : 'unchanged'}
                  .
                </Text>
              ))}
            {product.price > 0 && (
              <Alert color="violet" variant="light" icon={<IconCreditCard size={18} />}>
                This product costs {priceLabel(product)}. It is charged when you confirm.
              </Alert>
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Completed>
          <Stack gap="sm" mt="md" data-testid="install-progress" aria-live="polite">
            <Group gap="xs">
              {progress === 'allocate' && install.isPending ? (
                <Loader size="xs" />
              ) : (
                <ThemeIcon size="sm" radius="xl" color={install.isError && progress === 'allocate' ? 'red' : 'teal'}>
                  {install.isError && progress === 'allocate' ? <IconX size={12} /> : <IconCheck size={12} />}
                </ThemeIcon>
              )}
              <Text size="sm">{product.price > 0 ? 'Buying for this app' : 'Adding to this app'}</Text>
            </Group>
            {progress !== 'allocate' && (
              <Group gap="xs">
                {install.isPending ? (
                  <Loader size="xs" />
                ) : (
                  <ThemeIcon size="sm" radius="xl" color={install.isError ? 'red' : 'teal'}>
                    {install.isError ? <IconX size={12} /> : <IconCheck size={12} />}
                  </ThemeIcon>
                )}
                <Text size="sm">Installing version {version}</Text>
              </Group>
            )}
            {paymentRequired ? (
              <Alert color="violet" title="Payment required" icon={<IconCreditCard size={18} />} role="alert">
                <Text size="sm">
                  {product.name} costs {priceLabel(product)}, and this server cannot take payments for marketplace
                  products yet. Nothing was charged or installed. Ask the operator of this server, or pick a free
                  product.
                </Text>
                <Text size="xs" c="dimmed" mt={6}>
                  {info?.message}
                </Text>
              </Alert>
            ) : install.isError ? (
              <ErrorAlert error={install.error} title="The install did not go through" />
            ) : install.isSuccess ? (
              <Alert color="teal" title="Installed" icon={<IconCheck size={18} />} data-testid="install-result">
                <Text size="sm">
                  {install.data.productName} {install.data.version} is installed in this app (
                  <span className="mono">{install.data.target}</span>).
                </Text>
                {install.data.target.startsWith('ui-builder:') && (
                  <Anchor
                    component={Link}
                    size="sm"
                    to={`/apps/${appId}/ui/${encodeURIComponent(install.data.target.slice(11))}/components`}
                  >
                    Open the container in the UI Builder
                  </Anchor>
                )}
              </Alert>
            ) : null}
          </Stack>
        </Stepper.Completed>
      </Stepper>

      <Group justify="flex-end" mt="lg">
        {step < 3 ? (
          <>
            <Button variant="default" onClick={step === 0 ? onClose : () => setStep(step - 1)}>
              {step === 0 ? 'Cancel' : 'Back'}
            </Button>
            {step < 2 ? (
              <Button onClick={() => setStep(step + 1)} disabled={step === 0 ? !canNext0 : missingRequired.length > 0}>
                Next
              </Button>
            ) : (
              <Button onClick={run}>
                {upgrading ? `Upgrade to ${version}` : product.price > 0 ? `Buy and install` : 'Install'}
              </Button>
            )}
          </>
        ) : install.isPending ? (
          <Button loading>Installing</Button>
        ) : install.isError ? (
          <>
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            {!paymentRequired && <Button onClick={() => setStep(configFieldBlamed ? 1 : 0)}>Back to the wizard</Button>}
          </>
        ) : (
          <Button onClick={onClose}>Done</Button>
        )}
      </Group>
    </Modal>
  );
}
