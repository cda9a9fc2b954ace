/**
 * The basket carry-over after sign-in (accounts/carry-over.ts registers it): the guest basket of
 * the `basket_token` cookie merges into the customer's basket (POST /basket/{guestToken}/merge,
 * the spec §4 merge rules applied by the basket service: existing lines updated, new lines
 * added). A guest basket that is already gone (merged before, expired) is nothing to do.
 *
 * The handler cannot write response cookies; the guest cookie is cleared by the first basket read
 * of the signed-in shopper (schema/buying/shopper.ts), which also merges again if this failed.
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
