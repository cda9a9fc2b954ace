/**
 * The basket mutations (spec §7 basket calls, §4 basket creation and gifting, §5 token rules).
 * Inputs are checked before any REST call; the basket service's refusals become StockError,
 * ValidationError or NotFoundError in the domain's words.
 *
 * Creating a basket (spec §7, §8): POST /basket, the token is the Location header's last
 * segment; a guest keeps it in the `basket_token` cookie. A token that is missing, too short or
 * not the basket's own id is logged ('Basket Creation Failed' / 'Basket token or operation
 * failed.') and replaced by the basket's id; with neither, 'No Basket Token' (a masked error).
 */
import { BUYING_MESSAGES } from '@shop/domain';
import type { Basket, LinePatch, NewLine } from '../../clients/basket.client.ts';
import type { GatewayContext } from '../../context.ts';
import type { Resolver } from '../types.ts';
import { basketParent, type BasketParent } from './Basket.ts';
import { AddBasketAddonInput, AddToBasketInput, check, GIFTING_OF_ENUM, RemoveBasketLineInput, SetLineGiftingInput, UpdateBasketLineInput } from './inputs.ts';
import { BASKET_ERRORS, basketNotFound, fromServiceError, notFound, validationError, type MemberOf } from './results.ts';

type BasketError = MemberOf<(typeof BASKET_ERRORS)[number]>;
import { basketCookie, currentBasket, identity, isUsableBasketToken, setCurrentBasket } from './shopper.ts';
import { BASKET_COOKIE } from '@shop/domain';

type BasketResult = { __typename: 'BasketUpdated'; basket: BasketParent; toast: string | null } | BasketError;

/** The basket service names lines by dealProductId; the GraphQL inputs say productId. */
const FIELD_ALIASES = { dealProductId: 'productId', 'products.0.quantity': 'quantity', 'products.0.dealProductId': 'productId', 'products.0.dealId': 'dealId', 'gift.sendOn': 'recipient.sendOn' };

const updated = (basket: Basket, signedIn: boolean, toast: string | null = null): BasketResult => ({ __typename: 'BasketUpdated', basket: basketParent(basket, signedIn), toast });

async function run(ctx: GatewayContext, work: () => Promise<BasketResult>): Promise<BasketResult> {
  try {
    return await work();
  } catch (error) {
    return fromServiceError(error, { allowed: BASKET_ERRORS, fieldAliases: FIELD_ALIASES });
  }
}

/** Creates the shopper's basket with its first line (see the file comment for the token rules). */
async function createBasket(ctx: GatewayContext, customerToken: string | null, line: NewLine): Promise<Basket> {
  // eligibleForVip: the basket may take VIP-exclusive options (a VIP member's; never a guest's).
  const { vipUser } = await identity(ctx);
  const created = await ctx.clients.basket.create({ customerToken, eligibleForVip: customerToken !== null && vipUser, products: [line] });
  let token = created.token;
  const bodyId = created.basket?.id ?? null;
  if (!isUsableBasketToken(token) || (bodyId !== null && bodyId !== token)) {
    ctx.logger.warn('Basket Creation Failed', { correlationId: ctx.requestId, reason: token ? 'mismatched or short basket token in Location' : 'no Location token' });
    ctx.logger.warn('Basket token or operation failed.', { correlationId: ctx.requestId });
    token = isUsableBasketToken(bodyId) ? bodyId : null;
  }
  if (!token) throw new Error(BUYING_MESSAGES.noBasketToken);
  if (!customerToken) ctx.responseCookies.set(BASKET_COOKIE, basketCookie(token));
  const basket = created.basket ?? (customerToken ? await ctx.clients.basket.byCustomer(customerToken) : await ctx.clients.basket.byToken(token, null));
  if (!basket) throw new Error(BUYING_MESSAGES.basketCreationFailed);
  return basket;
}

export const addToBasket: Resolver<unknown, { input: unknown }, Promise<BasketResult>> = async (_p, { input }, ctx) => {
  const parsed = check(AddToBasketInput, input);
  if (!parsed.ok) return parsed.error;
  // `nights` is checked but not sent: a travel option's nights are its own (the catalogue's numberOfNights).
  const { dealId, productId, quantity, payDeposit, purchaseUrl, sessionPurchaseSource } = parsed.data;
  const line: NewLine = { dealId, dealProductId: productId, quantity, payDeposit, purchaseUrl, sessionPurchaseSource };
  return run(ctx, async () => {
    const { customerToken, vipUser } = await identity(ctx);
    const existing = await currentBasket(ctx);
    const added = existing ? await ctx.clients.basket.addLine(existing.id, customerToken, line) : await createBasket(ctx, customerToken, line);
    if (!added) return basketNotFound();
    // A member's basket (spec §7 apply-vip-discount): an option with a VIP version goes in as it, at the VIP price.
    // If that cannot be done (the VIP option sold out), the line stays as added.
    const applied = vipUser && customerToken && added.eligibleForVip ? await ctx.clients.basket.applyVipDiscount(added.id, customerToken).catch(() => null) : null;
    const basket = applied?.basket ?? added;
    setCurrentBasket(ctx, basket);
    return updated(basket, customerToken !== null);
  });
};

/** The shopper's basket and the line the input names, or the NotFoundError to answer. */
async function basketWithLine(ctx: GatewayContext, productId: number): Promise<{ basket: Basket; customerToken: string | null } | BasketError> {
  const { customerToken } = await identity(ctx);
  const basket = await currentBasket(ctx);
  if (!basket) return basketNotFound();
  if (!basket.products.some((l) => l.dealProductId === productId && l.quantity > 0)) return notFound('NOT_FOUND', 'productId');
  return { basket, customerToken };
}

async function patchLine(ctx: GatewayContext, productId: number, patch: LinePatch, toast: string | null = null): Promise<BasketResult> {
  return run(ctx, async () => {
    const found = await basketWithLine(ctx, productId);
    if ('__typename' in found) return found;
    const before = found.basket.products.find((l) => l.dealProductId === productId)?.quantity ?? 0;
    const basket =
      patch.quantity === 0
        ? await ctx.clients.basket.removeLine(found.basket.id, found.customerToken, productId)
        : await ctx.clients.basket.updateLine(found.basket.id, found.customerToken, productId, patch);
    if (!basket) return basketNotFound();
    setCurrentBasket(ctx, basket);
    // Issue 14: a line removed or lowered gives its held units back at once. The basket change
    // stands if this fails: the hold then ends with its countdown, as before.
    if (patch.quantity !== undefined && patch.quantity < before) {
      await ctx.clients.checkout.trimHold(basket.id, { customerToken: found.customerToken }).catch((error: unknown) => {
        ctx.logger.warn('Hold trim failed', { correlationId: ctx.requestId, error: error instanceof Error ? error.message : String(error) });
      });
    }
    return updated(basket, found.customerToken !== null, toast);
  });
}

export const updateBasketLine: Resolver<unknown, { input: unknown }, Promise<BasketResult>> = async (_p, { input }, ctx) => {
  const parsed = check(UpdateBasketLineInput, input);
  if (!parsed.ok) return parsed.error;
  const { productId, quantity, payDeposit, deliveryOptionType } = parsed.data;
  const patch: LinePatch = {
    ...(quantity !== null ? { quantity } : {}),
    ...(payDeposit !== null ? { payDeposit } : {}),
    ...(deliveryOptionType !== null ? { deliveryOptionType } : {}),
  };
  if (Object.keys(patch).length === 0) return validationError('quantity', 'Give the quantity, deposit choice or delivery option to change.');
  return patchLine(ctx, productId, patch);
};

export const removeBasketLine: Resolver<unknown, { input: unknown }, Promise<BasketResult>> = async (_p, { input }, ctx) => {
  const parsed = check(RemoveBasketLineInput, input);
  if (!parsed.ok) return parsed.error;
  return patchLine(ctx, parsed.data.productId, { quantity: 0 });
};

export const setLineGifting: Resolver<unknown, { input: unknown }, Promise<BasketResult>> = async (_p, { input }, ctx) => {
  const parsed = check(SetLineGiftingInput, input);
  if (!parsed.ok) return parsed.error;
  const { productId, gifting, recipient } = parsed.data;
  const type = GIFTING_OF_ENUM[gifting];
  return run(ctx, async () => {
    let giftPackProductId: number | null = null;
    let giftProductId: number | null = null;
    if (type === 'ndd-gpk' || type === 'std-gpk' || type === 'wrapped') {
      const config = await ctx.clients.checkout.giftingConfig();
      if (type === 'wrapped') giftProductId = config.giftWrap.productId;
      else {
        const pack = config[type];
        if (!pack) return validationError('gifting', 'This gift pack is not available.');
        giftPackProductId = pack.productId;
      }
    }
    const toast = type === 'wrapped' ? BUYING_MESSAGES.giftWrapAdded : type === 'ndd-gpk' || type === 'std-gpk' ? BUYING_MESSAGES.giftPackAdded : null;
    return patchLine(
      ctx,
      productId,
      { gifting: { gift: type !== 'none', type, giftPackProductId, giftProductId }, gift: type === 'e-gift' && recipient ? recipient : null },
      toast,
    );
  });
};

export const addBasketAddon: Resolver<unknown, { input: unknown }, Promise<BasketResult>> = async (_p, { input }, ctx) => {
  const parsed = check(AddBasketAddonInput, input);
  if (!parsed.ok) return parsed.error;
  return run(ctx, async () => {
    const { customerToken } = await identity(ctx);
    const existing = await currentBasket(ctx);
    if (!existing) return basketNotFound();
    const basket = await ctx.clients.basket.addAddon(existing.id, customerToken, parsed.data);
    if (!basket) return basketNotFound();
    setCurrentBasket(ctx, basket);
    return updated(basket, customerToken !== null);
  });
};

export const basketQuery: Resolver<unknown, Record<string, never>, Promise<BasketParent | null>> = async (_p, _a, ctx) => {
  const basket = await currentBasket(ctx);
  const { customerToken } = await identity(ctx);
  return basket ? basketParent(basket, customerToken !== null) : null;
};
