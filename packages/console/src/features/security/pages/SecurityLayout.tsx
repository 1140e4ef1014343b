import { Outlet, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { AreaTabs } from '../../../components/AreaTabs';
import { SECURITY_SECTIONS } from '../sections';

export default function SecurityLayout() {
  const { appId = '' } = useParams();
  return (
    <>
      <PageHeader
        title="Security"
        description="Who may do what with this app's data, files and channels, and the switches for bad days."
      />
      <AreaTabs base={`/apps/${appId}/security`} tabs={SECURITY_SECTIONS} label="Security pages" />
      <Outlet />
    </>
  );
}
