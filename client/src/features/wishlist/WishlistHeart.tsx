import { useState } from 'react';
import { graphql, useFragment, useMutation } from 'react-relay';
import { Link } from 'react-router';
import type { RecordSourceSelectorProxy } from 'relay-runtime';
import { showToast } from '../shell/toasts.ts';
import type { WishlistHeart_deal$key } from '../../__generated__/WishlistHeart_deal.graphql';
import type { WishlistHeartAddMutation, WishlistHeartAddMutation$data } from '../../__generated__/WishlistHeartAddMutation.graphql';
import type { WishlistHeartRemoveMutation, WishlistHeartRemoveMutation$data } from '../../__generated__/WishlistHeartRemoveMutation.graphql';
import { HeartIcon } from './HeartIcon.tsx';
import './wishlist.css';

const FAILED = 'Sorry, we couldn’t update your wish list. Please try again.';

/**
 * The root's `wishlist` follows the mutation's answer (the header count): its count is copied onto
 * the record already there (so the /wishlist page's list stays as it is: a deal un-hearted there
 * stays on the page, its heart empty, until the next visit), or the answer's list becomes it.
 * The deals a merge took off are no longer named once the list has changed.
 */
export function keepRootWishlist(field: 'addToWishlist' | 'removeFromWishlist' | 'clearWishlist') {
  return (store: RecordSourceSelectorProxy) => {
    const result = store.getRootField(field);
    if (result?.getValue('__typename') !== 'WishlistUpdated') return;
    const list = result.getLinkedRecord('wishlist');
    const root = store.getRoot();
    const current = root.getLinkedRecord('wishlist');
    if (list && current) {
      current.setValue(list.getValue('count'), 'count');
      // Any change ends the word on deals a merge took off (the service empties that list too).
      current.setLinkedRecords([], 'takenOffAtMerge');
    } else if (list) root.setLinkedRecord(list, 'wishlist');
    else root.setValue(null, 'wishlist');
  };
}

/**
 * The heart on a deal card and a deal page (issue 19 point 1): a toggle button (aria-pressed)
 * named for the deal, so a screen reader hears "Save … to your wish list, toggle button, not
 * pressed" and then "pressed"; the toast region (polite) says what happened, with a link to the
 * list. The change shows at once (optimistic) and goes back if the shop refuses it (a full list:
 * its words) or fails (spec §8 logs it; the shopper is told to try again).
 */
export function WishlistHeart({ deal, variant = 'card' }: { deal: WishlistHeart_deal$key; variant?: 'card' | 'page' }) {
  const d = useFragment(
    graphql`
      fragment WishlistHeart_deal on Deal {
        id
        dealId
        title
        inWishlist
      }
    `,
    deal,
  );
  const [add, adding] = useMutation<WishlistHeartAddMutation>(graphql`
    mutation WishlistHeartAddMutation($input: WishlistDealInput!) {
      addToWishlist(input: $input) {
        __typename
        ... on WishlistUpdated {
          wishlist {
            count
          }
          deal {
            id
            inWishlist
          }
        }
        ... on UserError {
          message
        }
      }
    }
  `);
  const [remove, removing] = useMutation<WishlistHeartRemoveMutation>(graphql`
    mutation WishlistHeartRemoveMutation($input: WishlistDealInput!) {
      removeFromWishlist(input: $input) {
        __typename
        ... on WishlistUpdated {
          wishlist {
            count
          }
          deal {
            id
            inWishlist
          }
        }
        ... on UserError {
          message
        }
      }
    }
  `);
  const [pending, setPending] = useState(false);
  const saved = d.inWishlist;

  function done(result: WishlistHeartAddMutation$data['addToWishlist'] | WishlistHeartRemoveMutation$data['removeFromWishlist'], added: boolean) {
    setPending(false);
    if (result.__typename === 'WishlistUpdated') {
      showToast({
        key: 'wishlist',
        tone: 'success',
        content: added ? (
          <>
            Saved to your wish list. <Link to="/wishlist">View wish list</Link>
          </>
        ) : (
          'Removed from your wish list.'
        ),
      });
    } else {
      showToast({ key: 'wishlist', tone: 'error', content: 'message' in result && result.message ? result.message : FAILED });
    }
  }
  const failed = () => {
    setPending(false);
    showToast({ key: 'wishlist', tone: 'error', content: FAILED });
  };

  function toggle() {
    if (adding || removing || pending) return;
    setPending(true);
    const variables = { input: { dealId: d.dealId } };
    const optimisticResponse = (inWishlist: boolean) => ({ __typename: 'WishlistUpdated' as const, wishlist: null, deal: { id: d.id, inWishlist } });
    if (saved) {
      remove({
        variables,
        optimisticResponse: { removeFromWishlist: optimisticResponse(false) },
        updater: keepRootWishlist('removeFromWishlist'),
        onCompleted: (data) => done(data.removeFromWishlist, false),
        onError: failed,
      });
    } else {
      add({
        variables,
        optimisticResponse: { addToWishlist: optimisticResponse(true) },
        updater: keepRootWishlist('addToWishlist'),
        onCompleted: (data) => done(data.addToWishlist, true),
        onError: failed,
      });
    }
  }

  return (
    <button
      type="button"
      className={`wishlist-heart wishlist-heart--${variant}${saved ? ' wishlist-heart--saved' : ''}`}
      aria-pressed={saved}
      aria-label={`Save ${d.title} to your wish list`}
      title={saved ? 'Saved to your wish list' : 'Save to your wish list'}
      onClick={toggle}
      data-testid="wishlist-heart"
    >
      <HeartIcon filled={saved} />
      {variant === 'page' ? <span className="wishlist-heart__label">{saved ? 'Saved' : 'Save'}</span> : null}
    </button>
  );
}
