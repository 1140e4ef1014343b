import { useState } from 'react';
import { Badge, Button, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudUpload, IconDeviceFloppy, IconForms, IconPencil, IconTrash } from '@tabler/icons-react';
import { emptyCodelessState, type CodelessState } from '@basalt/shared';
import { ConfirmModal } from '../../../../components/ConfirmModal';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { NameModal } from '../../../../components/NameModal';
import { useUnsavedChangesGuard } from '../../../../lib/useUnsavedChangesGuard';
import {
  useDeployCodelessModel,
  useFunctionSource,
  useRemoveFunctionSource,
  useUpdateFunctionSource,
  type CodelessParamInput,
} from '../../api/codeless.queries';
import { blockProblemOf } from './block-problem';
import { CodelessEditor } from './CodelessEditor';
import { SignatureModal } from './SignatureModal';
import { IDENTIFIER, IDENTIFIER_HINT, inputsOf } from './signature';

/**
 * One library function: name and inputs, its blocks with the generated-code preview, Save (stores
 * the blocks), Deploy (makes them what services and handlers call), rename and delete.
 */
export function FunctionPanel({
  appId,
  fn,
  onDeleted,
}: {
  appId: string;
  fn: { id: string; name: string; definition: unknown };
  onDeleted: () => void;
}) {
  const source = useFunctionSource(appId, fn.id);
  const save = useUpdateFunctionSource(appId, fn.id);
  const deploy = useDeployCodelessModel(appId);
  const remove = useRemoveFunctionSource(appId);
  const [draft, setDraft] = useState<CodelessState | null>(null);
  const [renaming, setRenaming] = useState(false);
  const [editingInputs, setEditingInputs] = useState(false);
  const [deleting, setDeleting] = useState(false);
  useUnsavedChangesGuard(draft !== null, { message: `The blocks of ${fn.name} are not saved yet.` });

  const definition = (source.data?.definition ?? fn.definition ?? {}) as Record<string, unknown>;
  const inputs = inputsOf(definition);
  const initial = (source.data?.logic as CodelessState | null | undefined) ?? emptyCodelessState('function');
  const logic = () => draft ?? initial;

  /** Save sends the blocks; a rename or new inputs send only those (broken blocks never block a rename). */
  const store = (next: { name?: string; inputs?: CodelessParamInput[]; blocks?: boolean }, done?: () => void) =>
    save.mutate(
      {
        logic: next.blocks ? logic() : undefined,
        definition: { ...definition, inputs: next.inputs ?? inputs },
        name: next.name !== undefined && next.name !== fn.name ? next.name : undefined,
      },
      {
        onSuccess: () => {
          if (next.blocks) setDraft(null);
          done?.();
        },
      },
    );

  const runDeploy = () =>
    deploy.mutate(
      { model: 'default', items: [{ type: 'function', id: fn.id, logic: logic() }] },
      {
        onSuccess: () => {
          setDraft(null);
          notifications.show({ color: 'green', message: `Deployed ${fn.name}: services and handlers call it now.` });
        },
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={2} size="h3" className="mono">
            {fn.name}({inputs.map((i) => i.name).join(', ')})
          </Title>
          <Group gap="xs">
            <Text size="xs" c="dimmed" className="mono">
              {fn.id}
            </Text>
            {draft !== null && (
              <Badge variant="light" color="orange">
                Not saved
              </Badge>
            )}
          </Group>
        </Stack>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconPencil size={16} stroke={1.5} />}
            onClick={() => {
              save.reset();
              setRenaming(true);
            }}
          >
            Rename
          </Button>
          <Button
            variant="default"
            leftSection={<IconForms size={16} stroke={1.5} />}
            onClick={() => {
              save.reset();
              setEditingInputs(true);
            }}
          >
            Inputs
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
            Delete
          </Button>
          <Button
            variant="default"
            leftSection={<IconDeviceFloppy size={16} stroke={1.5} />}
            onClick={() => store({ blocks: true }, () => notifications.show({ message: `Saved ${fn.name}` }))}
            loading={save.isPending && !renaming && !editingInputs}
            disabled={!source.isSuccess}
          >
            Save
          </Button>
          <Button
            leftSection={<IconCloudUpload size={16} stroke={1.5} />}
            onClick={runDeploy}
            loading={deploy.isPending}
            disabled={!source.isSuccess}
          >
            Deploy
          </Button>
        </Group>
      </Group>
      {source.isError && <ErrorAlert error={source.error} onRetry={() => void source.refetch()} />}
      {source.isPending && <Skeleton height={560} radius="sm" />}
      {source.isSuccess && (
        <CodelessEditor
          key={fn.id}
          kind="function"
          params={inputs.map((i) => i.name)}
          initial={initial}
          onChange={setDraft}
          serverProblem={blockProblemOf(deploy.error ?? (renaming || editingInputs ? null : save.error))}
          label={`Blocks of ${fn.name}`}
        />
      )}
      <NameModal
        opened={renaming}
        onClose={() => setRenaming(false)}
        title={`Rename ${fn.name}`}
        label="Function name"
        initial={fn.name}
        confirmLabel="Rename"
        validate={(name) => (IDENTIFIER.test(name) ? null : IDENTIFIER_HINT)}
        loading={save.isPending}
        error={save.error}
        note="Blocks that call it keep working: they call it by id."
        onSubmit={(name) => store({ name }, () => setRenaming(false))}
      />
      <SignatureModal
        opened={editingInputs}
        onClose={() => setEditingInputs(false)}
        title={`Inputs of ${fn.name}`}
        nameLabel="Function name"
        noun="input"
        initial={{ name: fn.name, params: inputs }}
        confirmLabel="Save"
        loading={save.isPending}
        error={save.error}
        onSubmit={(signature) =>
          store({ name: signature.name, inputs: signature.params }, () => setEditingInputs(false))
        }
      />
      <ConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={`Delete function ${fn.name}?`}
        confirmLabel="Delete function"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          // The promise, not mutate's callbacks: the refetched list drops this item and unmounts
          // the panel before they would run, and the page must still leave the deleted item's URL.
          void remove.mutateAsync(fn.id).then(
            () => {
              setDeleting(false);
              setDraft(null);
              onDeleted();
            },
            () => undefined, // shown in the dialog through remove.error
          )
        }
      >
        Its blocks are deleted. Logic that still calls it cannot be deployed until that call is removed.
      </ConfirmModal>
    </Stack>
  );
}
