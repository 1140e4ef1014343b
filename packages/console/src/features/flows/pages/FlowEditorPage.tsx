import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, Center, Loader, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useHotkeys } from '@mantine/hooks';
import { IconLock } from '@tabler/icons-react';
import type { FlowVersion } from '@basalt/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useCrumbLabel } from '../../../app/shell/crumb-labels';
import { errorInfo } from '../../../lib/errors';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard';
import { useFlowVersion, useFlowVersions, useSaveFlowVersion, useVersionLifecycle } from '../api/flows.queries';
import { Inspector } from '../components/Inspector';
import { Palette } from '../components/Palette';
import { EditorTopBar } from '../components/EditorTopBar';
import { ProblemsPanel } from '../components/ProblemsPanel';
import { TestMonitor } from '../components/TestMonitor';
import {
  addElement,
  commit,
  connect,
  duplicateElement,
  isDirty,
  nextFreePoint,
  redo,
  removeElement,
  removeTransition,
  startHistory,
  undo,
  updateElement,
  withLayout,
  type DraftHistory,
  type FlowDraft,
  type Point,
} from '../flow-draft';
import classes from './FlowEditorPage.module.css';

// React Flow and its styles load only when a canvas is on screen.
const FlowCanvas = lazy(() => import('../canvas/FlowCanvas'));

const draftOf = (v: FlowVersion): FlowDraft => withLayout({ elements: v.elements, transitions: v.transitions });

/** Problems by element id; problems of the whole flow go under ''. */
function problemsById(v: FlowVersion | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const e of v?.validationErrors ?? [])
    map.set(e.elementId ?? '', [...(map.get(e.elementId ?? '') ?? []), e.message]);
  return map;
}

/** Flows › canvas editor of one version (docs/console-screens.md › Flows). */
export default function FlowEditorPage() {
  const { appId = '', flowId = '', versionId = '' } = useParams();
  const navigate = useNavigate();
  const version = useFlowVersion(appId, versionId);
  const versions = useFlowVersions(appId);
  const save = useSaveFlowVersion(appId);
  const lifecycle = useVersionLifecycle(appId);
  const [history, setHistory] = useState<DraftHistory | null>(null);
  const [saved, setSaved] = useState<FlowDraft | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [focusSignal, setFocusSignal] = useState(0);
  const [testing, setTesting] = useState(false);
  const loadedFor = useRef<string | null>(null);

  useCrumbLabel(flowId, version.data?.name);
  useCrumbLabel(versionId, version.data ? `v${version.data.versionNumber}` : undefined);

  // A version opens once; later reads of it (after a save) must not throw away edits.
  useEffect(() => {
    if (!version.data || loadedFor.current === version.data.id) return;
    loadedFor.current = version.data.id;
    const d = draftOf(version.data);
    setHistory(startHistory(d));
    setSaved(d);
    setSelectedId(null);
  }, [version.data]);

  const draft = history?.present;
  const v = version.data;
  const readOnly = !v || v.status === 'LIVE' || v.status === 'PAUSED';
  const dirty = !!draft && !!saved && isDirty(draft, saved);
  const problems = useMemo(() => problemsById(v), [v]);
  useUnsavedChangesGuard(dirty, { message: 'Your changes to this flow are not saved yet.' });

  const change = useCallback(
    (next: FlowDraft, key?: string) => setHistory((h) => (h && !readOnly ? commit(h, next, key) : h)),
    [readOnly],
  );

  const latest = useRef({ draft, v, dirty });
  latest.current = { draft, v, dirty };
  const doSave = useCallback(() => {
    const { draft: d, v: current } = latest.current;
    if (!d || !current || readOnly || save.isPending) return;
    save.mutate(
      { id: current.id, elements: d.elements, transitions: d.transitions },
      {
        onSuccess: (next) => {
          setSaved(d);
          notifications.show({
            color: next.status === 'READY' ? 'green' : 'orange',
            message:
              next.status === 'READY'
                ? `Saved v${next.versionNumber}: READY to enable`
                : `Saved v${next.versionNumber} with ${next.validationErrors.length} problem${next.validationErrors.length === 1 ? '' : 's'} to fix`,
          });
        },
        onError: (e) => notifications.show({ color: 'red', message: errorInfo(e).message }),
      },
    );
  }, [readOnly, save]);

  const add = (type: string, at?: Point) => {
    if (!draft || readOnly) return;
    const near = draft.elements.find((e) => e.id === selectedId)?.position;
    const made = addElement(draft, type, at ?? nextFreePoint(draft, near));
    change(made.draft);
    setSelectedId(made.id);
  };
  const deleteSelected = () => {
    if (!draft || !selectedId || readOnly) return;
    change(removeElement(draft, selectedId));
    setSelectedId(null);
  };

  const duplicateSelected = () => {
    if (!draft || !selectedId || readOnly) return;
    const made = duplicateElement(draft, selectedId);
    if (!made) return;
    change(made.draft);
    setSelectedId(made.id);
  };

  // Mod+S saves from anywhere, inputs included; the other keys leave inputs alone.
  useHotkeys([['mod+S', () => doSave()]], []);
  useHotkeys([
    ['Delete', deleteSelected],
    ['Backspace', deleteSelected],
    ['mod+D', duplicateSelected],
    ['mod+Z', () => setHistory((h) => (h && !readOnly ? undo(h) : h))],
    ['mod+shift+Z', () => setHistory((h) => (h && !readOnly ? redo(h) : h))],
  ]);

  if (version.isPending) return <PageSkeleton />;
  if (version.isError || !v)
    return (
      <ErrorAlert
        error={version.error}
        onRetry={() => void version.refetch()}
        parent={{ to: `/apps/${appId}/flows`, label: 'All flows' }}
      />
    );
  if (!draft || !history) return <PageSkeleton />;

  const selected = draft.elements.find((e) => e.id === selectedId);
  const siblings = (versions.data ?? []).filter((x) => x.flowId === v.flowId);
  const staleProblems = dirty && v.validationErrors.length > 0;

  return (
    <div className={classes.page}>
      <EditorTopBar
        version={v}
        siblings={siblings}
        dirty={dirty}
        canUndo={!readOnly && history.past.length > 0}
        canRedo={!readOnly && history.future.length > 0}
        onUndo={() => setHistory((h) => (h ? undo(h) : h))}
        onRedo={() => setHistory((h) => (h ? redo(h) : h))}
        saving={save.isPending}
        onSave={doSave}
        onPickVersion={(id) => navigate(`/apps/${appId}/flows/${v.flowId}/${id}`)}
        instancesTo={`/apps/${appId}/flows/${v.flowId}/${v.id}/instances`}
        testing={testing}
        onToggleTesting={() => setTesting((t) => !t)}
        lifecycleBusy={lifecycle.isPending}
        onLifecycle={(action) =>
          lifecycle.mutate(
            { action, versionId: v.id },
            {
              onSuccess: (next) => {
                if (action === 'newVersion') navigate(`/apps/${appId}/flows/${next.flowId}/${next.id}`);
                notifications.show({
                  color: 'green',
                  message:
                    action === 'newVersion'
                      ? `v${next.versionNumber} created: edit away`
                      : `v${next.versionNumber} is ${next.status}`,
                });
              },
              onError: (e) => notifications.show({ color: 'red', message: errorInfo(e).message }),
            },
          )
        }
      />
      {readOnly && (
        <Alert color="blue" variant="light" icon={<IconLock size={18} stroke={1.5} />} py={6} mb="xs">
          <Text size="sm">
            v{v.versionNumber} is {v.status} and runs as it is, so it opens read-only. Create a new version to edit it,
            or terminate this one from the <Link to={`/apps/${appId}/flows`}>flow list</Link>.
          </Text>
        </Alert>
      )}
      <div className={classes.body}>
        <Paper withBorder className={classes.palette}>
          <Palette onAdd={(type) => add(type)} disabled={readOnly} />
        </Paper>
        <Paper withBorder className={classes.canvas}>
          <Suspense
            fallback={
              <Center h="100%">
                <Loader size="sm" />
              </Center>
            }
          >
            <FlowCanvas
              draft={draft}
              selectedId={selectedId}
              onSelect={setSelectedId}
              problems={problems}
              readOnly={readOnly}
              onChange={(next) => change(next)}
              onDropElement={add}
              onDeleteEdge={(t) => change(removeTransition(draft, { ...t, to: '' }))}
              focusSignal={focusSignal}
            />
          </Suspense>
          {draft.elements.length === 0 && (
            <div className={classes.emptyHint}>
              <Text size="sm" c="dimmed" ta="center">
                Start with a trigger from the palette: click it, press Enter on it, or drag it here.
              </Text>
            </div>
          )}
        </Paper>
        <Paper withBorder className={classes.inspector}>
          {selected ? (
            <Inspector
              key={selected.id}
              element={selected}
              draft={draft}
              problems={problems.get(selected.id) ?? []}
              readOnly={readOnly}
              onChange={(patch, field) => change(updateElement(draft, selected.id, patch), `${selected.id}:${field}`)}
              onConnect={(port, to) => change(connect(draft, selected.id, port, to))}
              onDelete={deleteSelected}
            />
          ) : (
            <Text size="sm" c="dimmed" p="md">
              Select an element to edit it. Elements connect from their ports at the bottom; you can also pick where
              each port goes in this panel.
            </Text>
          )}
        </Paper>
      </div>
      {testing && (
        <TestMonitor
          appId={appId}
          version={v}
          selectedId={selectedId}
          dirty={dirty}
          onClose={() => setTesting(false)}
        />
      )}
      <ProblemsPanel
        version={v}
        draft={draft}
        stale={staleProblems}
        onPick={(elementId) => {
          setSelectedId(elementId);
          setFocusSignal((n) => n + 1);
        }}
      />
    </div>
  );
}
