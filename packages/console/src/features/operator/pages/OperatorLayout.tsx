import { Outlet } from 'react-router';
import { Skeleton, Stack } from '@mantine/core';
import { AreaTabs } from '../../../components/AreaTabs';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { PageHeader } from '../../../components/PageHeader';
import { useOperator } from '../api/operator.queries';
import { OperatorRefusal } from '../components/OperatorRefusal';
import { OPERATOR_SECTIONS } from '../sections';

/**
 * Frame of `/operator/*`: only the server's operators see its pages; everyone else gets the 403
 * page naming the rule. The server refuses every operator route to them anyway (403).
 */
export default function OperatorLayout() {
  const operator = useOperator();
  if (operator.isPending)
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton height={32} width={240} />
        <Skeleton height={36} />
        <Skeleton height={240} />
      </Stack>
    );
  if (operator.isError) return <ErrorAlert error={operator.error} onRetry={() => void operator.refetch()} />;
  if (!operator.data.operator) return <OperatorRefusal operatorsFrom={operator.data.operatorsFrom} />;
  return (
    <>
      <PageHeader
        title="Operator"
        description="Runs this server for everyone on it: plans and invoices, products, moderation and the feature switches."
      />
      <AreaTabs base="/operator" tabs={OPERATOR_SECTIONS} label="Operator sections" />
      <Outlet />
    </>
  );
}
