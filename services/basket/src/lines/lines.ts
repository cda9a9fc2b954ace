/**
 * Request lines to basket lines, with the domain's pure rules (@shop/domain/gifting): the spec §4
 * merge rules, the gifting transitions, gift units clamped to 0..quantity (spec §5).
 */
import { applyGifting, newLine, setGiftPack, setGiftWrap, setQuantity, type BasketLine } from '@shop/domain/gifting';
import { isPostedGiftCard } from '@shop/domain/gift-cards';
import type { LineInput, PatchProductBody } from '../contract.ts';

/** A line input that cannot be applied; `field` names it. */
export class LineInputError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = 'LineInputError';
    this.field = field;
  }
}

const PACK_TYPES = new Set(['ndd-gpk', 'std-gpk']);
const WRAP_TYPES = new Set(['wrapped', 'e-gift']);

/**
 * Applies the fields of a request to a line, in this order: quantity, the gifting transition,
 * the recipient, explicit gift units, the rest. Pure.
 */
export function applyLineInput(line: BasketLine, input: PatchProductBody | LineInput): BasketLine {
  let next = input.quantity !== undefined && input.quantity > 0 ? setQuantity(line, input.quantity) : line;

  if (input.gifting) {
    const recipient = input.gift !== undefined ? input.gift : next.gift;
    next = applyGifting(next, {
      type: input.gifting.type,
      recipient: recipient ? { name: recipient.name, email: recipient.email ?? null, message: recipient.message ?? null, sendOn: recipient.sendOn ?? null } : null,
      giftPackProductId: input.gifting.giftPackProductId ?? null,
      giftProductId: input.gifting.giftProductId ?? null,
    });
  } else if (input.gift !== undefined) {
    // A recipient belongs to an e-gift (spec §3 gift: "an e-gift recipient").
    if (input.gift !== null && next.gifting.type !== 'e-gift') throw new LineInputError('gift', 'Choose the e-gift option to send this as a gift by email.');
    if (input.gift === null && next.gifting.type === 'e-gift') throw new LineInputError('gift', 'An e-gift needs its recipient.');
    next = { ...next, gift: input.gift ? { name: input.gift.name, email: input.gift.email ?? null, message: input.gift.message ?? null, ...(input.gift.sendOn ? { sendOn: input.gift.sendOn } : {}) } : null };
  }

  if (input.giftPack !== undefined) {
    if (input.giftPack > 0 && !PACK_TYPES.has(next.gifting.type)) throw new LineInputError('giftPack', 'Choose a gift pack first.');
    next = setGiftPack(next, input.giftPack);
  }
  if (input.giftWrap !== undefined) {
    if (input.giftWrap > 0 && !WRAP_TYPES.has(next.gifting.type)) throw new LineInputError('giftWrap', 'Choose gift wrap first.');
    next = setGiftWrap(next, input.giftWrap);
  }

  next = { ...next };
  if (input.dealType !== undefined) next.dealType = input.dealType;
  if (input.purchaseLocation !== undefined) next.purchaseLocation = input.purchaseLocation;
  if (input.purchaseUrl !== undefined) next.purchaseUrl = input.purchaseUrl;
  if (input.purchaseGclid !== undefined) next.purchaseGclid = input.purchaseGclid;
  if (input.sessionPurchaseSource !== undefined) next.sessionPurchaseSource = input.sessionPurchaseSource;
  if (input.giftClaim !== undefined) next.giftClaim = input.giftClaim;
  if (input.payDeposit !== undefined) next.payDeposit = input.payDeposit;
  if (input.deliveryOptionType !== undefined) {
    next.deliveryOptionType = input.deliveryOptionType;
    // Choosing a posted gift card (issue 18 point 2) ends its e-gift: the card goes by post, not by email.
    if (isPostedGiftCard(next.dealId, input.deliveryOptionType) && !input.gifting && input.gift === undefined && next.gifting.type === 'e-gift') {
      next = applyGifting(next, { type: 'none', recipient: null, giftPackProductId: null, giftProductId: null });
    }
  }
  return next;
}

function fresh(input: LineInput): BasketLine {
  return applyLineInput(newLine({ dealId: input.dealId, dealProductId: input.dealProductId, quantity: input.quantity }), input);
}

/** PUT: the inputs become the lines (zero quantities dropped; the last input of a product wins). */
export function replaceInputs(inputs: readonly LineInput[]): BasketLine[] {
  const lines: BasketLine[] = [];
  for (const input of inputs) {
    const at = lines.findIndex((l) => l.dealProductId === input.dealProductId);
    if (at >= 0) lines.splice(at, 1);
    if (input.quantity > 0) lines.push(fresh(input));
  }
  return lines;
}

/**
 * PATCH, POST product, POST basket onto an existing one: spec §4: a line with zero quantity
 * removes an existing line; existing lines are updated; new lines with quantity are added.
 */
export function mergeInputs(existing: readonly BasketLine[], inputs: readonly LineInput[]): BasketLine[] {
  const lines = [...existing];
  for (const input of inputs) {
    const at = lines.findIndex((l) => l.dealProductId === input.dealProductId);
    if (input.quantity === 0) {
      if (at >= 0) lines.splice(at, 1);
    } else if (at >= 0) {
      lines[at] = applyLineInput({ ...lines[at]!, dealId: input.dealId }, input);
    } else {
      lines.push(fresh(input));
    }
  }
  return lines;
}
