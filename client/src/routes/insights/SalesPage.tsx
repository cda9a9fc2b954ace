import { Suspense, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useSearchParams } from 'react-router';
import { addDaysToDate, londonDate } from '@shop/domain/london-time';
import { PeriodPicker } from '../../features/merchants/sales/PeriodPicker.tsx';
import { RecentRedemptions } from '../../features/merchants/sales/RecentRedemptions.tsx';
import { SalesDashboard } from '../../features/merchants/sales/SalesDashboard.tsx';
import { SalesSkeleton } from '../../features/merchants/sales/SalesSkeleton.tsx';
import { periodOf, type SalesPeriod } from '../../features/merchants/sales/sales-words.ts';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { QuietBoundary } from '../../features/lists/QuietBoundary.tsx';
import { UpcomingDeals } from '../../features/preview/UpcomingDeals.tsx';
import type { SalesPageQuery } from '../../__generated__/SalesPageQuery.graphql';
import { useInsightsBusiness } from './InsightsLayout.tsx';
import '../../features/merchants/sales/sales.css';

const query = graphql`
  query SalesPageQuery($businessId: ID!, $from: String!, $to: String!) {
    viewer {
      merchant {
        business(id: $businessId) {
          name
          sales(from: $from, to: $to) {
            __typename
            ...SalesDashboard_sales @alias(as: "dashboard")
            ... on ValidationError {
              message
            }
          }
        }
        ...RecentRedemptions_account @arguments(businessId: $businessId)
      }
    }
  }
`;

/**
 * /insights (the dashboard's index, tab "Sales"; issue 17 point 2): the chosen business's units
 * sold, redeemed, refunded and expired over the last 7, 30 or 90 London days (?period=, default
 * 30), and its recent redemptions. The period picker stays while a new period loads.
 */
export function Component() {
  const businessId = useInsightsBusiness();
  const [params, setParams] = useSearchParams();
  const period = periodOf(params.get('period'));
  // The router changes the period in a transition: the figures of the old period stay on screen
  // until the new ones load. The choice shows at once (and the figures are marked busy meanwhile);
  // it is forgotten as soon as the URL moves on (the new period, or back).
  const [choice, setChoice] = useState<{ period: SalesPeriod; over: SalesPeriod } | null>(null);
  const waiting = choice !== null && choice.over === period && choice.period !== period;
  const to = londonDate(new Date());
  const from = addDaysToDate(to, -(period - 1));
  return (
    <>
      <div className="sales-head">
        <PageHeading>Sales</PageHeading>
        <PeriodPicker
          value={waiting ? choice.period : period}
          onChange={(p) => {
            setChoice({ period: p, over: period });
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                next.set('period', String(p));
                return next;
              },
              { replace: true },
            );
          }}
        />
      </div>
      <div className={waiting ? 'sales-wait' : undefined} aria-busy={waiting || undefined}>
        <Suspense fallback={<SalesSkeleton />}>
          <Sales businessId={businessId} from={from} to={to} />
        </Suspense>
      </div>
      {/* Its deals not live yet, each with a Preview link (issue 19 point 6); a failure here leaves the sales as they are. */}
      <QuietBoundary>
        <Suspense fallback={null}>
          <UpcomingDeals businessId={businessId} />
        </Suspense>
      </QuietBoundary>
    </>
  );
}

function Sales({ businessId, from, to }: { businessId: string; from: string; to: string }) {
  const { viewer } = useLazyLoadQuery<SalesPageQuery>(query, { businessId, from, to }, { fetchPolicy: 'store-and-network' });
  const merchant = viewer?.merchant;
  const business = merchant?.business;
  // Signed out, or no longer a member, meanwhile: the layout says so on its next load.
  if (!merchant || !business) return <p>This business's sales are not available to this account.</p>;
  const { sales } = business;
  return (
    <>
      {sales.dashboard ? <SalesDashboard sales={sales.dashboard} businessName={business.name} /> : <p role="alert">{sales.__typename === 'ValidationError' ? sales.message : 'Sorry, the sales could not be shown.'}</p>}
      <RecentRedemptions account={merchant} redeemHref={`/insights/redeem?business=${encodeURIComponent(businessId)}`} />
    </>
  );
}
