import { Suspense } from 'react';
import { graphql, useLazyLoadQuery, useMutation } from 'react-relay';
import { Link } from 'react-router';
import { ConnectionHandler } from 'relay-runtime';
import { DEFAULT_LOCATION, NOINDEX_ROBOTS, locationPath } from '@shop/domain';
import { WISHLIST_LOGIN_PROMPT, WISHLIST_MAX_DEALS } from '@shop/domain/wishlist';
import { useAuthState } from '../features/navigation/nav-session.ts';
import { savePostLoginUrl } from '../features/layouts/post-login.ts';
import { useWishlistCount } from '../features/wishlist/wishlist-count.ts';
import { WishlistDeals } from '../features/wishlist/WishlistDeals.tsx';
import { WishlistTakenOff } from '../features/wishlist/WishlistTakenOff.tsx';
import { keepRootWishlist } from '../features/wishlist/WishlistHeart.tsx';
import { ListEmpty } from '../features/lists/ListEmpty.tsx';
import { showToast } from '../features/shell/toasts.ts';
import { Main } from '../ui/Main.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { DealGridSkeleton } from '../ui/Skeleton.tsx';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import type { WishlistPageQuery } from '../__generated__/WishlistPageQuery.graphql';
import type { WishlistPageClearMutation } from '../__generated__/WishlistPageClearMutation.graphql';
import '../features/lists/lists.css';
import '../features/wishlist/wishlist.css';

/**
 * /wishlist (spec §2 listings; issue 19 point 1): the signed-in shopper's saved deals, newest
 * first. Spec §6: the full view needs login, so a guest (whose hearts are kept on this device)
 * gets 'Login to see your full wish list', linking to login and back here, where the guest list
 * merges into the account's.
 */
export function Component() {
  const auth = useAuthState();
  const signedIn = auth.finished && auth.authenticated;
  return (
    <Main>
      <div className="container">
        <Seo title="Wish list" description="The deals you’ve saved for later." robots={NOINDEX_ROBOTS} />
        <header className="page-header">
          <PageHeading>Wish list</PageHeading>
          <p className="page-header__lede">Deals you’ve saved with the heart, ready when you are. Up to {WISHLIST_MAX_DEALS} at a time.</p>
        </header>
        {signedIn ? (
          <Suspense fallback={<DealGridSkeleton />}>
            <SavedDeals />
          </Suspense>
        ) : auth.finished ? (
          <GuestPrompt />
        ) : (
          <DealGridSkeleton />
        )}
      </div>
    </Main>
  );
}

function GuestPrompt() {
  const count = useWishlistCount(null);
  return (
    <div className="empty-state list-empty sign-in-prompt">
      <h2>{count > 0 ? 'Your saved deals are waiting' : 'Save the deals you love'}</h2>
      <p>
        {count > 0
          ? `You have saved ${count === 1 ? '1 deal' : `${count} deals`} on this device. Sign in and they join your account’s wish list, so you can see them anywhere.`
          : 'Tap the heart on any deal to save it. Sign in to keep your wish list on your account and see it on any device.'}
      </p>
      <p className="list-empty__actions">
        <Link className="button button--primary" to="/login" onClick={() => savePostLoginUrl('/wishlist')}>
          {WISHLIST_LOGIN_PROMPT}
        </Link>
        <Link className="button button--secondary" to={locationPath(DEFAULT_LOCATION)}>
          Browse today’s deals
        </Link>
      </p>
    </div>
  );
}

function SavedDeals() {
  const data = useLazyLoadQuery<WishlistPageQuery>(query, { first: WISHLIST_MAX_DEALS }, { fetchPolicy: 'store-and-network' });
  const [clear, clearing] = useMutation<WishlistPageClearMutation>(graphql`
    mutation WishlistPageClearMutation {
      clearWishlist {
        __typename
        ... on WishlistUpdated {
          wishlist {
            count
          }
        }
      }
    }
  `);
  const count = data.wishlist?.count ?? 0;
  function clearAll() {
    if (!window.confirm('Remove every deal from your wish list?')) return;
    clear({
      variables: {},
      // Spec §4: clearing removes all deals and empties local state.
      updater: (store) => {
        keepRootWishlist('clearWishlist')(store);
        const list = store.getRoot().getLinkedRecord('wishlist');
        const deals = list ? ConnectionHandler.getConnection(list, 'WishlistDeals_deals') : null;
        deals?.setLinkedRecords([], 'edges');
        deals?.setValue(0, 'totalCount');
      },
      onCompleted: () => void showToast({ key: 'wishlist', tone: 'success', content: 'Your wish list is empty.' }),
      onError: () => void showToast({ key: 'wishlist', tone: 'error', content: 'Sorry, we couldn’t update your wish list. Please try again.' }),
    });
  }
  return (
    <>
      {data.wishlist ? <WishlistTakenOff wishlist={data.wishlist} /> : null}
      {count > 0 ? (
        <p className="wishlist-page__tools">
          <span>{count === 1 ? '1 saved deal' : `${count} saved deals`}</span>
          <button type="button" className="button button--secondary button--small" onClick={clearAll} disabled={clearing}>
            Clear wish list
          </button>
        </p>
      ) : null}
      <WishlistDeals
        query={data}
        empty={
          <ListEmpty title="Your wish list is empty" actions={[{ href: locationPath(DEFAULT_LOCATION), label: 'Find something you’ll love' }]}>
            Tap the heart on any deal to save it here for later.
          </ListEmpty>
        }
      />
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query WishlistPageQuery($first: Int!) {
    wishlist {
      count
      ...WishlistTakenOff_wishlist
    }
    ...WishlistDeals_query @arguments(first: $first)
  }
`;
