/**
 * Wishlist rules shared by the gateway and the client (issue 19 point 1; spec §3 Wishlist, §4
 * wishlist sync on load, §6, §8, §9). The wishlist service (services/wishlist) keeps the lists.
 */

/** Spec §9: a wishlist holds at most 50 deals (the wishlist service enforces it with this figure). */
export const WISHLIST_MAX_DEALS = 50;
/** The wishlist id cookie (spec §4, §6: a guest holds their list's id in a cookie). */
export const WISHLIST_COOKIE = 'wishlist_id';
/** Spec §9: the wishlist id cookie lasts 7 days… */
export const WISHLIST_COOKIE_MAX_AGE_S = 7 * 24 * 60 * 60;
/** …and 31536000 s (a year) in the by-id flow (a guest's list found by its stored id). */
export const WISHLIST_COOKIE_BY_ID_MAX_AGE_S = 31_536_000;
/** Spec §4: what is logged when there is neither a signed-in customer nor a stored id. */
export const NO_WISHLIST_ID = 'No Wish List ID';
/** Spec §6: the wishlist page for anonymous shoppers (the header link says it too). */
export const WISHLIST_LOGIN_PROMPT = 'Login to see your full wish list';
/** The wishlist id's shape (services/wishlist: 22 url-safe random characters). */
export const WISHLIST_ID_SHAPE = /^[A-Za-z0-9_-]{22}$/;

export const isWishlistId = (value: string | null | undefined): value is string => typeof value === 'string' && WISHLIST_ID_SHAPE.test(value);
