/**
 * The header's wish list count (Wishlist.count), read from the root `wishlist` of the Relay store
 * (relay/root-value.ts). Its query is the spec §4 "wishlist sync on load": asked when the header
 * mounts and again when the shopper signs in or out, the gateway syncs the list (by customer
 * token, by stored id, a guest list merged) as it answers. The hearts' mutations set the root's
 * `wishlist` (WishlistHeart keepRootWishlist), so the count follows without a refetch.
 */
import { graphql } from 'relay-runtime';
import { useRootValue, type RootValueSource } from '../../relay/root-value.ts';
import type { wishlistCount_query$data } from '../../__generated__/wishlistCount_query.graphql';

const source: RootValueSource<number> = {
  fragment: graphql`
    fragment wishlistCount_query on Query {
      wishlist {
        count
      }
    }
  `,
  query: graphql`
    query wishlistCountQuery {
      ...wishlistCount_query
    }
  `,
  read: (data) => (data as wishlistCount_query$data | null)?.wishlist?.count ?? 0,
};

/** Deals on the shopper's wish list; synced again when `viewerId` changes. */
export function useWishlistCount(viewerId: string | null): number {
  return useRootValue(source, viewerId);
}
