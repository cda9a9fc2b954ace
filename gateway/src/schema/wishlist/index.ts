/**
 * Resolvers of the "Wishlist (issue 19 point 1)" section of schema.graphql: Query.wishlist,
 * Deal.inWishlist, the Wishlist type and its mutations. schema.ts spreads these in.
 */
import { byTypename } from '../mappers.ts';
import { addToWishlist, clearWishlist, removeFromWishlist } from './Mutation.wishlist.ts';
import { dealInWishlist, wishlist, WishlistType } from './Wishlist.ts';

export const wishlistQuery = { wishlist };
export const wishlistMutation = { addToWishlist, removeFromWishlist, clearWishlist };
export const wishlistDealFields = { inWishlist: dealInWishlist };
export const wishlistTypes = { Wishlist: WishlistType, WishlistResult: { __resolveType: byTypename } };
