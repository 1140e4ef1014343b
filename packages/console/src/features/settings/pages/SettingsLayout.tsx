import { Outlet, useParams } from 'react-router';
import { PageHeader } from '../../../components/PageHeader';
import { AreaTabs } from '../../../components/AreaTabs';
import { SETTINGS_SECTIONS } from '../sections';

/** Settings: one tab per section; sections not built yet say so on their own tab. */
export default function SettingsLayout() {
  const { appId = '' } = useParams();
  return (
    <>
      <PageHeader
        title="Settings"
        description="How this app is set up: its name and copies, keys, domains, push credentials, mail and logging."
      />
      <AreaTabs
        base={`/apps/${appId}/settings`}
        tabs={SETTINGS_SECTIONS.map((s) => ({ segment: s.segment, label: s.label }))}
        label="Settings sections"
      />
      <Outlet />
    </>
  );
}
