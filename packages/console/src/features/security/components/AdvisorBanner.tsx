import { Link } from 'react-router';
import { Alert, Anchor } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useAdvisor } from '../api/advisor.queries';

/** On the app overview: shown while the advisor reports any high risk, linking to the advisor. */
export function AdvisorBanner({ appId }: { appId: string }) {
  const { data } = useAdvisor(appId);
  const high = data?.risks.filter((r) => r.level === 'high') ?? [];
  if (!high.length) return null;
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={`${high.length} high security risk${high.length === 1 ? '' : 's'}`}
    >
      {high[0]!.title}
      {high.length > 1 ? ` and ${high.length - 1} more` : ''}.{' '}
      <Anchor component={Link} to={`/apps/${appId}/security/advisor`}>
        Open the security advisor
      </Anchor>
    </Alert>
  );
}
