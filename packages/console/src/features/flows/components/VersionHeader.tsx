import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { FlowVersion } from '@basalt/shared';
import { PageHeader } from '../../../components/PageHeader';
import { AreaTabs } from '../../../components/AreaTabs';
import { VersionStatusBadge } from './VersionStatusBadge';

/** What a version shows besides its canvas, each a tab that is a link. */
export const VERSION_TABS = [
  { segment: 'instances', label: 'Instances' },
  { segment: 'logs', label: 'Logs' },
  { segment: 'metrics', label: 'Metrics' },
  { segment: 'sla', label: 'SLA' },
] as const;

/** The header of a version's instances, logs, metrics and SLA pages: name, status, back to the editor, tabs. */
export function VersionHeader({
  appId,
  version: v,
  title,
  actions,
}: {
  appId: string;
  version: FlowVersion;
  title: string;
  actions?: ReactNode;
}) {
  const base = `/apps/${appId}/flows/${v.flowId}/${v.id}`;
  return (
    <>
      <PageHeader
        title={`${title} of ${v.name} v${v.versionNumber}`}
        description={<VersionStatusBadge version={v} />}
        actions={
          <>
            {actions}
            <Button variant="default" component={Link} to={base} leftSection={<IconArrowLeft size={18} stroke={1.5} />}>
              Back to the editor
            </Button>
          </>
        }
      />
      <AreaTabs base={base} tabs={VERSION_TABS} label="Version pages" />
    </>
  );
}
