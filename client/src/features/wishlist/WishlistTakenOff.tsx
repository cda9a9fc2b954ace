import { graphql, useFragment } from 'react-relay';
import { Link } from 'react-router';
import { WISHLIST_MAX_DEALS } from '@shop/domain/wishlist';
import { Notice } from '../../ui/Notice.tsx';
import type { WishlistTakenOff_wishlist$key } from '../../__generated__/WishlistTakenOff_wishlist.graphql';

/**
 * /wishlist's word on a merge past the cap (spec §9: 50 deals): when the list saved before
 * signing in joined the account's and the two held more, the ones saved longest ago were taken
 * off. They are named here, each linking to its page (where the heart saves it again), until the
 * list next changes: a merge never loses a deal silently.
 */
export function WishlistTakenOff({ wishlist }: { wishlist: WishlistTakenOff_wishlist$key }) {
  const { takenOffAtMerge: deals } = useFragment(
    graphql`
      fragment WishlistTakenOff_wishlist on Wishlist {
        takenOffAtMerge {
          id
          title
          url
        }
      }
    `,
    wishlist,
  );
  if (deals.length === 0) return null;
  const one = deals.length === 1;
  return (
    <Notice title={one ? 'One older deal was taken off your wish list' : `${deals.length} older deals were taken off your wish list`}>
      <p>
        A wish list holds up to {WISHLIST_MAX_DEALS} deals. When the deals you saved before signing in joined your account’s list, {one ? 'this one, saved' : 'these, saved'} longest
        ago, {one ? 'was' : 'were'} taken off. To keep {one ? 'it' : 'one'}, remove a deal you no longer want, then save it again from its page.
      </p>
      <ul className="wishlist-taken-off">
        {deals.map((d) => (
          <li key={d.id}>
            <Link to={d.url}>{d.title}</Link>
          </li>
        ))}
      </ul>
    </Notice>
  );
}
