import { PageHeader } from '../../../components/PageHeader';
import { InstancePanel } from '../../instance';
import { AccountTabs } from '../components/AccountTabs';

/** `/account/server`: the licence and instance this console runs on (decision 0071). */
export default function ServerPage() {
  return (
    <>
      <PageHeader title="Account" description="The server this console runs on: licence, version and cluster." />
      <AccountTabs />
      <InstancePanel />
    </>
  );
}
