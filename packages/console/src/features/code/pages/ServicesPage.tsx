import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import {
  Badge,
  Button,
  Group,
  NavLink,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconApi, IconCode, IconSearch, IconSettings, IconTrash } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { TypeToConfirmModal } from '../../../components/TypeToConfirmModal';
import { useGetAppInfo } from '../../apps';
import { useDeleteService, useGetServiceMethods, useGetServices } from '../api/services.queries';
import { InvokePanel } from '../components/InvokePanel';
import { LambdaSettings } from '../components/LambdaSettings';
import { McpSwitch } from '../components/McpSwitch';
import { NewServiceMenu } from '../components/NewServiceMenu';
import { ServiceConfigModal } from '../components/ServiceConfigModal';

/** API services: the list, one service's methods, and the invoke panel of the chosen method. */
export default function ServicesPage() {
  const { appId = '', serviceId, method: methodName } = useParams();
  const navigate = useNavigate();
  const base = `/apps/${appId}/code`;
  const services = useGetServices(appId);
  const methods = useGetServiceMethods(appId, serviceId);
  const app = useGetAppInfo(appId);
  const restKey = app.data?.apiKeys?.find((k) => k.deviceType === 'REST')?.apiKey;
  const remove = useDeleteService(appId);
  // The open dialog lives in the URL (`?panel=configuration`), so a reload or a shared link reopens it.
  const [params, setParams] = useSearchParams();
  const configOpen = params.get('panel') === 'configuration';
  const setConfigOpen = (open: boolean) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (open) next.set('panel', 'configuration');
        else next.delete('panel');
        return next;
      },
      { replace: !open },
    );
  const [deleting, setDeleting] = useState(false);
  const [search, setSearch] = useState('');

  const list = services.data ?? [];
  const shown = list.filter((s) => s.name.toLowerCase().includes(search.trim().toLowerCase()));
  const service = list.find((s) => s.id === serviceId);
  const method = methods.data?.find((m) => m.name === methodName) ?? methods.data?.[0];

  if (services.isError) return <ErrorAlert error={services.error} onRetry={() => void services.refetch()} />;

  if (services.isSuccess && list.length === 0) {
    return (
      <Paper withBorder p="xl" radius="sm">
        <Stack align="center" gap="sm" maw={560} mx="auto" ta="center">
          <IconApi size={36} stroke={1.3} aria-hidden />
          <Title order={2} size="h3">
            No API services yet
          </Title>
          <Text size="sm" c="dimmed">
            A service is a JavaScript class whose methods run in the sandbox with the caller&apos;s permissions, or a
            set of AWS Lambda functions; each method becomes a REST operation your apps call.
          </Text>
          <Text className="mono" size="xs" c="dimmed">
            POST /{appId}/&lt;REST key&gt;/services/Greeter/hello
          </Text>
          <NewServiceMenu appId={appId} />
        </Stack>
      </Paper>
    );
  }

  return (
    <Group align="flex-start" gap="lg" wrap="nowrap">
      <Paper withBorder radius="sm" w={280} style={{ flexShrink: 0 }} component="nav" aria-label="API services">
        <Stack gap="xs" p="sm">
          <Group justify="space-between">
            <Text fw={600} size="sm">
              Services{' '}
              <Text span c="dimmed" size="sm">
                {list.length}
              </Text>
            </Text>
            <NewServiceMenu appId={appId} compact />
          </Group>
          <TextInput
            size="xs"
            placeholder="Search services"
            aria-label="Search services"
            leftSection={<IconSearch size={14} stroke={1.5} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
        </Stack>
        <ScrollArea.Autosize mah={520}>
          {services.isPending &&
            Array.from({ length: 4 }, (_, i) => <Skeleton key={i} height={36} mx="sm" mb="xs" radius="sm" />)}
          {shown.map((s) => (
            <NavLink
              key={s.id}
              component={Link}
              to={`${base}/services/${encodeURIComponent(s.id)}`}
              active={s.id === serviceId}
              label={s.name}
              description={`${s.model} · v${s.version}`}
              rightSection={
                <Badge size="xs" variant="light">
                  {s.type}
                </Badge>
              }
            />
          ))}
        </ScrollArea.Autosize>
      </Paper>

      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        {!serviceId && (
          <Paper withBorder p="lg" radius="sm">
            <Text size="sm" c="dimmed">
              Choose a service to see its methods and invoke them.
            </Text>
          </Paper>
        )}
        {serviceId && services.isSuccess && !service && (
          <ErrorAlert
            error={{ message: `There is no service with id ${serviceId}.`, status: 404 }}
            parent={{ to: `${base}/services`, label: 'All services' }}
          />
        )}
        {service && (
          <>
            <Group justify="space-between" align="flex-start">
              <Stack gap={2}>
                <Title order={2} size="h3">
                  {service.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {service.description || 'No description.'} Model <span className="mono">{service.model}</span>,
                  version <span className="mono">{service.version}</span>.
                </Text>
              </Stack>
              <Group gap="sm">
                <McpSwitch appId={appId} service={service} />
                {/* A Lambda service declares no items: its settings are shown on the page instead. */}
                {service.type !== 'AWS_LAMBDA' && (
                  <Button
                    variant="default"
                    leftSection={<IconSettings size={16} stroke={1.5} />}
                    onClick={() => setConfigOpen(true)}
                  >
                    Configuration
                  </Button>
                )}
                {/* Lambda and imported services have no code of their own. */}
                {service.type !== 'AWS_LAMBDA' && service.type !== 'IMPORTED' && (
                  <Button
                    variant="default"
                    leftSection={<IconCode size={16} stroke={1.5} />}
                    component={Link}
                    to={`${base}/editor/${encodeURIComponent(service.model)}`}
                  >
                    Edit code
                  </Button>
                )}
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconTrash size={16} stroke={1.5} />}
                  onClick={() => setDeleting(true)}
                >
                  Delete
                </Button>
              </Group>
            </Group>
            {service.type === 'AWS_LAMBDA' && <LambdaSettings service={service} />}
            {methods.isError && <ErrorAlert error={methods.error} onRetry={() => void methods.refetch()} />}
            {methods.isPending && <Skeleton height={120} radius="sm" />}
            {methods.data && methods.data.length === 0 && (
              <Text size="sm" c="dimmed">
                This service has no methods. Add one to its class in the editor and deploy.
              </Text>
            )}
            {methods.data && methods.data.length > 0 && (
              <Group gap="xs" role="tablist" aria-label="Methods">
                {methods.data.map((m) => (
                  <Button
                    key={m.name}
                    role="tab"
                    aria-selected={m.name === method?.name}
                    size="xs"
                    variant={m.name === method?.name ? 'filled' : 'default'}
                    component={Link}
                    to={`${base}/services/${encodeURIComponent(service.id)}/${encodeURIComponent(m.name)}`}
                  >
                    <span className="mono">
                      {m.method.toUpperCase()} {m.name}
                    </span>
                  </Button>
                ))}
              </Group>
            )}
            {method && (
              <InvokePanel
                key={`${service.id}/${method.name}`}
                appId={appId}
                service={service.name}
                method={method}
                apiKey={restKey}
              />
            )}
            <TypeToConfirmModal
              opened={deleting}
              onClose={() => {
                remove.reset();
                setDeleting(false);
              }}
              title={`Delete service ${service.name}`}
              expected={service.name}
              inputLabel="Type the service name to confirm"
              consequences={
                <Text size="sm">
                  Clients calling <span className="mono">{service.name}</span> get 404 at once.{' '}
                  {service.type === 'AWS_LAMBDA'
                    ? 'Its Lambda settings and stored credentials are deleted; the functions in AWS stay.'
                    : service.type === 'IMPORTED'
                      ? 'Its configuration and stored credentials are deleted; the remote API is not touched.'
                      : 'Its draft files stay in the editor, so you can deploy it again.'}
                </Text>
              }
              confirmLabel="Delete service"
              loading={remove.isPending}
              error={remove.error}
              onConfirm={() =>
                remove.mutate(service.id, {
                  onSuccess: () => {
                    setDeleting(false);
                    void navigate(`${base}/services`);
                  },
                })
              }
            />
            <ServiceConfigModal
              appId={appId}
              serviceId={service.id}
              serviceName={service.name}
              opened={configOpen}
              onClose={() => setConfigOpen(false)}
            />
          </>
        )}
      </Stack>
    </Group>
  );
}
