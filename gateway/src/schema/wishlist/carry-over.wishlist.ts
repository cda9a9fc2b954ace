/**
 * The wishlist carry-over after sign-in (accounts/carry-over.ts registers it): the guest list of
 * the `wishlist_id` cookie merges into the customer's (PATCH {id} with `[{op: merge, path:
 * /customerToken, value}]`): every deal once, the newest 50 kept; a guest list that is gone
 * (merged before) or already another customer's is nothing to do. The request's wishlist client
 * stores the merged list's id in the cookie (context.ts). A sign-in without one (the social
 * routes build their own clients) leaves it to the next page load's §4 sync
 * (current-wishlist.ts), which merges the stored list the same way.
 */
import type { WishlistClient } from '../../clients/wishlist.client.ts';
import { isServiceError } from '../../clients/service-error.ts';

export interface WishlistCarryOverDeps {
  clients: { wishlist?: WishlistClient };
}

export const wishlistCarryOver = {
  name: 'wishlist',
  async run(input: { customerToken: string; guest: { wishlistId: string | null } }, deps: WishlistCarryOverDeps): Promise<void> {
    const guestId = input.guest.wishlistId;
    const client = deps.clients.wishlist;
    if (!guestId || !client) return;
    try {
      await client.patch(guestId, [{ op: 'merge', path: '/customerToken', value: input.customerToken }]);
    } catch (error) {
      if (isServiceError(error) && error.code === 'WISHLIST_OWNED') return;
      throw error;
    }
  },
};
