import { Outlet, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { AreaTabs } from '../../security/components/AreaTabs';

const tabs = [
  { segment: '', label: 'Users' },
  { segment: 'registration', label: 'Registration' },
  { segment: 'login', label: 'Login' },
  { segment: 'providers', label: 'Providers' },
  { segment: 'auth0', label: 'Auth0' },
];

export default function UsersLayout() {
  const { appId = '' } = useParams();
  return (
    <>
      <PageHeader title="Users" description="The people who sign in to your app: how they register, log in and which providers they may use." />
      <AreaTabs base={`/apps/${appId}/users`} tabs={tabs} label="Users pages" />
      <Outlet />
    </>
  );
}
