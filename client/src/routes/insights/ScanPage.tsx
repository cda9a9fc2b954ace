import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { Scanner } from '../../features/merchants/scan/Scanner.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { useInsightsBusiness } from './InsightsLayout.tsx';

/** The till's own web app manifest (client/public/till.webmanifest): "Thistle Deals Till", opening here. */
const TILL_MANIFEST = '/till.webmanifest';

/**
 * While the scanner is open the page names the till's manifest instead of the shop's, so the
 * browser offers to install the till (its own name and icons, starting at /insights/scan, scoped
 * to /insights/) rather than the shop. Chromium reads the manifest link as it changes.
 */
function useTillManifest() {
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    if (!link) return;
    const shop = link.getAttribute('href');
    link.setAttribute('href', TILL_MANIFEST);
    return () => {
      if (shop !== null) link.setAttribute('href', shop);
    };
  }, []);
}

/** /insights/scan: redeem vouchers by their QR code with the device's camera, offline too. */
export function Component() {
  const businessId = useInsightsBusiness();
  const [params] = useSearchParams();
  useTillManifest();
  const business = params.get('business');
  return (
    <>
      <PageHeading>Scan vouchers</PageHeading>
      <Scanner businessId={businessId} typedTill={`/insights/redeem${business ? `?business=${encodeURIComponent(business)}` : ''}`} />
    </>
  );
}
