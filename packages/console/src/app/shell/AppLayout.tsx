import { Outlet, useLocation, useParams } from 'react-router';
import { AppShell } from '@mantine/core';
import { useHotkeys, useLocalStorage } from '@mantine/hooks';
import { Areas } from '@basalt/shared';
import { TopBar } from './TopBar';
import { Breadcrumbs } from './Breadcrumbs';
import { appCrumbs } from './app-crumbs';
import { useCrumbLabels } from './crumb-labels';
import { AppSwitcher } from './AppSwitcher';
import { AppSidebar } from './AppSidebar';
import { MainContent } from './MainContent';
import { useGetApps } from '../../features/apps/api/apps.queries';
import { SafetyBanner } from '../../features/security/components/SafetyBanner';
import { useImportJobsInTray } from '../../features/data/api/import-jobs.queries';
import { useTransferJobsInTray } from '../../features/data/api/transfer-imports.queries';
import { useLifecycleInTray } from '../../features/lifecycle/api/lifecycle-tasks';
import { useReportAreaVisits } from '../../features/audit/api/activity.queries';

const SIDEBAR_WIDTH = 232;
const RAIL_WIDTH = 56;

/** Frame of everything inside one app: top bar with switcher and breadcrumbs, areas sidebar. */
export function AppLayout() {
  const { appId = '' } = useParams();
  const { pathname } = useLocation();
  const { data: apps } = useGetApps();
  const app = apps?.find((a) => a.id === appId);
  // Import jobs run on the server: after a reload the tray finds the unfinished ones again.
  useImportJobsInTray(appId);
  useTransferJobsInTray(appId);
  // So do clones, exports, imports and resets of the app.
  useLifecycleInTray(appId, app?.appName);

  // Wide screens start expanded, narrower ones as a rail; once chosen, the choice is kept.
  const [mode, setMode] = useLocalStorage<'expanded' | 'rail'>({
    key: 'basalt.sidebar',
    defaultValue: window.innerWidth >= 1440 ? 'expanded' : 'rail',
    getInitialValueInEffect: false,
  });
  const rail = mode === 'rail';
  const toggle = () => setMode(rail ? 'expanded' : 'rail');
  useHotkeys([['[', toggle]]);

  const area = Areas.find((a) => a.segment === pathname.slice(`/apps/${appId}/`.length).split('/')[0]);
  // The audit area's Console activity lists the areas opened (activityManager).
  useReportAreaVisits(appId, area?.segment);
  const crumbs = appCrumbs(pathname, appId, app?.appName, useCrumbLabels());

  return (
    <AppShell header={{ height: 48 }} navbar={{ width: rail ? RAIL_WIDTH : SIDEBAR_WIDTH, breakpoint: 0 }} padding={0}>
      <AppShell.Header>
        <TopBar
          switcher={<AppSwitcher current={app} area={area?.segment ?? 'overview'} />}
          breadcrumbs={<Breadcrumbs items={crumbs} />}
        />
      </AppShell.Header>
      <AppShell.Navbar>
        <AppSidebar appId={appId} rail={rail} onToggleRail={toggle} />
      </AppShell.Navbar>
      <MainContent>
        <SafetyBanner appId={appId} />
        <Outlet />
      </MainContent>
    </AppShell>
  );
}
