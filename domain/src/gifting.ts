/**
 * Spec §4 gifting transitions and basket merge rules, spec §5 basket and customer token rules.
 * Pure functions over a Basket value (spec §3 Basket, Basket line): they return new values and
 * never change their arguments. The basket service stores what these return.
 *
 * Gift wrap and gift packs are counted ON THE LINES (schema.graphql Basket: "counted on the
 * lines, not listed"): `giftWrap` is how many of the line's units are wrapped, `giftPack` how many
 * gift packs (of product `gifting.giftPackProductId`) go with it. The basket's gift wrap quantity
 * is the sum over the lines, so removing a line takes its pack units with it and reduces the wrap
 * quantity by that line's wrap units. Both counts stay within 0..line quantity (spec §5: gift wrap
 * below zero is clamped to 0).
 */
import { BASKET_TOKEN_MIN_EXCLUSIVE, LINE_QUANTITY_MAX, type GiftingType } from './buying.ts';

/** Spec §3 Basket line gift: the e-gift recipient. */
export interface GiftRecipient {
  name: string;
  email: string | null;
  message: string | null;
  /** Issue 18 point 2: the London date ('YYYY-MM-DD') its email goes out; absent or null: straight after payment. */
  sendOn?: string | null;
}

/** Spec §3 Basket line gifting{gift, giftPackProductId, giftProductId, type}. */
export interface LineGifting {
  /** The line is a gift (e-gift, wrapped or a gift pack). */
  gift: boolean;
  giftPackProductId: number | null;
  /** The gift wrap product (GIFT_WRAP_PRESET.productId unless configured) when wrapped. */
  giftProductId: number | null;
  type: GiftingType;
}

/** Spec §3 Basket line. One line per deal product (dealProductId). */
export interface BasketLine {
  dealId: number;
  dealProductId: number;
  dealType: string | null;
  purchaseLocation: string | null;
  purchaseUrl: string | null;
  purchaseGclid: string | null;
  sessionPurchaseSource: string | null;
  quantity: number;
  gift: GiftRecipient | null;
  giftClaim: boolean;
  payDeposit: boolean;
  deliveryOptionType: string | null;
  /** Gift pack units of this line. */
  giftPack: number;
  /** Gift wrap units of this line. */
  giftWrap: number;
  gifting: LineGifting;
}

/** Spec §3 Basket. `id` is the basket token. */
export interface Basket {
  id: string;
  customerToken: string | null;
  brand: string;
  eligibleForVip: boolean;
  products: BasketLine[];
}

export const NO_GIFTING: LineGifting = Object.freeze({ gift: false, giftPackProductId: null, giftProductId: null, type: 'none' }) as LineGifting;

/** A new line with the defaults of spec §3 (no gifting, no deposit). */
export function newLine(fields: Pick<BasketLine, 'dealId' | 'dealProductId' | 'quantity'> & Partial<BasketLine>): BasketLine {
  const line: BasketLine = {
    dealType: null,
    purchaseLocation: null,
    purchaseUrl: null,
    purchaseGclid: null,
    sessionPurchaseSource: null,
    gift: null,
    giftClaim: false,
    payDeposit: false,
    deliveryOptionType: null,
    giftPack: 0,
    giftWrap: 0,
    gifting: { ...NO_GIFTING },
    ...fields,
  };
  return clampGiftUnits(line);
}

// ---------------------------------------------------------------------------------------------
// Spec §5 tokens

/** Spec §5: a basket token is accepted only if longer than 10 characters. */
export function isBasketToken(token: unknown): token is string {
  return typeof token === 'string' && token.length > BASKET_TOKEN_MIN_EXCLUSIVE;
}

/** Spec §5 (and §9): a customer token is valid if at least 10 characters long. */
export const CUSTOMER_TOKEN_MIN_LENGTH = 10;
export function isCustomerToken(token: unknown): token is string {
  return typeof token === 'string' && token.length >= CUSTOMER_TOKEN_MIN_LENGTH;
}

// ---------------------------------------------------------------------------------------------
// Gift unit counts

/** Spec §5: gift wrap (and pack) units are clamped to 0..line quantity; a fraction rounds down. */
export function clampGiftUnits(line: BasketLine): BasketLine {
  const clamp = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.min(line.quantity, Math.floor(n))) : 0);
  const giftWrap = clamp(line.giftWrap);
  const giftPack = clamp(line.giftPack);
  return giftWrap === line.giftWrap && giftPack === line.giftPack ? line : { ...line, giftWrap, giftPack };
}

/** The basket's gift wrap quantity: the wrap units of all its lines, never below 0. */
export function giftWrapQuantity(basket: Pick<Basket, 'products'>): number {
  return basket.products.reduce((sum, l) => sum + Math.max(0, l.giftWrap), 0);
}

/** Gift pack units in the basket per pack product id. */
export function giftPackQuantities(basket: Pick<Basket, 'products'>): Map<number, number> {
  const packs = new Map<number, number>();
  for (const l of basket.products) {
    if (l.giftPack > 0 && l.gifting.giftPackProductId !== null) packs.set(l.gifting.giftPackProductId, (packs.get(l.gifting.giftPackProductId) ?? 0) + l.giftPack);
  }
  return packs;
}

/** Deal units in the basket (the header's count). */
export function itemCount(basket: Pick<Basket, 'products'>): number {
  return basket.products.reduce((sum, l) => sum + l.quantity, 0);
}

// ---------------------------------------------------------------------------------------------
// Spec §4 gifting transitions per line

export interface GiftingChoice {
  type: GiftingType;
  /** The e-gift recipient; required for 'e-gift'. */
  recipient?: GiftRecipient | null;
  /** The pack product for 'ndd-gpk' / 'std-gpk'. */
  giftPackProductId?: number | null;
  /** The wrap product for 'wrapped'. */
  giftProductId?: number | null;
}

export class GiftingError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = 'GiftingError';
    this.field = field;
  }
}

/**
 * One row per gifting type: what choosing it does to the line's gift units (spec §4).
 *   none     not a gift: the recipient, pack units and wrap units go (ours: the spec lists no
 *            effect; a line that is not a gift must not keep paid gift extras).
 *   e-gift   removes any gift pack units; the recipient is set (the wrap is left as it was, as
 *            the spec words it).
 *   ndd-gpk  removes the previous pack, adds the pack (one per unit), removes the wrap.
 *   std-gpk  the same, with the standard-delivery pack.
 *   wrapped  adds wrap units (one per unit). Ours: the pack goes too, because a line has one
 *            gifting type and must not pay for a pack it no longer shows.
 */
export const GIFTING_TRANSITIONS: Record<GiftingType, { pack: 'remove' | 'replace' | 'keep'; wrap: 'remove' | 'add' | 'keep'; recipient: 'clear' | 'set' | 'keep' }> = {
  none: { pack: 'remove', wrap: 'remove', recipient: 'clear' },
  'e-gift': { pack: 'remove', wrap: 'keep', recipient: 'set' },
  'ndd-gpk': { pack: 'replace', wrap: 'remove', recipient: 'clear' },
  'std-gpk': { pack: 'replace', wrap: 'remove', recipient: 'clear' },
  wrapped: { pack: 'remove', wrap: 'add', recipient: 'clear' },
};

/** Applies a gifting choice to a line (spec §4). Throws GiftingError naming the missing field. */
export function applyGifting(line: BasketLine, choice: GiftingChoice): BasketLine {
  const rule = GIFTING_TRANSITIONS[choice.type];
  if (!rule) throw new GiftingError('gifting.type', `Unknown gifting type ${String(choice.type)}`);
  const next: BasketLine = { ...line, gifting: { ...line.gifting, type: choice.type, gift: choice.type !== 'none' } };

  if (rule.pack === 'remove') {
    next.giftPack = 0;
    next.gifting.giftPackProductId = null;
  } else if (rule.pack === 'replace') {
    const packId = choice.giftPackProductId;
    if (typeof packId !== 'number' || !Number.isSafeInteger(packId) || packId <= 0) throw new GiftingError('gifting.giftPackProductId', 'A gift pack needs its product id');
    // The previous pack (any product) goes; the new pack comes, one per unit.
    next.gifting.giftPackProductId = packId;
    next.giftPack = line.quantity;
  }

  if (rule.wrap === 'remove') {
    next.giftWrap = 0;
    next.gifting.giftProductId = null;
  } else if (rule.wrap === 'add') {
    next.giftWrap = line.quantity;
    next.gifting.giftProductId = choice.giftProductId ?? line.gifting.giftProductId;
  }

  if (rule.recipient === 'clear') next.gift = null;
  else if (rule.recipient === 'set') {
    const r = choice.recipient;
    if (!r || typeof r.name !== 'string' || !r.name.trim()) throw new GiftingError('gift.name', 'An e-gift needs the recipient’s name');
    next.gift = { name: r.name, email: r.email ?? null, message: r.message ?? null, ...(r.sendOn ? { sendOn: r.sendOn } : {}) };
  }
  return clampGiftUnits(next);
}

/** Sets a line's gift wrap units; below zero is clamped to 0 (spec §5), above the quantity to the quantity. */
export function setGiftWrap(line: BasketLine, units: number): BasketLine {
  return clampGiftUnits({ ...line, giftWrap: units });
}

/** Sets a line's gift pack units, clamped like the wrap. */
export function setGiftPack(line: BasketLine, units: number): BasketLine {
  return clampGiftUnits({ ...line, giftPack: units });
}

/**
 * Changes a line's quantity. Gift units follow: a line gifted by pack or wrap keeps one per unit
 * when it grows (the whole line was gifted), and never more than the quantity when it shrinks.
 */
export function setQuantity(line: BasketLine, quantity: number): BasketLine {
  const whole = (n: number) => n > 0 && n === line.quantity;
  const next = { ...line, quantity };
  if (whole(line.giftPack)) next.giftPack = quantity;
  if (whole(line.giftWrap)) next.giftWrap = quantity;
  return clampGiftUnits(next);
}

/**
 * Removes a line (spec §4): its pack units go with it and the basket's wrap quantity falls by
 * the line's wrap units (never below 0: giftWrapQuantity sums clamped line counts).
 */
export function removeLine<B extends Pick<Basket, 'products'>>(basket: B, dealProductId: number): B {
  return { ...basket, products: basket.products.filter((l) => l.dealProductId !== dealProductId) };
}

// ---------------------------------------------------------------------------------------------
// Spec §4 basket merge rules

/** A line as a PUT/PATCH/merge carries it: the product, the quantity, any other fields. */
export type LineChange = Pick<BasketLine, 'dealId' | 'dealProductId' | 'quantity'> & Partial<Omit<BasketLine, 'dealId' | 'dealProductId' | 'quantity'>>;

/**
 * Spec §4 "Basket creation" merge: a line with zero quantity removes an existing line; existing
 * lines are updated; new lines with quantity are added (a new line with zero quantity is
 * ignored). Lines are matched by dealProductId; the last change of a product wins.
 */
export function mergeLines(existing: readonly BasketLine[], changes: readonly LineChange[]): BasketLine[] {
  const lines = existing.map((l) => l);
  for (const change of changes) {
    const at = lines.findIndex((l) => l.dealProductId === change.dealProductId);
    if (change.quantity === 0) {
      if (at >= 0) lines.splice(at, 1);
    } else if (at >= 0) {
      const { quantity, ...rest } = change;
      lines[at] = setQuantity(clampGiftUnits({ ...lines[at]!, ...rest, gifting: { ...lines[at]!.gifting, ...(rest.gifting ?? {}) } }), quantity);
    } else if (change.quantity > 0) {
      lines.push(newLine(change));
    }
  }
  return lines;
}

/**
 * A guest basket merged into the customer's on login: quantities of the same product add up,
 * within LINE_QUANTITY_MAX; the guest's other lines are added. The customer's line keeps its own
 * gifting and options (what the signed-in shopper chose before wins).
 */
export function mergeGuestLines(customer: readonly BasketLine[], guest: readonly BasketLine[]): BasketLine[] {
  const lines = customer.map((l) => l);
  for (const g of guest) {
    if (g.quantity <= 0) continue;
    const at = lines.findIndex((l) => l.dealProductId === g.dealProductId);
    if (at >= 0) lines[at] = setQuantity(lines[at]!, Math.min(LINE_QUANTITY_MAX, lines[at]!.quantity + g.quantity));
    else lines.push(clampGiftUnits({ ...g, quantity: Math.min(LINE_QUANTITY_MAX, g.quantity) }));
  }
  return lines;
}
