import { Suspense, lazy, useMemo, useState } from 'react';
import { NavLink, useParams } from 'react-router';
import { ActionIcon, Button, Center, Loader, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconBox,
  IconBraces,
  IconBrush,
  IconDatabaseExport,
  IconFiles,
  IconLanguage,
  IconLayout,
  IconPalette,
  IconSettings,
} from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { useGetTables } from '../../data';
import { useContainer } from '../api/ui-builder.queries';
import { PagesPanel } from '../components/PagesPanel';
import { PublishModal } from '../components/PublishModal';
import classes from './EditorPage.module.css';

// The canvas, store and panels load with the first open page, not with the page list.
const PageEditor = lazy(() => import('../components/PageEditor'));
// Theme, styles, i18n and settings (decision 0086) load when one of them opens.
const LookSection = lazy(() => import('../components/LookSections'));
const LOOK_SECTIONS = new Set(['theme', 'styles', 'i18n', 'settings']);

const SECTIONS = [
  { id: 'pages', label: 'Pages', icon: IconFiles },
  { id: 'layouts', label: 'Layouts', icon: IconLayout },
  { id: 'components', label: 'Components', icon: IconBox },
  { id: 'theme', label: 'Theme', icon: IconPalette },
  { id: 'styles', label: 'Styles', icon: IconBrush },
  { id: 'functions', label: 'Functions', icon: IconBraces },
  { id: 'i18n', label: 'i18n', icon: IconLanguage },
  { id: 'backups', label: 'Backups', icon: IconDatabaseExport },
  { id: 'settings', label: 'Settings', icon: IconSettings },
] as const;

/** UI Builder › editor of one container (docs/console-screens.md › UI builder › Editor). */
export default function EditorPage() {
  const { appId = '', container = '', section = 'pages', item } = useParams();
  const details = useContainer(appId, container);
  const tablesQuery = useGetTables(appId);
  const [publishing, setPublishing] = useState(false);
  const [dirty, setDirty] = useState(false);
  const tables = useMemo(
    () => new Map((tablesQuery.data ?? []).map((t) => [t.name, t.columns.map((c) => c.name)] as const)),
    [tablesQuery.data],
  );
  const base = `/apps/${appId}/ui/${encodeURIComponent(container)}`;

  if (details.isPending) return <PageSkeleton />;
  if (details.isError)
    return (
      <ErrorAlert
        error={details.error}
        onRetry={() => void details.refetch()}
        parent={{ to: `/apps/${appId}/ui`, label: 'All containers' }}
      />
    );
  const c = details.data;
  const sectionInfo = SECTIONS.find((s) => s.id === section) ?? SECTIONS[0];
  const pageOpen = section === 'pages' && item && c.pages.some((p) => p.name === item);

  const publishButton = (
    <Button size="xs" onClick={() => setPublishing(true)}>
      Publish…
    </Button>
  );

  return (
    <>
      <div className={classes.page}>
        <nav className={classes.rail} aria-label="Container sections">
          {SECTIONS.map((s) => (
            <Tooltip key={s.id} label={s.label} position="right">
              <ActionIcon
                component={NavLink}
                to={`${base}/${s.id}`}
                variant={s.id === sectionInfo.id ? 'light' : 'subtle'}
                color={s.id === sectionInfo.id ? 'indigo' : 'gray'}
                size="lg"
                aria-label={s.label}
                aria-current={s.id === sectionInfo.id ? 'page' : undefined}
              >
                <s.icon size={20} stroke={1.5} />
              </ActionIcon>
            </Tooltip>
          ))}
        </nav>
        {sectionInfo.id === 'pages' && pageOpen ? (
          <Suspense
            fallback={
              <Center style={{ gridColumn: 'span 3' }}>
                <Loader size="sm" />
              </Center>
            }
          >
            <PageEditor
              key={item}
              appId={appId}
              container={container}
              page={item}
              pages={c.pages}
              tables={tables}
              publishButton={publishButton}
              onDirtyChange={setDirty}
            />
          </Suspense>
        ) : LOOK_SECTIONS.has(sectionInfo.id) ? (
          <section className={classes.center} style={{ gridColumn: 'span 3' }}>
            <div className={classes.toolbar}>
              <Text fw={600} style={{ flex: 1 }}>
                {container} · {sectionInfo.label}
              </Text>
              {publishButton}
            </div>
            <Suspense fallback={<Loader size="sm" m="md" />}>
              <LookSection appId={appId} container={container} section={sectionInfo.id} />
            </Suspense>
          </section>
        ) : (
          <>
            <aside className={classes.left}>
              <Text fw={600} size="sm" className={classes.sectionTitle}>
                {sectionInfo.label}
              </Text>
              {sectionInfo.id === 'pages' ? (
                <PagesPanel appId={appId} container={container} pages={c.pages} active={item} />
              ) : (
                <Text size="sm" c="dimmed">
                  Not available yet.
                </Text>
              )}
            </aside>
            <section className={classes.center} style={{ gridColumn: 'span 2' }}>
              <div className={classes.toolbar}>
                <Text fw={600} style={{ flex: 1 }}>
                  {container}
                </Text>
                {publishButton}
              </div>
              <Center style={{ flex: 1 }} p="xl">
                <Stack align="center" gap="xs" maw={420}>
                  {sectionInfo.id === 'pages' ? (
                    <>
                      <Text fw={600}>{item ? `There is no page ${item}` : 'Choose a page to edit'}</Text>
                      <Text size="sm" c="dimmed" ta="center">
                        Pick a page on the left, or create one. Components go on the canvas by drag and drop.
                      </Text>
                    </>
                  ) : (
                    <>
                      <Text fw={600}>{sectionInfo.label}: not available yet</Text>
                      <Text size="sm" c="dimmed" ta="center">
                        This part of the UI Builder is not built yet. Pages can be edited and published now.
                      </Text>
                    </>
                  )}
                </Stack>
              </Center>
            </section>
          </>
        )}
      </div>
      <PublishModal
        appId={appId}
        container={container}
        opened={publishing}
        onClose={() => setPublishing(false)}
        dirty={dirty}
      />
    </>
  );
}
