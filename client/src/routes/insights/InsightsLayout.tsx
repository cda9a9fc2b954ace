import { Suspense } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link, NavLink, Outlet, useOutletContext, useSearchParams } from 'react-router';
import { NOINDEX_ROBOTS } from '@shop/domain';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { LoginRequired } from '../../features/layouts/LoginRequired.tsx';
import { MerchantHeader } from '../../features/merchants/MerchantHeader.tsx';
import { Main } from '../../ui/Main.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { INSIGHTS_SECTIONS } from './insights-nav.ts';
import type { InsightsLayoutQuery } from '../../__generated__/InsightsLayoutQuery.graphql';
import '../../features/merchants/merchants.css';

const query = graphql`
  query InsightsLayoutQuery {
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

/** What every section of the dashboard is given: the business it works for (a global id). */
export interface InsightsContext {
  businessId: string;
}

/** The chosen business, for a section page under /insights. */
export const useInsightsBusiness = () => useOutletContext<InsightsContext>().businessId;

/**
 * /insights (spec §2 page type dashboard; issue 17): the merchant dashboard's own layout — the
 * merchant's bar (business picker, sign out), the section tabs, and the section. Signed out: the
 * login page, back here after (as the account pages: LoginRequired). Signed in without a business:
 * says so. The business is ?business= (a global id); without it, the account's first.
 */
export function Component() {
  return (
    <LoginRequired layout="account">
      <Main>
        <Seo title="Merchant dashboard" description="Your sales, redemptions, bookings and payouts." robots={NOINDEX_ROBOTS} />
        <div className="container">
          <Suspense fallback={<PageSkeleton />}>
            <Dashboard />
          </Suspense>
        </div>
      </Main>
    </LoginRequired>
  );
}

function Dashboard() {
  const { viewer } = useLazyLoadQuery<InsightsLayoutQuery>(query, {}, { fetchPolicy: 'store-and-network' });
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
  const search = chosen ? `?business=${encodeURIComponent(businessId)}` : '';
  return (
    <>
      <MerchantHeader account={merchant} businessId={businessId} onBusiness={(id) => setParams({ business: id }, { replace: true })} />
      <nav className="insights-nav" aria-label="Dashboard sections">
        <ul>
          {INSIGHTS_SECTIONS.map((s) => (
            <li key={s.to}>
              <NavLink to={s.to + search} end={s.end}>
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {/* Keyed by the business: a result shown for one business never offers an undo for another. */}
      <Suspense fallback={<PageSkeleton />} key={businessId}>
        <Outlet context={{ businessId } satisfies InsightsContext} />
      </Suspense>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
