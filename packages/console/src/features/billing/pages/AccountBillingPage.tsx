import { PageHeader } from '../../../components/PageHeader';
import { PaymentProfiles } from '../components/PaymentProfiles';

/**
 * `/account/payment-profiles`: the account's payment profiles outside any app. Stripe sends
 * the developer back here after the card is entered.
 */
export default function AccountBillingPage() {
  return (
    <>
      <PageHeader title="Billing profiles" description="Who pays for your apps, and how." />
      <PaymentProfiles />
    </>
  );
}
