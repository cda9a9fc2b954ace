import { Suspense, useEffect } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import { Link, useLocation } from 'react-router';
import { BUY_AGAIN_PAGE_SIZE, DEFAULT_LOCATION, NOINDEX_ROBOTS, locationPath } from '@shop/domain';
import { pageOf } from '../lib/list-params.ts';
import { useAuthState } from '../features/navigation/nav-session.ts';
import { savePostLoginUrl } from '../features/layouts/post-login.ts';
import { BuyAgainDeals } from '../features/lists/BuyAgainDeals.tsx';
import { ListEmpty } from '../features/lists/ListEmpty.tsx';
import { clearBuyAgainFlag } from '../features/lists/buy-again.ts';
import { Main } from '../ui/Main.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { DealGridSkeleton } from '../ui/Skeleton.tsx';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import type { BuyAgainPageQuery } from '../__generated__/BuyAgainPageQuery.graphql';
import '../features/lists/lists.css';

/**
 * /buy-again (spec §2, §7: page 0 of 10): deals the signed-in shopper bought before. Guests have
 * none, so they get a sign-in prompt and no request. The list's query starts once the auth state
 * says someone is signed in (accounts land with their own issue).
 */
export function Component() {
  const auth = useAuthState();
  const signedIn = auth.finished && auth.authenticated;
  // Spec §4: reset clears the "has buy-again deals" flag; a guest's list is the reset one.
  useEffect(() => {
    if (auth.finished && !auth.authenticated) clearBuyAgainFlag();
  }, [auth.finished, auth.authenticated]);

  return (
    <Main>
      <div className="container">
        <Seo title="Buy again" description="Deals you’ve bought before, ready to buy again." robots={NOINDEX_ROBOTS} />
        <header className="page-header">
          <PageHeading>Buy again</PageHeading>
          <p className="page-header__lede">Loved it? The deals you’ve bought before, in one place.</p>
        </header>
        {signedIn ? (
          <Suspense fallback={<DealGridSkeleton />}>
            <BuyAgainList />
          </Suspense>
        ) : auth.finished ? (
          <SignInPrompt />
        ) : (
          <DealGridSkeleton />
        )}
      </div>
    </Main>
  );
}

function SignInPrompt() {
  return (
    <div className="empty-state list-empty sign-in-prompt">
      <h2>Sign in to see your past purchases</h2>
      <p>Once you’re signed in, every deal you’ve bought is here, so treating yourself again takes a couple of taps.</p>
      <p className="list-empty__actions">
        <Link className="button button--primary" to="/login" onClick={() => savePostLoginUrl('/buy-again')}>
          Sign in
        </Link>
        <Link className="button button--secondary" to={locationPath(DEFAULT_LOCATION)}>
          Browse today’s deals
        </Link>
      </p>
    </div>
  );
}

function BuyAgainList() {
  const { search } = useLocation();
  const page = pageOf(new URLSearchParams(search));
  const data = useLazyLoadQuery<BuyAgainPageQuery>(query, { first: BUY_AGAIN_PAGE_SIZE, page: page > 1 ? page : null }, { fetchPolicy: 'store-and-network' });
  return (
    <BuyAgainDeals
      query={data}
      empty={
        <ListEmpty title="Nothing to buy again yet" actions={[{ href: locationPath(DEFAULT_LOCATION), label: 'Find something you’ll love' }]}>
          When you buy a deal, it shows up here so you can get it again.
        </ListEmpty>
      }
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query BuyAgainPageQuery($first: Int!, $page: Int) {
    ...BuyAgainDeals_query @arguments(first: $first, page: $page)
  }
`;
