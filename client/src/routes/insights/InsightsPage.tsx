import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link, useSearchParams } from 'react-router';
import { NOINDEX_ROBOTS } from '@shop/domain';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { LoginRequired } from '../../features/layouts/LoginRequired.tsx';
import { MerchantHeader } from '../../features/merchants/MerchantHeader.tsx';
import { RedeemCodeForm } from '../../features/merchants/RedeemCodeForm.tsx';
import { RedeemFileForm } from '../../features/merchants/RedeemFileForm.tsx';
import { Main } from '../../ui/Main.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import type { InsightsPageQuery } from '../../__generated__/InsightsPageQuery.graphql';
import '../../features/merchants/merchants.css';

const query = graphql`
  query InsightsPageQuery {
    viewer {
      merchant {
        businesses {
          id
        }
        ...MerchantHeader_account
      }
    }
  }
`;

/**
 * /insights (spec §2 page type dashboard; issue 17): the merchant's dashboard, for now its till —
 * redeem a typed code (and undo it within 15 minutes) or a file of codes — for the business
 * chosen in the merchant's bar (?business=). Signed out: the login page, back here after (as the
 * account pages: LoginRequired). Signed in without a business: says so.
 */
export function Component() {
  return (
    <LoginRequired layout="account">
      <Main>
        <Seo title="Merchant dashboard" description="Redeem your customers' vouchers." robots={NOINDEX_ROBOTS} />
        <div className="container">
          <Suspense fallback={<PageSkeleton />}>
            <Till />
          </Suspense>
        </div>
      </Main>
    </LoginRequired>
  );
}

function Till() {
  const { viewer } = useLazyLoadQuery<InsightsPageQuery>(query, {}, { fetchPolicy: 'store-and-network' });
  const [params, setParams] = useSearchParams();
  // Signed out meanwhile: the guard is on its way to the login page.
  if (!viewer) return null;
  const merchant = viewer.merchant;
  if (!merchant) {
    return (
      <>
        <PageHeading>Merchant dashboard</PageHeading>
        <p>This account is not a member of any business on Thistle Deals, so there is no dashboard to show.</p>
        <p>
          Run a business? <Link to="/merchant/apply">Become a merchant</Link>.
        </p>
      </>
    );
  }
  const chosen = params.get('business');
  const businessId = merchant.businesses.find((b) => b.id === chosen)?.id ?? merchant.businesses[0]!.id;
  return (
    <>
      <MerchantHeader account={merchant} businessId={businessId} onBusiness={(id) => setParams({ business: id }, { replace: true })} />
      <PageHeading>Redeem vouchers</PageHeading>
      {/* Keyed by the business: a result shown for one business never offers an undo for another. */}
      <div className="till-grid" key={businessId}>
        <RedeemCodeForm businessId={businessId} />
        <RedeemFileForm businessId={businessId} />
      </div>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
