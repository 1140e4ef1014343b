import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Group, Kbd, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudUpload, IconDeviceFloppy, IconFilePlus, IconHistory } from '@tabler/icons-react';
import { CodeEditor } from '../../../components/code-editor/CodeEditor';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { NameModal } from '../../../components/NameModal';
import { errorInfo } from '../../../lib/errors';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard';
import {
  JS,
  useDeployDraftFiles,
  useGetAllModels,
  useGetDraftFileContent,
  useGetDraftFiles,
  useSaveDraftFiles,
} from '../api/drafts.queries';
import { DeployModal } from '../components/DeployModal';
import { DeploymentsDrawer } from '../components/DeploymentsDrawer';
import { FileTree } from '../components/FileTree';
import { dropMirror, mirrorBuffer, mirrorKey, readMirror } from '../draft-mirror';
import { checkDraftPath } from '../draft-path';

/**
 * The coding screen: a model's draft files, Monaco, save (Mod+S) and deploy. Edits live in buffers
 * mirrored to IndexedDB until the server has them, so a closed tab or a failed save loses nothing.
 */
export default function EditorPage() {
  const { appId = '', model = 'default', '*': splat } = useParams();
  const fileId = splat ? splat : undefined;
  const navigate = useNavigate();
  const base = `/apps/${appId}/code/editor/${encodeURIComponent(model)}`;
  const models = useGetAllModels(appId);
  const drafts = useGetDraftFiles(appId, model);
  const content = useGetDraftFileContent(appId, model, fileId);
  const save = useSaveDraftFiles(appId, model);
  const deploy = useDeployDraftFiles(appId, model);
  /** Unsaved text by file id. */
  const [buffers, setBuffers] = useState<Record<string, string>>({});
  const [restored, setRestored] = useState<string | null>(null);
  const [deploying, setDeploying] = useState(false);
  const [history, setHistory] = useState(false);
  const [newFile, setNewFile] = useState(false);

  const dirty = useMemo(() => new Set(Object.keys(buffers)), [buffers]);
  // Opening another file of the same model keeps every buffer; leaving the model would drop them.
  useUnsavedChangesGuard(dirty.size > 0, {
    message: 'Draft files you changed are not saved yet (a copy stays in this browser).',
    leaves: (_current, next) => next.pathname !== base && !next.pathname.startsWith(`${base}/`),
  });

  // A buffer typed earlier and never confirmed by the server comes back when its file opens.
  useEffect(() => {
    if (!fileId || buffers[fileId] !== undefined || content.data === undefined) return;
    let live = true;
    void readMirror(mirrorKey(appId, model, fileId)).then((mirror) => {
      if (!live || !mirror || mirror.content === content.data) return;
      setBuffers((b) => (b[fileId] === undefined ? { ...b, [fileId]: mirror.content } : b));
      setRestored(fileId);
    });
    return () => {
      live = false;
    };
    // Only when another file opens or its saved text arrives.
  }, [appId, model, fileId, content.data]); // eslint-disable-line react-hooks/exhaustive-deps

  const text = fileId ? (buffers[fileId] ?? content.data ?? '') : '';

  const edit = (value: string) => {
    if (!fileId) return;
    setBuffers((b) => ({ ...b, [fileId]: value }));
    void mirrorBuffer(mirrorKey(appId, model, fileId), value);
  };

  const confirmSaved = (ids: string[]) => {
    setBuffers((b) => {
      const next = { ...b };
      for (const id of ids) delete next[id];
      return next;
    });
    for (const id of ids) void dropMirror(mirrorKey(appId, model, id));
  };

  const saveAll = () => {
    const files = Object.entries(buffers).map(([id, value]) => ({ id, content: value }));
    if (files.length === 0) return;
    save.mutate(files, {
      onSuccess: () => {
        confirmSaved(files.map((f) => f.id));
        notifications.show({ message: `Saved ${files.length} draft file${files.length === 1 ? '' : 's'}` });
      },
    });
  };

  const runDeploy = () => {
    const files = Object.entries(buffers).map(([id, value]) => ({ id, content: value }));
    deploy.mutate(files, {
      onSuccess: (deployment) => {
        confirmSaved(files.map((f) => f.id));
        setDeploying(false);
        notifications.show({
          color: 'green',
          title: `Deployed ${model}`,
          message: `${deployment.services.length} service${deployment.services.length === 1 ? '' : 's'}, ${deployment.handlers} handler${deployment.handlers === 1 ? '' : 's'}, ${deployment.timers} timer${deployment.timers === 1 ? '' : 's'} in production.`,
        });
      },
    });
  };

  const jsModels = (models.data ?? []).filter((m) => m.language === JS).map((m) => m.name);
  const modelOptions = [...new Set(['default', ...jsModels, model])];
  const fileList = drafts.data ?? [];
  const known = fileList.some((f) => f.id === fileId) || (fileId !== undefined && buffers[fileId] !== undefined);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Group gap="sm">
          <Select
            aria-label="Model"
            data={modelOptions}
            value={model}
            allowDeselect={false}
            onChange={(value) => value && void navigate(`/apps/${appId}/code/editor/${encodeURIComponent(value)}`)}
            w={200}
          />
          <Button
            variant="default"
            leftSection={<IconFilePlus size={16} stroke={1.5} />}
            onClick={() => setNewFile(true)}
          >
            New file
          </Button>
        </Group>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconHistory size={16} stroke={1.5} />}
            onClick={() => setHistory(true)}
          >
            Deployments
          </Button>
          <Button
            variant="default"
            leftSection={<IconDeviceFloppy size={16} stroke={1.5} />}
            onClick={saveAll}
            loading={save.isPending}
            disabled={dirty.size === 0}
          >
            Save draft{' '}
            <Kbd ml={6} size="xs">
              Ctrl S
            </Kbd>
          </Button>
          <Button
            leftSection={<IconCloudUpload size={16} stroke={1.5} />}
            onClick={() => {
              deploy.reset();
              setDeploying(true);
            }}
            disabled={fileList.length === 0 && dirty.size === 0}
          >
            Deploy
          </Button>
        </Group>
      </Group>
      {save.error && (
        <Alert
          color="red"
          variant="light"
          title="The draft was not saved — your text is kept in this browser"
          role="alert"
        >
          {errorInfo(save.error).message}
        </Alert>
      )}
      {restored === fileId && fileId && (
        <Alert
          color="yellow"
          variant="light"
          title="Unsaved text restored"
          withCloseButton
          onClose={() => setRestored(null)}
        >
          This file had changes typed earlier that never reached the server. They are back in the editor; save or deploy
          to keep them.
        </Alert>
      )}
      <Group align="stretch" gap="md" wrap="nowrap">
        <Paper withBorder radius="sm" w={260} style={{ flexShrink: 0 }} component="nav" aria-label="Files">
          {drafts.isPending && <Skeleton height={200} m="sm" />}
          {drafts.isError && <ErrorAlert error={drafts.error} onRetry={() => void drafts.refetch()} />}
          {drafts.data && (
            <FileTree
              files={[
                ...fileList,
                ...Object.keys(buffers)
                  .filter((id) => !fileList.some((f) => f.id === id))
                  .map((id) => ({ id })),
              ]}
              active={fileId}
              dirty={dirty}
              hrefOf={(id) => `${base}/${id}`}
            />
          )}
        </Paper>
        <Stack style={{ flex: 1, minWidth: 0 }} gap="xs">
          {!fileId && (
            <Paper withBorder p="lg" radius="sm">
              <Text size="sm" c="dimmed">
                Open a file on the left, or create one. Services are classes registered with{' '}
                <span className="mono">Backendless.ServerCode.addService(MyService)</span>.
              </Text>
            </Paper>
          )}
          {fileId && content.isError && buffers[fileId] === undefined && (
            <ErrorAlert error={content.error} parent={{ to: base, label: 'All files' }} />
          )}
          {fileId && (content.isSuccess || buffers[fileId] !== undefined || !known) && (
            <>
              <Text size="xs" c="dimmed" className="mono">
                {fileId}
                {dirty.has(fileId) ? ' ● unsaved' : ''}
              </Text>
              <CodeEditor
                key={fileId}
                label={`Code of ${fileId}`}
                fileName={fileId}
                value={text}
                onChange={edit}
                onSave={saveAll}
                height={560}
              />
            </>
          )}
        </Stack>
      </Group>
      <DeployModal
        opened={deploying}
        onClose={() => setDeploying(false)}
        model={model}
        files={[...new Set([...fileList.map((f) => f.id), ...dirty])]}
        unsaved={[...dirty]}
        onDeploy={runDeploy}
        deploying={deploy.isPending}
        error={deploy.error}
      />
      <DeploymentsDrawer appId={appId} model={model} opened={history} onClose={() => setHistory(false)} />
      <NameModal
        opened={newFile}
        onClose={() => setNewFile(false)}
        title="New draft file"
        label="Path"
        description="Folders with /, e.g. services/orders.js. The file is saved with your first save."
        confirmLabel="Create"
        validate={(path) =>
          checkDraftPath(
            path,
            fileList.map((f) => f.id),
          )
        }
        onSubmit={(path) => {
          setNewFile(false);
          setBuffers((b) => ({ ...b, [path]: '' }));
          void navigate(`${base}/${path}`);
        }}
      />
    </Stack>
  );
}
