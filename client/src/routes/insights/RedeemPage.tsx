import { RedeemCodeForm } from '../../features/merchants/RedeemCodeForm.tsx';
import { RedeemFileForm } from '../../features/merchants/RedeemFileForm.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { useInsightsBusiness } from './InsightsLayout.tsx';

/** /insights/redeem: the till — redeem a typed code (and undo it within 15 minutes) or a file of codes. */
export function Component() {
  const businessId = useInsightsBusiness();
  return (
    <>
      <PageHeading>Redeem vouchers</PageHeading>
      <div className="till-grid">
        <RedeemCodeForm businessId={businessId} />
        <RedeemFileForm businessId={businessId} />
      </div>
    </>
  );
}
