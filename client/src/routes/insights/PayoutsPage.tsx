import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { useSearchParams } from 'react-router';
import { londonDate } from '@shop/domain/london-time';
import { londonWeekOf } from '@shop/domain/payouts';
import { PayoutStatementDetail } from '../../features/merchants/payouts/PayoutStatementDetail.tsx';
import { PayoutStatementList } from '../../features/merchants/payouts/PayoutStatementList.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import type { PayoutsPageQuery } from '../../__generated__/PayoutsPageQuery.graphql';
import { useInsightsBusiness } from './InsightsLayout.tsx';
import '../../features/merchants/payouts/payouts.css';

const query = graphql`
  query PayoutsPageQuery($businessId: ID!, $week: String!) {
    viewer {
      merchant {
        business(id: $businessId) {
          ...PayoutStatementList_business
          payoutStatement(from: $week) {
            __typename
            ...PayoutStatementDetail_statement @alias(as: "detail")
            ... on ValidationError {
              message
            }
          }
        }
      }
    }
  }
`;

/**
 * /insights/payouts (issue 17 point 6): the chosen business's weekly payout statements, newest
 * first, and one of them opened with its lines and its CSV and PDF (?week= its Monday; this week
 * by default).
 */
export function Component() {
  const businessId = useInsightsBusiness();
  const [params] = useSearchParams();
  const week = params.get('week') ?? londonDate(londonWeekOf(new Date()).from);
  const hrefOf = (w: string) => {
    const next = new URLSearchParams(params);
    next.set('week', w);
    return `/insights/payouts?${next}`;
  };
  return (
    <>
      <PageHeading>Payouts</PageHeading>
      <Suspense
        fallback={
          <p role="status" className="payouts-note">
            Loading payouts…
          </p>
        }
      >
        <Payouts businessId={businessId} week={week} hrefOf={hrefOf} />
      </Suspense>
    </>
  );
}

function Payouts({ businessId, week, hrefOf }: { businessId: string; week: string; hrefOf: (week: string) => string }) {
  const { viewer } = useLazyLoadQuery<PayoutsPageQuery>(query, { businessId, week }, { fetchPolicy: 'store-and-network' });
  const business = viewer?.merchant?.business;
  // Signed out, or no longer a member, meanwhile: the layout says so on its next load.
  if (!business) return <p>This business's payouts are not available to this account.</p>;
  const { payoutStatement } = business;
  return (
    <div className="payouts">
      {payoutStatement.detail ? (
        <PayoutStatementDetail statement={payoutStatement.detail} />
      ) : (
        <p role="alert">{payoutStatement.__typename === 'ValidationError' ? payoutStatement.message : 'Sorry, this statement could not be shown.'}</p>
      )}
      <PayoutStatementList business={business} openWeek={week} hrefOf={hrefOf} />
    </div>
  );
}
