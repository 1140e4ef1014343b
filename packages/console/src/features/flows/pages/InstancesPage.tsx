import { useParams } from 'react-router';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useCrumbLabel } from '../../../app/shell/crumb-labels';
import { useFlowVersion } from '../api/flows.queries';
import { InstancesTable } from '../components/InstancesTable';
import { InstanceView } from '../components/InstanceView';

/** Flows › instances of a version, or one instance on the canvas (`…/instances/:executionId`). */
export default function InstancesPage() {
  const { appId = '', flowId = '', versionId = '', executionId } = useParams();
  const version = useFlowVersion(appId, versionId);
  useCrumbLabel(flowId, version.data?.name);
  useCrumbLabel(versionId, version.data ? `v${version.data.versionNumber}` : undefined);
  useCrumbLabel('instances', 'Instances');
  useCrumbLabel(executionId, executionId ? executionId.slice(0, 8) : undefined);

  if (version.isPending) return <PageSkeleton />;
  if (version.isError)
    return (
      <ErrorAlert
        error={version.error}
        onRetry={() => void version.refetch()}
        parent={{ to: `/apps/${appId}/flows`, label: 'All flows' }}
      />
    );
  return executionId ? (
    <InstanceView appId={appId} version={version.data} executionId={executionId} />
  ) : (
    <InstancesTable appId={appId} version={version.data} />
  );
}
