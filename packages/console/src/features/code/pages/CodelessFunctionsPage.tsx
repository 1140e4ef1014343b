import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, Group, NavLink, Paper, ScrollArea, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconMathFunction, IconPlus, IconSearch } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useCodelessFunctions, useCreateFunction } from '../api/codeless.queries';
import { FunctionPanel } from '../components/codeless/FunctionPanel';
import { inputsOf } from '../components/codeless/signature';
import { SignatureModal } from '../components/codeless/SignatureModal';
import { useCrumbLabel } from '../../../app/shell/crumb-labels';

/**
 * The app's library of codeless functions (`codeless/functions/:functionId?`): reusable logic with
 * named inputs that codeless services, handlers and timers call with the "call function" block.
 */
export default function CodelessFunctionsPage() {
  const { appId = '', functionId } = useParams();
  const navigate = useNavigate();
  const base = `/apps/${appId}/code/codeless/functions`;
  const functions = useCodelessFunctions(appId);
  const create = useCreateFunction(appId);
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState('');

  const list = functions.data ?? [];
  const shown = list.filter((f) => f.name.toLowerCase().includes(search.trim().toLowerCase()));
  const fn = list.find((f) => f.id === functionId);
  useCrumbLabel(functionId, fn?.name);

  const newFunctionModal = (
    <SignatureModal
      opened={creating}
      onClose={() => {
        create.reset();
        setCreating(false);
      }}
      title="New function"
      nameLabel="Function name"
      noun="input"
      confirmLabel="Create function"
      loading={create.isPending}
      error={create.error}
      onSubmit={({ name, params }) =>
        create.mutate(
          { name, definition: { inputs: params } },
          {
            onSuccess: (created) => {
              setCreating(false);
              void navigate(`${base}/${encodeURIComponent(created.id)}`);
            },
          },
        )
      }
    />
  );

  if (functions.isError) return <ErrorAlert error={functions.error} onRetry={() => void functions.refetch()} />;

  if (functions.isSuccess && list.length === 0) {
    return (
      <Paper withBorder p="xl" radius="sm">
        <Stack align="center" gap="sm" maw={560} mx="auto" ta="center">
          <IconMathFunction size={36} stroke={1.3} aria-hidden />
          <Title order={2} size="h3">
            No functions yet
          </Title>
          <Text size="sm" c="dimmed">
            A function is logic built once from blocks, with named inputs, that every codeless service, handler and
            timer of the app can call.
          </Text>
          <Button leftSection={<IconPlus size={16} stroke={1.5} />} onClick={() => setCreating(true)}>
            New function
          </Button>
        </Stack>
        {newFunctionModal}
      </Paper>
    );
  }

  return (
    <Group align="flex-start" gap="md" wrap="nowrap">
      <Paper withBorder radius="sm" w={250} style={{ flexShrink: 0 }} component="nav" aria-label="Functions">
        <Stack gap="xs" p="sm">
          <Group justify="space-between">
            <Text fw={600} size="sm">
              Functions{' '}
              <Text span c="dimmed" size="sm">
                {list.length}
              </Text>
            </Text>
            <Button size="compact-sm" variant="subtle" onClick={() => setCreating(true)} aria-label="New function">
              <IconPlus size={16} stroke={1.5} />
            </Button>
          </Group>
          <TextInput
            size="xs"
            placeholder="Search functions"
            aria-label="Search functions"
            leftSection={<IconSearch size={14} stroke={1.5} />}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
        </Stack>
        <ScrollArea.Autosize mah={640}>
          {functions.isPending &&
            Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={32} mx="sm" mb="xs" radius="sm" />)}
          {shown.map((f) => (
            <NavLink
              key={f.id}
              component={Link}
              to={`${base}/${encodeURIComponent(f.id)}`}
              active={f.id === functionId}
              label={<span className="mono">{f.name}</span>}
              description={
                inputsOf(f.definition)
                  .map((i) => i.name)
                  .join(', ') || 'no inputs'
              }
            />
          ))}
          {functions.isSuccess && shown.length === 0 && (
            <Text size="sm" c="dimmed" px="sm" pb="sm">
              No function matches “{search.trim()}”.
            </Text>
          )}
        </ScrollArea.Autosize>
      </Paper>
      <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
        {!functionId && (
          <Paper withBorder p="lg" radius="sm">
            <Text size="sm" c="dimmed">
              Choose a function to edit its blocks, or create one.
            </Text>
          </Paper>
        )}
        {functionId && functions.isSuccess && !fn && (
          <ErrorAlert
            error={{ message: `There is no function with id ${functionId}.`, status: 404 }}
            parent={{ to: base, label: 'All functions' }}
          />
        )}
        {fn && <FunctionPanel key={fn.id} appId={appId} fn={fn} onDeleted={() => void navigate(base)} />}
      </Stack>
      {newFunctionModal}
    </Group>
  );
}
