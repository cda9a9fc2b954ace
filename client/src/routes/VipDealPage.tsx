import { Component as DealPageComponent } from './DealPage.tsx';
import { MainWithSkeleton } from '../ui/Main.tsx';

/**
 * /deal/vip/{dealId}[/{blurb}.html] (spec §2 page type vipDeal: a deal-type first segment, a
 * second segment starting with vip; the VIP subscription deal of spec §7): the deal page itself,
 * outside a location's frame. Its head's canonical is the deal's own url (DealPage's dealHead),
 * so the VIP url is never duplicate content. DealPage's loader reads the id (domain parseDealPath).
 */
export { loader, ErrorBoundary } from './DealPage.tsx';

export function Component() {
  return (
    <MainWithSkeleton>
      <DealPageComponent />
    </MainWithSkeleton>
  );
}
