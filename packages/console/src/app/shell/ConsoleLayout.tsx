import { Outlet, useLocation } from 'react-router';
import { AppShell } from '@mantine/core';
import { TopBar } from './TopBar';
import { Breadcrumbs, type Crumb } from './Breadcrumbs';
import { MainContent } from './MainContent';
import { OPERATOR_SECTIONS } from '../../features/operator/sections';

function crumbsFor(pathname: string): Crumb[] {
  if (pathname.startsWith('/account/security')) return [{ label: 'Account', to: '/account' }, { label: 'Security' }];
  if (pathname.startsWith('/account/payment-profiles'))
    return [{ label: 'Account', to: '/account' }, { label: 'Payment profiles' }];
  if (pathname.startsWith('/account/server')) return [{ label: 'Account', to: '/account' }, { label: 'Server' }];
  if (pathname.startsWith('/account')) return [{ label: 'Account' }];
  if (pathname.startsWith('/missions')) return [{ label: 'Missions' }];
  if (pathname.startsWith('/community')) return [{ label: 'Community' }];
  if (pathname.startsWith('/operator')) {
    const section = OPERATOR_SECTIONS.find((s) => pathname.startsWith(`/operator/${s.segment}`));
    return section ? [{ label: 'Operator', to: '/operator' }, { label: section.label }] : [{ label: 'Operator' }];
  }
  return [{ label: 'Apps', to: '/apps' }];
}

/** Frame of the screens outside an app: the apps list, the account pages, Missions, Community and the Operator area. */
export function ConsoleLayout() {
  const { pathname } = useLocation();
  return (
    <AppShell header={{ height: 48 }} padding={0}>
      <AppShell.Header>
        <TopBar breadcrumbs={<Breadcrumbs items={crumbsFor(pathname)} />} />
      </AppShell.Header>
      <MainContent>
        <Outlet />
      </MainContent>
    </AppShell>
  );
}
