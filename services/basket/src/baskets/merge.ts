/** The guest basket's merge into the customer's on login (spec §4). */
import { mergeGuestLines } from '@shop/domain/gifting';
import type { BasketDb } from '../db/database.ts';
import { customerBasket, lockBasket, openBasketToken, saveBasket, type AnyDb, type BasketAddon, type StoredBasket } from './baskets.store.ts';
import { isWellFormedToken } from './tokens.ts';

export type MergeOutcome = { ok: true; basket: StoredBasket } | { ok: false; reason: 'NOT_FOUND' };

/**
 * A guest basket merges into the customer's on login: quantities of the same option add up within
 * LINE_QUANTITY_MAX, new lines are added (domain mergeGuestLines), the guest basket is emptied and
 * marked merged. With no basket of their own the guest basket simply becomes the customer's.
 * Idempotent: merging an already merged (or already theirs) basket answers the customer's basket
 * unchanged. A guest basket that belongs to another customer is NOT_FOUND (like an unknown token).
 * Both baskets are locked in token order, so two merges at once cannot add the lines twice.
 */
export async function mergeGuestBasket(db: AnyDb, input: { guestToken: string; customerToken: string; now?: Date }): Promise<MergeOutcome> {
  if (!isWellFormedToken(input.guestToken)) return { ok: false, reason: 'NOT_FOUND' };
  // Two guest baskets claimed for one customer at once: the second claim breaks the one-open-
  // basket index; run again, and it now merges into the basket the first one made theirs.
  for (let attempt = 1; ; attempt++) {
    try {
      return await mergeOnce(db, input);
    } catch (err) {
      if (attempt >= 3 || (err as { code?: unknown }).code !== '23505') throw err;
    }
  }
}

async function mergeOnce(db: AnyDb, input: { guestToken: string; customerToken: string; now?: Date }): Promise<MergeOutcome> {
  const now = input.now ?? new Date();
  return (db as BasketDb).transaction().execute(async (trx) => {
    // Lock order: the customer's open basket token and the guest token, ascending.
    const existing = await openBasketToken(trx, input.customerToken);
    const tokens = [...new Set([input.guestToken, ...(existing ? [existing] : [])])].sort();
    const locked = new Map<string, StoredBasket>();
    for (const t of tokens) {
      const b = await lockBasket(trx, t);
      if (b) locked.set(t, b);
    }
    const guest = locked.get(input.guestToken);
    if (!guest) return { ok: false, reason: 'NOT_FOUND' };
    if (guest.customerToken !== null && guest.customerToken !== input.customerToken) return { ok: false, reason: 'NOT_FOUND' };

    if (guest.status === 'merged') {
      // Already merged: answer the basket it went into, when it is this customer's.
      const into = guest.mergedInto ? await lockBasket(trx, guest.mergedInto) : null;
      if (into && into.customerToken === input.customerToken) {
        const open = into.status === 'open' ? into : await customerBasket(trx, input.customerToken);
        if (open) return { ok: true, basket: open };
      }
      return { ok: false, reason: 'NOT_FOUND' };
    }

    const mine = existing ? locked.get(existing) : undefined;
    if (!mine || mine.id === guest.id) {
      // No basket of their own (or it is this one): the guest basket becomes theirs.
      const claimed: StoredBasket = { ...guest, customerToken: input.customerToken };
      await saveBasket(trx, claimed, now);
      return { ok: true, basket: { ...claimed, updatedAt: now } };
    }
    const merged: StoredBasket = {
      ...mine,
      eligibleForVip: mine.eligibleForVip || guest.eligibleForVip,
      products: mergeGuestLines(mine.products, guest.products),
      addons: mergeAddons(mine.addons, guest.addons),
    };
    await saveBasket(trx, merged, now);
    await saveBasket(trx, { ...guest, products: [], addons: [], status: 'merged', mergedInto: mine.id }, now);
    return { ok: true, basket: { ...merged, updatedAt: now } };
  });
}

function mergeAddons(mine: BasketAddon[], guest: BasketAddon[]): BasketAddon[] {
  const out = mine.map((a) => ({ ...a }));
  for (const g of guest) {
    const at = out.find((a) => a.addonType === g.addonType && a.productId === g.productId);
    if (at) at.quantity = Math.max(at.quantity, g.quantity);
    else out.push({ ...g });
  }
  return out;
}
