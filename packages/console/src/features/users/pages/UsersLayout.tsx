import { Outlet, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { AreaTabs } from '../../../components/AreaTabs';
import { USERS_SECTIONS } from '../sections';

export default function UsersLayout() {
  const { appId = '' } = useParams();
  return (
    <>
      <PageHeader
        title="Users"
        description="The people who sign in to your app: how they register, log in and which providers they may use."
      />
      <AreaTabs base={`/apps/${appId}/users`} tabs={USERS_SECTIONS} label="Users pages" />
      <Outlet />
    </>
  );
}
