/**
 * A basket line removed or reduced gives back what its hold had beyond the basket at once (issue
 * 14), instead of keeping the units off sale until the hold expires. The gateway calls it after
 * the basket service changed the lines; the basket is read through the basket module, the hold
 * changed through the deals stock module (each service keeps its own tables).
 */
import { saveHoldSignature } from './checkout.store.ts';
import { getBasket, trimHold, type CheckoutDeps } from '../lib/deps.ts';
import { stableJson } from '../lib/tokens.ts';

/** Units released, or null for an unknown basket or another customer's (404 either way). */
export async function trimBasketHold(deps: CheckoutDeps, input: { basketToken: string; customerToken: string | null }): Promise<number | null> {
  const basket = await getBasket(deps.db, input.basketToken);
  if (!basket || (basket.customerToken && basket.customerToken !== input.customerToken)) return null;
  const items = basket.products.filter((l) => l.quantity > 0).map((l) => ({ productId: l.dealProductId, quantity: l.quantity }));
  return deps.db.transaction().execute(async (trx) => {
    const released = await trimHold(trx, { holdKey: input.basketToken, items });
    if (released > 0) {
      // The countdown keeps its expiry for the lines that stay (the next view keeps the hold as it is).
      const sorted = [...items].sort((a, b) => a.productId - b.productId);
      await saveHoldSignature(trx, input.basketToken, stableJson(sorted), deps.now());
    }
    return released;
  });
}
