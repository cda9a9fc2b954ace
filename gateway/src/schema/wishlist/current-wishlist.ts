/**
 * The shopper's wish list within one request, synced as spec §4 says (issue 19 point 1), read at
 * most once per request (the mutations replace it with the service's answer):
 *
 * - Signed in with a customer token of at least 10 characters: the list by customer token.
 *   - Its id is the stored one: use it.
 *   - No id stored: store it (the cookie) and use it.
 *   - The ids differ: the stored list is merged into the customer's (PATCH {stored id} with
 *     `[{op: merge, path: /customerToken, value}]`) and the answer, the customer's list, is used
 *     and stored. The spec says "patch the found wishlist to carry the customer token"; the found
 *     one carries it already (it was found by it), so the list that must take the token is the
 *     stored one: a guest list from before signing in, which must not be lost. A stored list
 *     that is gone (merged before) or another customer's (a shared browser) is left alone.
 *   - The customer has no list yet, but one is stored: the same merge makes it theirs.
 * - A guest with a stored id: the list by id (its cookie then lasts 31536000 s, spec §9's by-id
 *   flow). A list carrying a customer token is not a guest's (a customer signed out in this
 *   browser): the cookie is cleared and the guest has none.
 * - Neither: 'No Wish List ID' is logged (by Query.wishlist, the load-time sync; the hearts ask
 *   quietly) and there is no list.
 *
 * Spec §8: a wishlist failure is logged and answers null; it never breaks the page.
 *
 * The cookie `wishlist_id`: HttpOnly; Secure; SameSite=Lax; Path=/; 7 days when stored (made by
 * an add, or the customer's list stored at load), a year when a guest's list is found by its id.
 */
import { isValidCustomerToken } from '@shop/domain/accounts';
import { isWishlistId, WISHLIST_COOKIE, WISHLIST_COOKIE_BY_ID_MAX_AGE_S, WISHLIST_COOKIE_MAX_AGE_S } from '@shop/domain/wishlist';
import { clearedHttpOnlyCookie, httpOnlyCookie } from '../../accounts/cookies.ts';
import type { WishlistAnswer } from '../../clients/wishlist.client.ts';
import { isServiceError } from '../../clients/service-error.ts';
import type { GatewayContext } from '../../context.ts';

/** What the §4 sync did, for the rule tables and the log: which branch answered. */
export type SyncBranch = 'changed' | 'by-customer-same-id' | 'by-customer-stored' | 'by-customer-merged' | 'customer-list-from-stored' | 'customer-none' | 'by-id' | 'by-id-gone' | 'no-id' | 'failed';

export interface SyncedWishlist {
  list: WishlistAnswer | null;
  branch: SyncBranch;
}

export const wishlistCookie = (id: string, maxAgeS: number = WISHLIST_COOKIE_MAX_AGE_S): string => httpOnlyCookie(WISHLIST_COOKIE, id, maxAgeS);

export const clearedWishlistCookie = (): string => clearedHttpOnlyCookie(WISHLIST_COOKIE);

const states = new WeakMap<GatewayContext, Promise<SyncedWishlist>>();

/** The shopper's list this request (synced once; never throws: a failure is logged and null). */
export function currentWishlist(ctx: GatewayContext): Promise<SyncedWishlist> {
  let state = states.get(ctx);
  if (!state) {
    state = syncWishlist(ctx).catch((error: unknown) => {
      logWishlistFailure(ctx, 'sync on load', error);
      return { list: null, branch: 'failed' as const };
    });
    states.set(ctx, state);
  }
  return state;
}

/** A mutation's answer is the list from now on in this request. */
export function setCurrentWishlist(ctx: GatewayContext, list: WishlistAnswer | null): void {
  states.set(ctx, Promise.resolve({ list, branch: 'changed' }));
}

/** Spec §8: wishlist failures go to the error log with the request id; nothing is shown. */
export function logWishlistFailure(ctx: GatewayContext, operation: string, error: unknown): void {
  ctx.logger.warn('Wishlist call failed', { correlationId: ctx.requestId, operation, error: error instanceof Error ? error.message : String(error) });
}

/** Stores the list's id in the cookie (7 days, or a year in the by-id flow). */
export function storeWishlistId(ctx: GatewayContext, id: string, maxAgeS: number = WISHLIST_COOKIE_MAX_AGE_S): void {
  ctx.responseCookies.set(WISHLIST_COOKIE, wishlistCookie(id, maxAgeS));
}

/** The stored id when it is one; a cookie that cannot be a wishlist id is cleared. */
export function storedWishlistId(ctx: GatewayContext): string | null {
  const raw = ctx.cookies[WISHLIST_COOKIE];
  if (raw === undefined || raw === '') return null;
  if (isWishlistId(raw)) return raw;
  ctx.responseCookies.set(WISHLIST_COOKIE, clearedWishlistCookie());
  return null;
}

/** Merges the stored list into the customer's; null when it is gone or another customer's (left alone). */
async function mergeStored(ctx: GatewayContext, storedId: string, customerToken: string): Promise<WishlistAnswer | null> {
  try {
    return await ctx.clients.wishlist.patch(storedId, [{ op: 'merge', path: '/customerToken', value: customerToken }]);
  } catch (error) {
    if (isServiceError(error) && error.code === 'WISHLIST_OWNED') return null;
    throw error;
  }
}

async function syncWishlist(ctx: GatewayContext): Promise<SyncedWishlist> {
  const stored = storedWishlistId(ctx);
  const customerToken = await ctx.customerToken();
  if (isValidCustomerToken(customerToken)) {
    const found = await ctx.clients.wishlist.byCustomer(customerToken);
    if (found) {
      if (stored === found.id) return { list: found, branch: 'by-customer-same-id' };
      if (stored === null) {
        storeWishlistId(ctx, found.id);
        return { list: found, branch: 'by-customer-stored' };
      }
      const merged = (await mergeStored(ctx, stored, customerToken)) ?? found;
      storeWishlistId(ctx, merged.id);
      return { list: merged, branch: 'by-customer-merged' };
    }
    if (stored !== null) {
      const merged = await mergeStored(ctx, stored, customerToken);
      if (merged) {
        storeWishlistId(ctx, merged.id);
        return { list: merged, branch: 'customer-list-from-stored' };
      }
      ctx.responseCookies.set(WISHLIST_COOKIE, clearedWishlistCookie());
    }
    return { list: null, branch: 'customer-none' };
  }
  if (stored !== null) {
    const list = await ctx.clients.wishlist.byId(stored);
    if (!list || list.customerToken !== null) {
      ctx.responseCookies.set(WISHLIST_COOKIE, clearedWishlistCookie());
      return { list: null, branch: 'by-id-gone' };
    }
    storeWishlistId(ctx, list.id, WISHLIST_COOKIE_BY_ID_MAX_AGE_S);
    return { list, branch: 'by-id' };
  }
  return { list: null, branch: 'no-id' };
}
