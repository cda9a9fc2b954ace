/**
 * Typed client of the wishlist service (services/wishlist; spec §7 Wishlist): GET by customer
 * token and by id, POST {wishlist}/deal/{dealId} (creates one), POST and DELETE
 * {id}/deal/{dealId}, DELETE {id}/deal/all, PATCH {id} with operations. The list query is spec
 * §7's `page=0, pageSize=50, detailedView=false`. A list that does not exist (never made, merged
 * away) is null; refusals (409 WISHLIST_FULL, WISHLIST_OWNED) are ServiceErrors with the
 * problem's code; answers are parsed with the service's own contract schemas.
 */
import { WishlistSchema } from '@shop/wishlist/contract';
import { WISHLIST_MAX_DEALS } from '@shop/domain/wishlist';
import type { WishlistOperation } from '@shop/wishlist/wishlist';
import type { z } from 'zod';
import type { RestClient } from './rest-client.ts';

export type WishlistAnswer = z.infer<typeof WishlistSchema>;

export interface WishlistClient {
  byCustomer(customerToken: string): Promise<WishlistAnswer | null>;
  byId(id: string): Promise<WishlistAnswer | null>;
  /** A new list holding the deal; with a customer token that already has one, the deal goes into theirs. */
  create(dealId: number, customerToken: string | null): Promise<WishlistAnswer>;
  /** Null when the list is gone. */
  add(id: string, dealId: number): Promise<WishlistAnswer | null>;
  remove(id: string, dealId: number): Promise<WishlistAnswer | null>;
  clear(id: string): Promise<WishlistAnswer | null>;
  /** One atomic bulk change (spec §7); the merge of a guest list answers the customer's list. Null when the list is gone. */
  patch(id: string, operations: WishlistOperation[]): Promise<WishlistAnswer | null>;
}

/** Spec §7: the list query. */
const LIST_QUERY = `page=0&pageSize=${WISHLIST_MAX_DEALS}&detailedView=false`;
const seg = encodeURIComponent;

export function createWishlistClient(rest: RestClient): WishlistClient {
  const list = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', path: string, logPath: string, body?: unknown) =>
    rest.send(method, path, { ...(body !== undefined ? { body } : {}), logPath, parser: WishlistSchema, nullOn404: true });
  return {
    byCustomer: (customerToken) => list('GET', `/wishlist?customerToken=${seg(customerToken)}&${LIST_QUERY}`, '/wishlist?customerToken=…'),
    byId: (id) => list('GET', `/wishlist/${seg(id)}?${LIST_QUERY}`, '/wishlist/{id}'),
    create: (dealId, customerToken) =>
      rest.send('POST', `/wishlist/deal/${dealId}`, { body: customerToken ? { customerToken } : {}, logPath: '/wishlist/deal/{dealId}', parser: WishlistSchema }),
    add: (id, dealId) => list('POST', `/wishlist/${seg(id)}/deal/${dealId}`, '/wishlist/{id}/deal/{dealId}'),
    remove: (id, dealId) => list('DELETE', `/wishlist/${seg(id)}/deal/${dealId}`, '/wishlist/{id}/deal/{dealId}'),
    clear: (id) => list('DELETE', `/wishlist/${seg(id)}/deal/all`, '/wishlist/{id}/deal/all'),
    patch: (id, operations) => list('PATCH', `/wishlist/${seg(id)}`, '/wishlist/{id}', operations),
  };
}
