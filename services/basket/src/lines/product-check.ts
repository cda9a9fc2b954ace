/**
 * What the basket asks the catalogue before it keeps a line (services/checkout/README.md flow 1):
 * the option exists under that deal, is not disabled, not closed, VIP-exclusive only for a VIP
 * member's basket (eligibleForVip; else 409 VIP_ONLY saying so), and the quantity is within the spec §5 purchase limit and what is left. The basket does
 * not take stock: the checkout's hold and the order transaction do, in the database.
 *
 * `ProductCheck` is structurally what `stockView` of @shop/deals answers, so the shop wires it as
 *   productCheck: ({ productIds, customerKey, db }) => stockView(db, { productIds, customerKey, day: londonDate(new Date()) })
 */
import { purchaseLimit } from '@shop/domain/purchase-limits';
import { minimumQuantity } from '@shop/domain/purchase-limits';
import { ERROR_MESSAGES, type ErrorCode } from '@shop/domain/error-codes';
import type { BasketLine } from '@shop/domain/gifting';
import type { Kysely } from 'kysely';

export interface CatalogueProduct {
  dealId: number;
  disabled: boolean;
  closed: boolean;
  vipExclusive: boolean;
  /** Units left to sell (others' holds already taken off); null is unlimited. */
  remaining: number | null;
  /** Per customer per day; null is no cap. */
  purchaseCap: number | null;
  /** What this customer key bought of it today. */
  boughtToday: number;
  pricePerPerson: boolean;
  /** Null when the option has no deposit. */
  depositPricePence: number | null;
}

/**
 * Called inside the basket's transaction with its handle `db`: a check that reads the database
 * must use that handle (PGlite has one connection; another handle would wait for ever).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's schema-agnostic handle
export type ProductCheck = (input: { productIds: number[]; customerKey: string | null; db: Kysely<any> }) => Promise<Map<number, CatalogueProduct>>;

export interface LineRefusal {
  status: 400 | 404 | 409;
  code: ErrorCode;
  field: string;
  message: string;
  productId: number;
  available?: number;
}

/** The most of an option this shopper may have now: spec §5 purchaseLimit, and never more than is left. */
export function lineLimit(p: CatalogueProduct, loggedIn: boolean): number {
  const allowance = p.purchaseCap === null ? null : Math.max(0, p.purchaseCap - p.boughtToday);
  const limit = purchaseLimit({ productCap: p.purchaseCap, userAllowance: allowance, remainingForDay: p.remaining, loggedIn });
  return p.remaining === null ? limit : Math.min(limit, p.remaining);
}

/** Checks one line against its catalogue product; null when it may stay in the basket. */
export function refuseLine(line: BasketLine, p: CatalogueProduct | undefined, ctx: { eligibleForVip: boolean; loggedIn: boolean; lowered?: boolean }): LineRefusal | null {
  const id = line.dealProductId;
  // Unknown, under another deal or disabled: the same 404.
  if (!p || p.dealId !== line.dealId || p.disabled) {
    return { status: 404, code: 'NOT_FOUND', field: 'dealProductId', message: 'There is no such deal option.', productId: id };
  }
  // VIP-only for a basket that is not a VIP member's: shown on the deal page to everyone, so say why.
  if (p.vipExclusive && !ctx.eligibleForVip) return { status: 409, code: 'VIP_ONLY', field: 'dealProductId', message: ERROR_MESSAGES.VIP_ONLY, productId: id };
  if (p.closed) return { status: 409, code: 'DEAL_CLOSED', field: 'dealProductId', message: 'Sorry, this deal has ended.', productId: id, available: 0 };
  const min = minimumQuantity(p.pricePerPerson);
  if (line.quantity < min) return { status: 400, code: 'VALIDATION_FAILED', field: 'quantity', message: `This deal is priced per person: choose at least ${min}.`, productId: id };
  // Lowering a quantity is always allowed above the minimum, even once the option sold out.
  if (ctx.lowered) return null;
  if (line.payDeposit && p.depositPricePence === null) return { status: 400, code: 'VALIDATION_FAILED', field: 'payDeposit', message: 'This option has no deposit.', productId: id };
  if (p.remaining === 0) return { status: 409, code: 'DEAL_SOLD_OUT', field: 'quantity', message: 'Sorry, this deal has sold out.', productId: id, available: 0 };
  const limit = lineLimit(p, ctx.loggedIn);
  if (line.quantity > limit) {
    const stockBound = p.remaining !== null && p.remaining < line.quantity && p.remaining <= limit;
    return stockBound
      ? { status: 409, code: 'INSUFFICIENT_STOCK', field: 'quantity', message: 'Sorry, there are not enough left of this option. Please lower the quantity.', productId: id, available: p.remaining! }
      : { status: 409, code: 'PURCHASE_LIMIT', field: 'quantity', message: 'You have reached the most you can buy of this option.', productId: id, available: limit };
  }
  return null;
}

/**
 * Lines that are new or changed between two line sets, with `lowered` for a line whose only
 * change is a lower quantity (removals and unchanged lines are never checked).
 */
export function changedLines(before: readonly BasketLine[], after: readonly BasketLine[]): Array<{ line: BasketLine; lowered: boolean }> {
  const old = new Map(before.map((l) => [l.dealProductId, l]));
  const out: Array<{ line: BasketLine; lowered: boolean }> = [];
  for (const l of after) {
    const o = old.get(l.dealProductId);
    if (!o || o.dealId !== l.dealId || o.quantity < l.quantity || o.payDeposit !== l.payDeposit) out.push({ line: l, lowered: false });
    else if (o.quantity > l.quantity) out.push({ line: l, lowered: true });
  }
  return out;
}
