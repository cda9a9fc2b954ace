/**
 * One change of one basket, in one transaction: lock it, check the caller may see it, compute the
 * next state with the pure rules, check new lines against the catalogue, save. And the answers a
 * change gives: the basket as saved (with what the catalogue says of its lines), or the problem.
 */
import { GiftingError, giftPackQuantities, giftWrapQuantity, itemCount, type BasketLine } from '@shop/domain/gifting';
import type { ErrorCode } from '@shop/domain/error-codes';
import { giftSendOnProblem } from '@shop/domain/gift-send-date';
import { GIFT_CARD_DEAL_ID, giftCardDeliveryOptionProblem, isPostedGiftCard } from '@shop/domain/gift-cards';
import { minimumQuantity } from '@shop/domain/purchase-limits';
import type { FieldError } from '@shop/platform';
import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { MAX_LINES, type BasketResponse } from '../contract.ts';
import type { BasketDeps } from '../lib/deps.ts';
import { basketNotFound, fail } from '../lib/http.ts';
import { LineInputError } from '../lines/lines.ts';
import { changedLines, lineLimit, refuseLine, type CatalogueProduct, type LineRefusal } from '../lines/product-check.ts';
import { lockBasket, saveBasket, type StoredBasket } from './baskets.store.ts';

/**
 * The JSON answer of a basket. With the catalogue (productCheck) each line also says what the
 * shopper may do with it now: maxQuantity (spec §5 purchase limit, never more than is left; 0 when
 * it cannot be bought), minQuantity (2 for price per person) and soldOut.
 */
export function basketJson(b: StoredBasket, { giftPacks = true, catalogue = null as Map<number, CatalogueProduct> | null } = {}): BasketResponse {
  const loggedIn = b.customerToken !== null;
  const products = b.products.map((l) => {
    if (!catalogue) return l;
    const p = catalogue.get(l.dealProductId);
    const buyable = p !== undefined && p.dealId === l.dealId && !p.disabled && !p.closed && (!p.vipExclusive || b.eligibleForVip);
    const max = buyable ? lineLimit(p, loggedIn) : 0;
    return { ...l, maxQuantity: max, minQuantity: minimumQuantity(p?.pricePerPerson ?? false), soldOut: max === 0 };
  });
  const wrap = giftWrapQuantity(b);
  return {
    id: b.id,
    customerToken: b.customerToken,
    brand: b.brand,
    eligibleForVip: b.eligibleForVip,
    vipStatus: b.vipStatus as BasketResponse['vipStatus'],
    products,
    addons: b.addons,
    itemCount: itemCount(b),
    giftWrapQuantity: wrap,
    giftWrap: wrap,
    ...(giftPacks ? { giftPacks: [...giftPackQuantities(b)].map(([giftPackProductId, quantity]) => ({ giftPackProductId, quantity })) } : {}),
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
  };
}

type RefusalStatus = LineRefusal['status'];
/** A change refused, as the problem it answers. */
export type Refusal<S extends RefusalStatus = RefusalStatus> = { kind: 'problem'; status: S; code: ErrorCode; detail?: string; errors?: FieldError[]; extra?: Record<string, unknown> };
type NotFound = { kind: 'not-found' };
export type Outcome<S extends RefusalStatus = RefusalStatus> = { kind: 'ok'; basket: StoredBasket; created?: boolean } | NotFound | Refusal<S>;

/** Checks the lines of a change against the catalogue: a refusal, or null when they may stay. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handed on to the shop's check as its schema-agnostic handle
export type LineCheck<S extends RefusalStatus> = (trx: Kysely<any>, before: readonly BasketLine[], next: StoredBasket) => Promise<Refusal<S> | null>;

/**
 * The check of a change that adds and raises no line (a removal, the VIP status): changedLines
 * finds none, so there is nothing to ask the catalogue and nothing it could refuse.
 */
export const noNewLines: LineCheck<never> = async () => null;

/** A refusal as its problem, typed by its status for the route table. */
export const refuse = <S extends RefusalStatus>(c: Context, r: Refusal<S>) => fail(c, r.status, r.code, { detail: r.detail, errors: r.errors, extra: r.extra });

/** A change not made: no basket the caller may see, or a refusal. */
export const notMade = <S extends RefusalStatus>(c: Context, outcome: NotFound | Refusal<S>) => (outcome.kind === 'not-found' ? basketNotFound(c) : refuse(c, outcome));

/** A rule's error (a gifting transition, a line input) as the 400 naming its field, else null. */
export const refusalOf = (err: unknown): Refusal<400> | null => {
  if (err instanceof GiftingError || err instanceof LineInputError) return { kind: 'problem', status: 400, code: 'VALIDATION_FAILED', errors: [{ field: err.field, message: err.message }] };
  return null;
};

/**
 * Issue 18 point 2: an e-gift send date set or changed by this change must be today to
 * GIFT_SEND_MAX_MONTHS (2) months ahead (London) at `now`; one already saved stays as it was (a gift dated today and paid
 * tomorrow simply goes at once). The 400 naming `gift.sendOn`, or null.
 */
export function sendOnRefusal(before: readonly BasketLine[], next: readonly BasketLine[], now: Date): Refusal<400> | null {
  for (const line of next) {
    // A gift card is emailed, never posted: no gift wrap or gift pack for it.
    if (line.dealId === GIFT_CARD_DEAL_ID && line.gifting.type !== 'none' && line.gifting.type !== 'e-gift') {
      return { kind: 'problem', status: 400, code: 'VALIDATION_FAILED', errors: [{ field: 'gifting.type', message: 'A gift card is sent by email or posted as a card: no gift wrap or gift pack for it.' }] };
    }
    const optionProblem = giftCardDeliveryOptionProblem(line.dealId, line.deliveryOptionType);
    if (optionProblem) return { kind: 'problem', status: 400, code: 'VALIDATION_FAILED', errors: [{ field: 'deliveryOptionType', message: optionProblem }] };
    // A posted gift card goes to the order's delivery address when the order is paid: no e-gift email, so no send date.
    if (isPostedGiftCard(line.dealId, line.deliveryOptionType) && line.gifting.type === 'e-gift') {
      return line.gift?.sendOn
        ? { kind: 'problem', status: 400, code: 'VALIDATION_FAILED', errors: [{ field: 'gift.sendOn', message: 'A posted gift card has no send date: it is posted to the delivery address when your order is paid. Choose "E-gift by email" to choose a send date.' }] }
        : { kind: 'problem', status: 400, code: 'VALIDATION_FAILED', errors: [{ field: 'gifting.type', message: 'A posted gift card is posted to the delivery address, not emailed: choose "E-gift by email" to send it by email.' }] };
    }
    const sendOn = line.gift?.sendOn ?? null;
    if (sendOn === null) continue;
    const was = before.find((b) => b.dealProductId === line.dealProductId)?.gift?.sendOn ?? null;
    if (was === sendOn) continue;
    const message = line.gift?.email ? giftSendOnProblem(sendOn, now) : 'Enter the recipient’s email to choose a send date.';
    if (message) return { kind: 'problem', status: 400, code: 'VALIDATION_FAILED', errors: [{ field: 'gift.sendOn', message }] };
  }
  return null;
}

export const tooManyLines = (): Refusal<400> => ({ kind: 'problem', status: 400, code: 'VALIDATION_FAILED', errors: [{ field: 'products', message: `A basket holds at most ${MAX_LINES} lines.` }] });

/** The customer key of the buying contract: c:{customerToken}, else b:{basketToken}. */
export const customerKeyOf = (b: StoredBasket) => (b.customerToken ? `c:${b.customerToken}` : `b:${b.id}`);

/** A guest basket is visible to whoever holds its token; a customer's only to that customer. */
export function visibleTo(b: StoredBasket, caller: string | undefined): boolean {
  return b.customerToken === null || b.customerToken === caller;
}

/** What the catalogue says of the basket's lines now (after any change has committed), or null. */
async function catalogueOf(deps: BasketDeps, b: StoredBasket): Promise<Map<number, CatalogueProduct> | null> {
  if (!deps.productCheck || b.products.length === 0) return null;
  return deps.productCheck({ productIds: b.products.map((l) => l.dealProductId), customerKey: customerKeyOf(b), db: deps.db });
}

/** The JSON answer of a basket, with the catalogue's word on its lines when there is a catalogue. */
export const answer = async (deps: BasketDeps, b: StoredBasket, giftPacks = true) => basketJson(b, { giftPacks, catalogue: await catalogueOf(deps, b) });

/** The answer of a change: the basket as saved (200), or why not. */
export const send = async <S extends RefusalStatus>(deps: BasketDeps, c: Context, outcome: Outcome<S>) =>
  outcome.kind === 'ok' ? c.json(await answer(deps, outcome.basket), 200) : notMade(c, outcome);

/** Checks the new and changed lines of `next` against the catalogue; a refusal or null. */
export const checkLines =
  (deps: BasketDeps): LineCheck<RefusalStatus> =>
  async (trx, before, next) => {
    if (!deps.productCheck) return null;
    const changed = changedLines(before, next.products);
    if (!changed.length) return null;
    const catalogue = await deps.productCheck({ productIds: changed.map((c) => c.line.dealProductId), customerKey: customerKeyOf(next), db: trx });
    for (const { line, lowered } of changed) {
      const r = refuseLine(line, catalogue.get(line.dealProductId), { eligibleForVip: next.eligibleForVip, loggedIn: next.customerToken !== null, lowered });
      if (r) {
        return {
          kind: 'problem',
          status: r.status,
          code: r.code,
          ...(r.code === 'VALIDATION_FAILED' ? { detail: r.message } : {}),
          errors: [{ field: r.field, message: r.message }],
          extra: { productId: r.productId, ...(r.available !== undefined ? { available: r.available } : {}) },
        };
      }
    }
    return null;
  };

/**
 * One change of one basket: lock it, check the caller may see it, compute the next state with
 * the pure rules, check new lines against the catalogue (`check`), save. All in one transaction.
 */
export async function change<S extends RefusalStatus>(
  deps: BasketDeps,
  token: string,
  caller: string | undefined,
  // May read on the transaction (`trx`: apply-vip-discount asks the catalogue for VIP options).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop's schema-agnostic handle
  compute: (b: StoredBasket, trx: Kysely<any>) => StoredBasket | Refusal<S> | Promise<StoredBasket | Refusal<S>>,
  check: LineCheck<S>,
): Promise<Outcome<S | 400>> {
  return deps.db.transaction().execute(async (trx): Promise<Outcome<S | 400>> => {
    const b = await lockBasket(trx, token);
    if (!b || b.status !== 'open' || !visibleTo(b, caller)) return { kind: 'not-found' };
    let next: StoredBasket | Refusal<S>;
    try {
      next = await compute(b, trx);
    } catch (err) {
      const r = refusalOf(err);
      if (r) return r;
      throw err;
    }
    if ('kind' in next) return next;
    if (next.products.length > MAX_LINES) return tooManyLines();
    const dated = sendOnRefusal(b.products, next.products, deps.now());
    if (dated) return dated;
    const refusal = await check(trx, b.products, next);
    if (refusal) return refusal;
    const at = deps.now();
    await saveBasket(trx, next, at);
    return { kind: 'ok', basket: { ...next, updatedAt: at } };
  });
}
