import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, Group, NavLink, Paper, ScrollArea, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconPuzzle, IconTrash } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { NameModal } from '../../../components/NameModal';
import { TypeToConfirmModal } from '../../../components/TypeToConfirmModal';
import { useGetAppInfo } from '../../apps';
import {
  useCodelessServices,
  useCreateCodelessMethod,
  useCreateCodelessService,
  useDeleteCodelessService,
} from '../api/codeless.queries';
import { MethodLogicPanel } from '../components/codeless/MethodLogicPanel';
import { SignatureModal } from '../components/codeless/SignatureModal';
import { IDENTIFIER, IDENTIFIER_HINT } from '../components/codeless/signature';
import { useCrumbLabel } from '../../../app/shell/crumb-labels';

/**
 * Codeless API services: services with their methods on the left; the chosen method's blocks,
 * generated code, deploy and invoke panel on the right (`codeless/services/:serviceId?/:methodId?`).
 */
export default function CodelessServicesPage() {
  const { appId = '', serviceId, methodId } = useParams();
  const navigate = useNavigate();
  const base = `/apps/${appId}/code/codeless/services`;
  const services = useCodelessServices(appId);
  const app = useGetAppInfo(appId);
  const restKey = app.data?.apiKeys?.find((k) => k.deviceType === 'REST')?.apiKey;
  const createService = useCreateCodelessService(appId);
  const removeService = useDeleteCodelessService(appId);
  const createMethod = useCreateCodelessMethod(appId, serviceId ?? '');
  const [creatingService, setCreatingService] = useState(false);
  const [creatingMethod, setCreatingMethod] = useState(false);
  const [deletingService, setDeletingService] = useState(false);

  const list = services.data ?? [];
  const service = list.find((s) => s.id === serviceId);
  const method = service?.methods.find((m) => m.id === methodId);
  useCrumbLabel(serviceId, service?.name);
  useCrumbLabel(methodId, method?.name);

  const newServiceModal = (
    <NameModal
      opened={creatingService}
      onClose={() => {
        createService.reset();
        setCreatingService(false);
      }}
      title="New codeless service"
      label="Service name"
      description="Its methods become REST operations at /services/<name>/<method> once deployed."
      confirmLabel="Create service"
      validate={(name) => (IDENTIFIER.test(name) ? null : IDENTIFIER_HINT)}
      loading={createService.isPending}
      error={createService.error}
      onSubmit={(name) =>
        createService.mutate(
          { name },
          {
            onSuccess: (created) => {
              setCreatingService(false);
              void navigate(`${base}/${encodeURIComponent(created.id)}`);
            },
          },
        )
      }
    />
  );

  if (services.isError) return <ErrorAlert error={services.error} onRetry={() => void services.refetch()} />;

  if (services.isSuccess && list.length === 0) {
    return (
      <Paper withBorder p="xl" radius="sm">
        <Stack align="center" gap="sm" maw={560} mx="auto" ta="center">
          <IconPuzzle size={36} stroke={1.3} aria-hidden />
          <Title order={2} size="h3">
            No codeless services yet
          </Title>
          <Text size="sm" c="dimmed">
            Build API services from blocks instead of code: each method is a REST operation whose logic you snap
            together; the server generates and runs the JavaScript.
          </Text>
          <Button leftSection={<IconPlus size={16} stroke={1.5} />} onClick={() => setCreatingService(true)}>
            New codeless service
          </Button>
        </Stack>
        {newServiceModal}
      </Paper>
    );
  }

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Paper withBorder radius="sm" w={250} style={{ flexShrink: 0 }} component="nav" aria-label="Codeless services">
        <Group justify="space-between" p="sm" pb="xs">
          <Text fw={600} size="sm">
            Services{' '}
            <Text span c="dimmed" size="sm">
              {list.length}
            </Text>
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => setCreatingService(true)}
            aria-label="New codeless service"
          >
            <IconPlus size={16} stroke={1.5} />
          </Button>
        </Group>
        <ScrollArea.Autosize mah={640}>
          {services.isPending &&
            Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={32} mx="sm" mb="xs" radius="sm" />)}
          {list.map((s) => (
            <NavLink
              key={s.id}
              component={Link}
              to={`${base}/${encodeURIComponent(s.id)}`}
              label={s.name}
              description={`${s.methods.length} method${s.methods.length === 1 ? '' : 's'}`}
              active={s.id === serviceId && !methodId}
              opened={s.id === serviceId}
              childrenOffset={16}
            >
              {s.methods.map((m) => (
                <NavLink
                  key={m.id}
                  component={Link}
                  to={`${base}/${encodeURIComponent(s.id)}/${encodeURIComponent(m.id)}`}
                  label={<span className="mono">{m.name}</span>}
                  description={m.params.map((p) => p.name).join(', ') || 'no parameters'}
                  active={m.id === methodId}
                />
              ))}
            </NavLink>
          ))}
        </ScrollArea.Autosize>
      </Paper>

      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        {!serviceId && (
          <Paper withBorder p="lg" radius="sm">
            <Text size="sm" c="dimmed">
              Choose a service to see its methods, or create one.
            </Text>
          </Paper>
        )}
        {serviceId && services.isSuccess && !service && (
          <ErrorAlert
            error={{ message: `There is no codeless service with id ${serviceId}.`, status: 404 }}
            parent={{ to: base, label: 'All codeless services' }}
          />
        )}
        {service && (
          <Paper withBorder p="sm" radius="sm">
            <Group justify="space-between">
              <Stack gap={0}>
                <Title order={2} size="h4">
                  {service.name}
                </Title>
                <Text size="xs" c="dimmed">
                  Model <span className="mono">{service.model}</span> · {service.methods.length} method
                  {service.methods.length === 1 ? '' : 's'}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button
                  variant="default"
                  leftSection={<IconPlus size={16} stroke={1.5} />}
                  onClick={() => {
                    createMethod.reset();
                    setCreatingMethod(true);
                  }}
                >
                  Add method
                </Button>
                <Button
                  variant="default"
                  color="red"
                  leftSection={<IconTrash size={16} stroke={1.5} />}
                  onClick={() => {
                    removeService.reset();
                    setDeletingService(true);
                  }}
                >
                  Delete service
                </Button>
              </Group>
            </Group>
          </Paper>
        )}
        {service && !methodId && service.methods.length === 0 && (
          <Text size="sm" c="dimmed">
            This service has no methods yet. Add one, give it parameters, then build its logic from blocks.
          </Text>
        )}
        {service && !methodId && service.methods.length > 0 && (
          <Text size="sm" c="dimmed">
            Choose a method on the left to edit its blocks and invoke it.
          </Text>
        )}
        {service && methodId && !method && (
          <ErrorAlert
            error={{ message: `${service.name} has no method with id ${methodId}.`, status: 404 }}
            parent={{ to: `${base}/${encodeURIComponent(service.id)}`, label: service.name }}
          />
        )}
        {service && method && (
          <MethodLogicPanel
            key={method.id}
            appId={appId}
            serviceId={service.id}
            serviceName={service.name}
            method={method}
            apiKey={restKey}
            onDeleted={() => void navigate(`${base}/${encodeURIComponent(service.id)}`)}
          />
        )}
      </Stack>

      {newServiceModal}
      {service && (
        <>
          <SignatureModal
            opened={creatingMethod}
            onClose={() => setCreatingMethod(false)}
            title={`New method of ${service.name}`}
            nameLabel="Method name"
            noun="parameter"
            confirmLabel="Add method"
            loading={createMethod.isPending}
            error={createMethod.error}
            onSubmit={(signature) =>
              createMethod.mutate(signature, {
                onSuccess: (created) => {
                  setCreatingMethod(false);
                  void navigate(`${base}/${encodeURIComponent(service.id)}/${encodeURIComponent(created.id)}`);
                },
              })
            }
          />
          <TypeToConfirmModal
            opened={deletingService}
            onClose={() => setDeletingService(false)}
            title={`Delete codeless service ${service.name}`}
            expected={service.name}
            inputLabel="Type the service name to confirm"
            consequences={
              <Text size="sm">
                Its {service.methods.length} method{service.methods.length === 1 ? '' : 's'} and their blocks are
                deleted, and clients calling <span className="mono">{service.name}</span> get 404 at once.
              </Text>
            }
            confirmLabel="Delete service"
            loading={removeService.isPending}
            error={removeService.error}
            onConfirm={() =>
              removeService.mutate(service.id, {
                onSuccess: () => {
                  setDeletingService(false);
                  void navigate(base);
                },
              })
            }
          />
        </>
      )}
    </Group>
  );
}
