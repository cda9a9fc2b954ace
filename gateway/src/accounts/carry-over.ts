/**
 * Carry-over after sign-in: what a guest gathered before signing in (their basket, wishlist and
 * recently viewed deals) moves to the account. Runs after a password login, an emailed
 * confirmation link (it signs in) and a social sign-in.
 *
 * A registry of handlers, each given the new customer token and what the guest held: the basket
 * token and wishlist id from their cookies (spec §6: a guest holds both in cookies) and the
 * recently viewed deal ids the client sends from its local list. Three handlers: recently viewed
 * (records the views through the deals service, POST /deal-views, so recommendations and buy-again
 * see them), the guest basket and the guest wish list (each merged into the customer's).
 *
 * A failing handler is logged and never fails the sign-in: the shopper is signed in either way.
 * Handlers run one after another, each finished before the sign-in answers, so a page loaded
 * right after sees the carried-over state.
 */
import { isValidCustomerToken } from '@shop/domain/accounts';
import { WISHLIST_COOKIE } from '@shop/domain/wishlist';
import type { BasketClient } from '../clients/basket.client.ts';
import type { DealsClient } from '../clients/deals.client.ts';
import type { WishlistClient } from '../clients/wishlist.client.ts';
import { wishlistCarryOver } from '../schema/wishlist/carry-over.wishlist.ts';
import { basketCarryOver } from '../schema/buying/carry-over.basket.ts';
import type { Logger } from '../logger.ts';

/** The guest's basket token cookie (spec §9: over 10 characters, 7 days, site-wide and secure). */
export const GUEST_BASKET_COOKIE = 'basket_token';
/** The guest's wishlist id cookie (spec §4, §6). */
export const GUEST_WISHLIST_COOKIE = WISHLIST_COOKIE;
/** Recently viewed ids sent at sign-in: a few locations' local lists. */
export const CARRY_OVER_VIEWED_MAX = 20;

export interface GuestState {
  /** Spec §5: a basket token is accepted only if longer than 10 characters. */
  basketToken: string | null;
  wishlistId: string | null;
}

export interface CarryOverInput {
  customerToken: string;
  guest: GuestState;
  /** Newest first, as the client keeps them; numeric deal ids. */
  recentlyViewedDealIds: readonly number[];
}

export interface CarryOverDeps {
  /** The basket client is there for a GraphQL sign-in (the request's clients). */
  clients: { deals: DealsClient; basket?: BasketClient; wishlist?: WishlistClient };
  logger: Logger;
  requestId: string;
}

export interface CarryOverHandler {
  /** For the log line when it fails. */
  name: string;
  run(input: CarryOverInput, deps: CarryOverDeps): Promise<void>;
}

export interface CarryOverOutcome {
  name: string;
  ok: boolean;
}

const TOKEN_SHAPE = /^[A-Za-z0-9._~-]{1,200}$/;

/** The guest's basket token and wishlist id from the request's cookies (null when absent or unusable). */
export function guestStateFrom(cookies: Readonly<Record<string, string>>): GuestState {
  const basket = cookies[GUEST_BASKET_COOKIE];
  const wishlist = cookies[GUEST_WISHLIST_COOKIE];
  return {
    basketToken: basket && basket.length > 10 && TOKEN_SHAPE.test(basket) ? basket : null,
    wishlistId: wishlist && TOKEN_SHAPE.test(wishlist) ? wishlist : null,
  };
}

export class CarryOverRegistry {
  readonly #handlers: CarryOverHandler[] = [];

  constructor(handlers: readonly CarryOverHandler[] = []) {
    this.#handlers.push(...handlers);
  }

  /** Adds a handler; the returned function removes it again. */
  register(handler: CarryOverHandler): () => void {
    this.#handlers.push(handler);
    return () => {
      const at = this.#handlers.indexOf(handler);
      if (at >= 0) this.#handlers.splice(at, 1);
    };
  }

  get names(): string[] {
    return this.#handlers.map((h) => h.name);
  }

  /** Runs every handler in turn; a failure is logged with the request id and the next one still runs. */
  async run(input: CarryOverInput, deps: CarryOverDeps): Promise<CarryOverOutcome[]> {
    const outcomes: CarryOverOutcome[] = [];
    if (!isValidCustomerToken(input.customerToken)) return outcomes;
    for (const handler of [...this.#handlers]) {
      try {
        await handler.run(input, deps);
        outcomes.push({ name: handler.name, ok: true });
      } catch (error) {
        deps.logger.warn('Carry-over after sign-in failed', { correlationId: deps.requestId, handler: handler.name, error: String(error) });
        outcomes.push({ name: handler.name, ok: false });
      }
    }
    return outcomes;
  }
}

/**
 * Records the guest's recently viewed deals as the customer's views, oldest first so the newest
 * view is the latest. A deal that no longer exists (404) is skipped.
 */
export const recentlyViewedCarryOver: CarryOverHandler = {
  name: 'recently-viewed',
  async run(input, deps) {
    const ids = [...new Set(input.recentlyViewedDealIds)].slice(0, CARRY_OVER_VIEWED_MAX).reverse();
    for (const dealId of ids) await deps.clients.deals.recordDealView(input.customerToken, dealId);
  },
};

/**
 * The registry the shop starts with: recently viewed, the guest basket merged into the
 * customer's (schema/buying/carry-over.basket.ts; `basketClient` serves sign-ins whose deps carry
 * no basket client) and the guest wish list merged into the customer's
 * (schema/wishlist/carry-over.wishlist.ts).
 */
export function defaultCarryOver(options: { basketClient?: (requestId: string) => BasketClient } = {}): CarryOverRegistry {
  return new CarryOverRegistry([recentlyViewedCarryOver, basketCarryOver(options.basketClient), wishlistCarryOver]);
}
