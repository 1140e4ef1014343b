import { Link, Outlet, useParams } from 'react-router';
import { Button } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useOperatorInfo } from '../api/marketplace.queries';
import { MARKETPLACE_SECTIONS } from '../sections';
import { PageHeader } from '../../../components/PageHeader';
import { AreaTabs } from '../../../components/AreaTabs';

/** The Marketplace area of an app (decision 0088): browse and install into this app, and the developer's own side. */
export default function MarketplaceLayout() {
  const { appId = '' } = useParams();
  const operator = useOperatorInfo();
  return (
    <>
      <PageHeader
        title="Marketplace"
        description="Components, services and templates other developers publish, installed into this app in a few steps."
        actions={
          operator.data?.operator && (
            <Button
              component={Link}
              to="/operator/products"
              variant="default"
              leftSection={<IconChecklist size={16} />}
            >
              Product approvals
            </Button>
          )
        }
      />
      <AreaTabs base={`/apps/${appId}/marketplace`} tabs={MARKETPLACE_SECTIONS} label="Marketplace pages" />
      <Outlet />
    </>
  );
}
