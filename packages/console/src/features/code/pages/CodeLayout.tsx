import { Outlet, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { AreaTabs } from '../../../components/AreaTabs';
import { CODE_SECTIONS } from '../sections';

/** Frame of the Cloud Code area: its sections as tabs whose links are real URLs. */
export default function CodeLayout() {
  const { appId = '' } = useParams();
  return (
    <>
      <PageHeader
        title="Cloud Code"
        description="API services, event handlers and timers that run your code in Basalt's sandbox, beside your data."
      />
      <AreaTabs base={`/apps/${appId}/code`} tabs={CODE_SECTIONS} label="Cloud Code sections" />
      <Outlet />
    </>
  );
}
