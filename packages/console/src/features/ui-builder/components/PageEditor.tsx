import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBackUp,
  IconArrowForwardUp,
  IconDeviceDesktop,
  IconDeviceMobile,
  IconDeviceTablet,
} from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useUnsavedChangesGuard } from '../../../lib/useUnsavedChangesGuard';
import { usePageUI, useSavePageUI } from '../api/ui-builder.queries';
import type { PageSummary } from '../api/answers';
import Canvas, { VIEWPORTS, type Viewport } from '../canvas/Canvas';
import { DropHints } from '../canvas/drag';
import { EditorContext, type EditorContextValue, type TableColumns } from '../canvas/editor-context';
import { builtinComponent } from '../model/components';
import { denormalize, normalize } from '../model/doc-state';
import { addNearSelection, dropData, handleEditorKey } from '../model/editor-actions';
import { EditorStore, useAllIssues, useHistoryFlags } from '../model/editor-store';
import { issuesFromError } from '../model/issues';
import type { PageDocument } from '../model/schema';
import { PagesPanel } from './PagesPanel';
import { Palette } from './Palette';
import { PropsPanel } from './PropsPanel';
import { Tree } from './Tree';
import classes from '../pages/EditorPage.module.css';

type Snapshot = EditorStore['history'];
const encode = (s: Snapshot) =>
  JSON.stringify({ past: s.past.slice(-50), present: s.present, future: s.future.slice(0, 50) });
const decode = (json: string): Snapshot | undefined => {
  const s = JSON.parse(json) as Snapshot;
  return s && s.present && Array.isArray(s.past) && Array.isArray(s.future) ? s : undefined;
};

/** Whether keys pressed now belong to a field or a dialog rather than to the canvas. */
const typingIn = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable || !!t.closest('input, textarea, select, [role="dialog"], [role="listbox"], [role="menu"]'));

const VIEW_ICONS = { desktop: IconDeviceDesktop, tablet: IconDeviceTablet, phone: IconDeviceMobile };

/** The editor of one page: palette, tree, canvas and properties over one normalized store. */
export default function PageEditor(props: {
  appId: string;
  container: string;
  page: string;
  pages: PageSummary[];
  tables: TableColumns;
  publishButton: ReactNode;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { appId, container, page } = props;
  const ui = usePageUI(appId, container, page);
  if (ui.isPending)
    return (
      <Center style={{ gridColumn: 'span 3' }}>
        <Loader size="sm" />
      </Center>
    );
  if (ui.isError)
    return (
      <div style={{ gridColumn: 'span 3', padding: 16 }}>
        <ErrorAlert error={ui.error} onRetry={() => void ui.refetch()} />
      </div>
    );
  return <LoadedEditor {...props} doc={ui.data} />;
}

function LoadedEditor({
  appId,
  container,
  page,
  pages,
  tables,
  publishButton,
  onDirtyChange,
  doc,
}: Parameters<typeof PageEditor>[0] & { doc: PageDocument }) {
  const save = useSavePageUI(appId, container);
  const [params, setParams] = useSearchParams();
  const viewport = (params.get('view') ?? 'desktop') as Viewport;
  const [baseJson, setBaseJson] = useState(() => JSON.stringify(doc));
  const store = useMemo(() => {
    const s = new EditorStore(normalize(doc), `basalt.ui-builder.${appId}.${container}.${page}`);
    // Undo history of this session, when it was built on the document the server still holds.
    if (s.restore(JSON.stringify(doc), decode) && JSON.stringify(denormalize(s.state)) === JSON.stringify(doc))
      s.markSaved(s.state);
    return s;
    // One store per page; a refetch of the same page keeps the working copy.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [appId, container, page]);
  const hints = useMemo(() => new DropHints(), []);
  const flags = useHistoryFlags(store);
  const issues = useAllIssues(store);
  const pageIssues = issues[''] ?? [];
  const issueCount = Object.values(issues).reduce((n, l) => n + l.length, 0);

  const ctx = useMemo<EditorContextValue>(
    () => ({ store, hints, tables, drop: (hint, data) => dropData(store, hint, data) }),
    [store, hints, tables],
  );

  useUnsavedChangesGuard(() => store.dirty, { message: `The changes to page ${page} are not saved yet.` });
  useEffect(() => onDirtyChange(flags.dirty), [flags.dirty, onDirtyChange]);
  useEffect(() => {
    const stop = store.subscribe(() => store.persist(baseJson, encode));
    return () => {
      stop();
    };
  }, [store, baseJson]);

  const doSave = () => {
    if (save.isPending) return;
    const document = denormalize(store.state);
    const saved = store.state;
    save.mutate(
      { page, document },
      {
        onSuccess: () => {
          store.markSaved(saved);
          store.setIssues({});
          setBaseJson(JSON.stringify(document));
          notifications.show({ color: 'green', message: `Page ${page} saved` });
        },
        onError: (e) => store.setIssues(issuesFromError(e, document, Object.keys(saved.nodes))),
      },
    );
  };

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const mod = e.metaKey || e.ctrlKey;
      if (mod && e.key.toLowerCase() === 's') {
        e.preventDefault();
        doSave();
        return;
      }
      if (typingIn(e.target)) return;
      if (mod && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        if (e.shiftKey) store.redo();
        else store.undo();
      } else if (mod && e.key.toLowerCase() === 'y') {
        e.preventDefault();
        store.redo();
      } else if (!mod && handleEditorKey(store, e)) e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <EditorContext.Provider value={ctx}>
      <aside className={classes.left} aria-label="Pages and components">
        <Text fw={600} size="sm" className={classes.sectionTitle}>
          Pages
        </Text>
        <PagesPanel appId={appId} container={container} pages={pages} active={page} />
        <Text fw={600} size="sm" className={classes.sectionTitle}>
          Components
        </Text>
        <Palette onAdd={(type) => addNearSelection(store, type)} />
        <Text fw={600} size="sm" className={classes.sectionTitle}>
          Page tree
        </Text>
        <Tree store={store} />
      </aside>
      <section className={classes.center} aria-label={`Page ${page}`}>
        <div className={classes.toolbar}>
          <Text fw={600} truncate style={{ flex: 1, minWidth: 80 }}>
            {page}
            {flags.dirty && (
              <Text span c="dimmed" size="sm" fw={400}>
                {' '}
                · unsaved
              </Text>
            )}
          </Text>
          <SegmentedControl
            size="xs"
            aria-label="Preview size"
            value={viewport}
            onChange={(v) =>
              setParams(
                (p) => {
                  if (v === 'desktop') p.delete('view');
                  else p.set('view', v);
                  return p;
                },
                { replace: true },
              )
            }
            data={(Object.keys(VIEWPORTS) as Viewport[]).map((v) => {
              const Icon = VIEW_ICONS[v];
              return {
                value: v,
                label: (
                  <Tooltip
                    label={`${v.charAt(0).toUpperCase() + v.slice(1)}${VIEWPORTS[v] ? ` (${VIEWPORTS[v]} px)` : ''}`}
                  >
                    <Center>
                      <Icon size={16} stroke={1.5} />
                      <VisuallyHidden>{v.charAt(0).toUpperCase() + v.slice(1)}</VisuallyHidden>
                    </Center>
                  </Tooltip>
                ),
              };
            })}
          />
          <Group gap={2}>
            <Tooltip label="Undo (Ctrl+Z)">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Undo"
                disabled={!flags.undo}
                onClick={() => store.undo()}
              >
                <IconArrowBackUp size={18} stroke={1.5} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Redo (Ctrl+Shift+Z)">
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label="Redo"
                disabled={!flags.redo}
                onClick={() => store.redo()}
              >
                <IconArrowForwardUp size={18} stroke={1.5} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Button size="xs" variant={flags.dirty ? 'filled' : 'default'} loading={save.isPending} onClick={doSave}>
            Save
          </Button>
          {publishButton}
        </div>
        {issueCount > 0 && (
          <Alert color="red" variant="light" m="xs" p="xs" role="alert" title="The page was not saved">
            {pageIssues.map((m) => (
              <Text key={m} size="sm">
                {m}
              </Text>
            ))}
            {Object.entries(issues)
              .filter(([uid]) => uid && store.state.nodes[uid])
              .map(([uid, list]) => (
                <UnstyledButton key={uid} onClick={() => store.select(uid)} display="block">
                  <Text size="sm">
                    <b>
                      {builtinComponent(store.state.nodes[uid].type)?.name ?? store.state.nodes[uid].type} {uid}
                    </b>
                    : {list.join(' · ')}
                  </Text>
                </UnstyledButton>
              ))}
          </Alert>
        )}
        <div className={classes.canvas}>
          <Canvas viewport={viewport} />
        </div>
      </section>
      <aside className={classes.right} aria-label="Properties panel">
        <PropsPanel store={store} tables={tables} />
      </aside>
    </EditorContext.Provider>
  );
}
