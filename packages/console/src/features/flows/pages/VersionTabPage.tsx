import { useLocation, useParams } from 'react-router';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useCrumbLabel } from '../../../app/shell/crumb-labels';
import { useFlowVersion } from '../api/flows.queries';
import { VersionHeader } from '../components/VersionHeader';
import { LogsTab } from '../components/LogsTab';
import { MetricsTab } from '../components/MetricsTab';
import { SlaTab } from '../components/SlaTab';

const TITLES = { logs: 'Logs', metrics: 'Metrics', sla: 'SLA' } as const;
type Tab = keyof typeof TITLES;

/** Flows › a version's logs, metrics or SLA (`…/:versionId/logs`, `…/metrics`, `…/sla`). */
export default function VersionTabPage() {
  const { appId = '', flowId = '', versionId = '' } = useParams();
  const tab = (useLocation().pathname.split('/').pop() ?? 'logs') as Tab;
  const version = useFlowVersion(appId, versionId);
  useCrumbLabel(flowId, version.data?.name);
  useCrumbLabel(versionId, version.data ? `v${version.data.versionNumber}` : undefined);
  useCrumbLabel(tab, TITLES[tab]);

  if (version.isPending) return <PageSkeleton />;
  if (version.isError)
    return (
      <ErrorAlert
        error={version.error}
        onRetry={() => void version.refetch()}
        parent={{ to: `/apps/${appId}/flows`, label: 'All flows' }}
      />
    );
  const v = version.data;
  return (
    <>
      <VersionHeader appId={appId} version={v} title={TITLES[tab] ?? 'Logs'} />
      {tab === 'logs' && <LogsTab appId={appId} version={v} />}
      {tab === 'metrics' && <MetricsTab appId={appId} version={v} />}
      {tab === 'sla' && <SlaTab appId={appId} version={v} />}
    </>
  );
}
