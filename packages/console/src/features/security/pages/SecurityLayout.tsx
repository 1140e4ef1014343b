import { Outlet, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { AreaTabs } from '../components/AreaTabs';

const tabs = [
  { segment: 'roles', label: 'Roles' },
  { segment: 'permissions', label: 'Permissions' },
  { segment: 'run-as', label: 'Run as' },
  { segment: 'sessions', label: 'Sessions' },
  { segment: 'safety', label: 'Safety' },
];

export default function SecurityLayout() {
  const { appId = '' } = useParams();
  return (
    <>
      <PageHeader title="Security" description="Who may do what with this app's data, files and channels, and the switches for bad days." />
      <AreaTabs base={`/apps/${appId}/security`} tabs={tabs} label="Security pages" />
      <Outlet />
    </>
  );
}
