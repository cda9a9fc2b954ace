import { Suspense, useCallback } from 'react';
import { fetchQuery, graphql, loadQuery, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData } from 'react-router';
import { environment } from '../../relay/environment.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { AccountPage } from '../../features/accounts/AccountPage.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { LoyaltySummary } from '../../features/rewards/LoyaltySummary.tsx';
import { ExchangePointsForm } from '../../features/rewards/ExchangePointsForm.tsx';
import { PointsActivityList } from '../../features/rewards/PointsActivityList.tsx';
import type { RewardsPageQuery } from '../../__generated__/RewardsPageQuery.graphql';
import '../../features/rewards/rewards.css';

let held: PreloadedQuery<RewardsPageQuery> | undefined;

/**
 * /myaccount/rewards (spec §2 account area; issue 18 point 6): the loyalty club: the level badge
 * in its colour, points, pending points and points to the next level, the exchange of points for
 * wallet credit (spec §5 texts) and the points activity. When the club cannot be read (spec §8)
 * the page says so and shows no figures; nothing else breaks.
 */
export function loader() {
  held?.dispose();
  held = loadQuery<RewardsPageQuery>(environment, query, {}, { fetchPolicy: 'network-only' });
  return held;
}

export function Component() {
  const ref = useLoaderData() as PreloadedQuery<RewardsPageQuery>;
  return (
    <AccountPage title="My Rewards" lede="Your loyalty club level and points, and points exchanged for wallet credit.">
      <Suspense fallback={<p aria-busy="true">Loading your rewards…</p>}>
        <Rewards queryRef={ref} />
      </Suspense>
    </AccountPage>
  );
}

function Rewards({ queryRef }: { queryRef: PreloadedQuery<RewardsPageQuery> }) {
  const { viewer } = usePreloadedQuery<RewardsPageQuery>(query, queryRef);
  // The figures again from the server after an exchange: this page and the header's panel.
  const reload = useCallback(() => void fetchQuery<RewardsPageQuery>(environment, query, {}, { fetchPolicy: 'network-only' }).subscribe({}), []);
  // Signed out meanwhile: the layout's guard is already on its way to the login page.
  if (!viewer) return null;
  if (!viewer.loyalty) {
    return (
      <Notice title="Your rewards are not available right now" variant="info" headingLevel={2}>
        <p>Sorry, we could not load your loyalty points. Please try again in a few minutes. Your points are safe.</p>
      </Notice>
    );
  }
  return (
    <>
      <LoyaltySummary loyalty={viewer.loyalty} />
      <ExchangePointsForm loyalty={viewer.loyalty} onExchanged={reload} />
      <p>
        Exchanged points become promotional wallet credit: see it in <Link to="/myaccount/wallet">My Wallet</Link>.
      </p>
      <PointsActivityList viewer={viewer} />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query RewardsPageQuery {
    viewer {
      # The id keeps the viewer one record in the store, shared with the header and the other pages.
      # eslint-disable-next-line relay/unused-fields
      id
      loyalty {
        # The header's loyalty panel reads these from the same record.
        # eslint-disable-next-line relay/unused-fields
        currentPoints
        ...LoyaltySummary_loyalty
        ...ExchangePointsForm_loyalty
      }
      ...PointsActivityList_viewer
    }
  }
`;
