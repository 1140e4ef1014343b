import { useState } from 'react';
import { Badge, Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudUpload, IconPencil, IconTrash } from '@tabler/icons-react';
import { emptyCodelessState, type CodelessState } from '@basalt/shared';
import { ConfirmModal } from '../../../../components/ConfirmModal';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { useUnsavedChangesGuard } from '../../../../lib/useUnsavedChangesGuard';
import {
  useCodelessMethodLogic,
  useDeleteCodelessMethod,
  useDeployCodelessMethodLogic,
  useUpdateCodelessMethod,
  type CodelessParamInput,
} from '../../api/codeless.queries';
import { InvokePanel } from '../InvokePanel';
import { blockProblemOf } from './block-problem';
import { CodelessEditor } from './CodelessEditor';
import { SignatureModal } from './SignatureModal';

export interface CodelessMethodView {
  id: string;
  name: string;
  method: string;
  path: string;
  params: CodelessParamInput[];
  hasLogic?: boolean;
}

/**
 * One codeless method: its signature, its blocks with the generated-code preview, Deploy (codeless
 * service logic is only ever deployed, there is no draft), and the invoke panel to try it.
 */
export function MethodLogicPanel({
  appId,
  serviceId,
  serviceName,
  method,
  apiKey,
  onDeleted,
}: {
  appId: string;
  serviceId: string;
  serviceName: string;
  method: CodelessMethodView;
  apiKey: string | undefined;
  onDeleted: () => void;
}) {
  const logic = useCodelessMethodLogic(appId, serviceId, method.id);
  const deploy = useDeployCodelessMethodLogic(appId, serviceId, method.id);
  const update = useUpdateCodelessMethod(appId, serviceId);
  const remove = useDeleteCodelessMethod(appId, serviceId);
  const [draft, setDraft] = useState<CodelessState | null>(null);
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  useUnsavedChangesGuard(draft !== null, {
    message: `The blocks of ${method.name} changed since the last deploy.`,
  });

  const params = method.params.map((p) => p.name);
  const initial = (logic.data?.logic as CodelessState | null | undefined) ?? emptyCodelessState('method');

  const runDeploy = () => {
    const state = draft ?? initial;
    deploy.mutate(state, {
      onSuccess: () => {
        setDraft(null);
        notifications.show({
          color: 'green',
          title: `Deployed ${serviceName}.${method.name}`,
          message: 'The server generated its code from these blocks; it answers now.',
        });
      },
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={2} size="h3" className="mono">
            {method.name}({params.join(', ')})
          </Title>
          <Group gap="xs">
            <Badge variant="light" className="mono" tt="none">
              {method.method.toUpperCase()} /services/{serviceName}
              {method.path}
            </Badge>
            {method.hasLogic === false && draft === null && (
              <Badge variant="outline" color="gray">
                No logic deployed
              </Badge>
            )}
            {draft !== null && (
              <Badge variant="light" color="orange">
                Changed, not deployed
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPencil size={16} stroke={1.5} />}
            onClick={() => {
              update.reset();
              setEditing(true);
            }}
          >
            Parameters
          </Button>
          <Button
            variant="default"
            color="red"
            leftSection={<IconTrash size={16} stroke={1.5} />}
            onClick={() => {
              remove.reset();
              setDeleting(true);
            }}
          >
            Delete method
          </Button>
          <Button
            leftSection={<IconCloudUpload size={16} stroke={1.5} />}
            onClick={runDeploy}
            loading={deploy.isPending}
            disabled={logic.isPending}
          >
            Deploy
          </Button>
        </Group>
      </Group>
      {logic.isError && <ErrorAlert error={logic.error} onRetry={() => void logic.refetch()} />}
      {logic.isPending && <Skeleton height={560} radius="sm" />}
      {logic.isSuccess && (
        <CodelessEditor
          key={method.id}
          kind="method"
          params={params}
          initial={initial}
          onChange={setDraft}
          serverProblem={blockProblemOf(deploy.error)}
          label={`Blocks of ${method.name}`}
        />
      )}
      <InvokePanel
        key={`${method.id}/${params.join(',')}`}
        appId={appId}
        service={serviceName}
        method={{
          name: method.name,
          method: method.method,
          path: method.path,
          params: method.params.map((p) => ({ name: p.name, type: p.type?.toLowerCase() })),
        }}
        apiKey={apiKey}
      />
      <SignatureModal
        opened={editing}
        onClose={() => setEditing(false)}
        title={`Method ${method.name}`}
        nameLabel="Method name"
        noun="parameter"
        initial={{ name: method.name, params: method.params }}
        confirmLabel="Save"
        loading={update.isPending}
        error={update.error}
        onSubmit={(signature) =>
          update.mutate({ methodId: method.id, ...signature }, { onSuccess: () => setEditing(false) })
        }
      />
      <ConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={`Delete method ${method.name}?`}
        confirmLabel="Delete method"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          // The promise, not mutate's callbacks: the refetched list drops this item and unmounts
          // the panel before they would run, and the page must still leave the deleted item's URL.
          void remove.mutateAsync(method.id).then(
            () => {
              setDeleting(false);
              setDraft(null);
              onDeleted();
            },
            () => undefined, // shown in the dialog through remove.error
          )
        }
      >
        Clients calling {serviceName}.{method.name} get 404 at once, and its blocks are deleted with it.
      </ConfirmModal>
    </Stack>
  );
}
