/**
 * The basket carry-over after sign-in (accounts/carry-over.ts registers it): the guest basket of
 * the `basket_token` cookie merges into the customer's basket (POST /basket/{guestToken}/merge,
 * the spec §4 merge rules applied by the basket service: existing lines updated, new lines
 * added). A guest basket that is already gone (merged before, expired) is nothing to do.
 *
 * The guest cookie is cleared on the sign-in's response by the request's basket client
 * (context.ts: a merge through it clears the cookie). A sign-in without one (the social routes
 * build their own clients) leaves it to the shopper's next basket read (schema/buying/shopper.ts),
 * which merges again (idempotent) and clears it; that also covers a merge that failed here.
 */
import type { BasketClient } from '../../clients/basket.client.ts';

export interface BasketCarryOverDeps {
  clients: { basket?: BasketClient };
  requestId: string;
}

/**
 * @param fallback a basket client for sign-ins whose deps carry none (the social sign-in routes
 *   build only the clients they need); unset: such a sign-in leaves the merge to the next request.
 */
export function basketCarryOver(fallback?: (requestId: string) => BasketClient) {
  return {
    name: 'basket',
    async run(input: { customerToken: string; guest: { basketToken: string | null } }, deps: BasketCarryOverDeps): Promise<void> {
      const guestToken = input.guest.basketToken;
      if (!guestToken) return;
      const client = deps.clients.basket ?? fallback?.(deps.requestId);
      if (!client) return;
      await client.merge(guestToken, input.customerToken);
    },
  };
}
