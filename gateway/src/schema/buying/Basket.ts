/**
 * Basket and BasketLine (spec §3 Basket, Basket line). Lines are priced from the deals catalogue
 * through the per-request dealById loader (one batched call for every line of the basket,
 * however many: reliability B3), never from the client. The limits (spec §5 purchase limit, sold
 * out, price per person) are the basket service's when it sends them (it reads the database's
 * stock view, with the shopper's allowance), else the domain rule over the catalogue's figures.
 */
import { BASKET_VVE_MONTHS, VVE_PRICE_PER_VOUCHER_MONTH_PENCE } from '@shop/checkout/checkout/pricing';
import { linePostagePence } from '@shop/domain/gift-cards';
import { linePrice, minimumQuantity, purchaseLimit } from '@shop/domain/purchase-limits';
import type { Deal, DealProduct } from '@shop/deals/contract';
import type { Basket, BasketLine } from '../../clients/basket.client.ts';
import type { GatewayContext } from '../../context.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import type { DealProductParent } from '../mappers.ts';
import { ENUM_OF_GIFTING } from './inputs.ts';
import { basketKey } from './shopper.ts';
import type { BasketLineResolvers, BasketResolvers } from '../__generated__/resolvers.ts';

export interface BasketParent {
  basket: Basket;
  signedIn: boolean;
}
export interface BasketLineParent {
  line: BasketLine;
  signedIn: boolean;
}

export const gbp = (amount: number) => ({ amount, currency: 'GBP' as const });

async function catalogueOf(line: BasketLine, ctx: GatewayContext): Promise<{ deal: Deal | null; product: DealProduct | null }> {
  const deal = await ctx.loaders.dealById.load(line.dealId);
  return { deal, product: deal?.products.find((p) => p.id === line.dealProductId) ?? null };
}

/** What a line costs now (spec §5 deposits and postage, domain linePrice), from the catalogue. */
async function pricedLine(line: BasketLine, ctx: GatewayContext) {
  const { product } = await catalogueOf(line, ctx);
  // An option gone from the catalogue costs nothing here; the checkout refuses it (DEAL_CLOSED).
  if (!product) return { unitPence: 0, postagePence: 0, totalPence: 0, posted: false };
  // A posted gift card (issue 18 point 2) pays the card's postage.
  const postage = linePostagePence(line.dealId, line.deliveryOptionType, product.postagePrice?.amount);
  const price = linePrice({
    pricePence: product.price.amount,
    depositPricePence: product.depositProduct?.price.amount ?? null,
    payDeposit: line.payDeposit ?? false,
    postagePence: postage,
    quantity: Math.min(Math.max(0, line.quantity), 99),
  });
  return { ...price, posted: postage !== null };
}

export const basketParent = (basket: Basket, signedIn: boolean): BasketParent => ({ basket, signedIn });

export const BasketType: BasketResolvers = {
  id: ({ basket }) => toGlobalId('Basket', basketKey(basket.id)),
  lines: ({ basket, signedIn }): BasketLineParent[] => basket.products.filter((line) => line.quantity > 0).map((line) => ({ line, signedIn })),
  itemCount: ({ basket }) => basket.products.reduce((sum, line) => sum + Math.max(0, line.quantity), 0),
  subtotal: async ({ basket }, _a, ctx) => {
    const totals = await Promise.all(basket.products.filter((l) => l.quantity > 0).map((line) => pricedLine(line, ctx)));
    return gbp(totals.reduce((sum, t) => sum + t.totalPence, 0));
  },
  eligibleForVip: ({ basket }) => basket.eligibleForVip,
  // Spec §5: gift wrap never below 0.
  giftWrapQuantity: ({ basket }) => Math.max(0, basket.giftWrap),
  // The VVE add-on as the checkout prices it (its figures): BASKET_VVE_MONTHS per voucher of the
  // line it extends, at most the line's quantity; one for an option no longer in the basket is ignored.
  addons: ({ basket }) =>
    basket.addons.flatMap((a) => {
      const line = basket.products.find((l) => l.dealProductId === a.productId && l.quantity > 0);
      if (a.quantity <= 0 || !line) return [];
      const quantity = line ? Math.min(a.quantity, line.quantity) : a.quantity;
      const price = gbp(quantity * BASKET_VVE_MONTHS * VVE_PRICE_PER_VOUCHER_MONTH_PENCE);
      return [{ addonType: a.addonType, productId: a.productId, quantity, price }];
    }),
};

export const BasketLineType: BasketLineResolvers = {
  productId: ({ line }) => line.dealProductId,
  dealId: ({ line }) => line.dealId,
  deal: async ({ line }, _a, ctx) => (await catalogueOf(line, ctx)).deal,
  product: async ({ line }, _a, ctx): Promise<DealProductParent | null> => {
    const { deal, product } = await catalogueOf(line, ctx);
    return deal && product ? { dealId: deal.id, product } : null;
  },
  title: async ({ line }, _a, ctx) => {
    const { deal, product } = await catalogueOf(line, ctx);
    return product?.title ?? deal?.title ?? '';
  },
  quantity: ({ line }) => line.quantity,
  maxQuantity: async ({ line, signedIn }, _a, ctx) => {
    if (typeof line.maxQuantity === 'number') return Math.max(0, line.maxQuantity);
    const { deal, product } = await catalogueOf(line, ctx);
    if (!deal || !product || product.soldOut || product.disabled) return 0;
    return purchaseLimit({ productCap: product.purchaseCap, dealCap: deal.purchaseCap, remainingForDay: product.remaining ?? deal.totalRemainingForDay, loggedIn: signedIn });
  },
  minQuantity: async ({ line }, _a, ctx) => {
    if (typeof line.minQuantity === 'number') return line.minQuantity;
    const { deal } = await catalogueOf(line, ctx);
    return minimumQuantity(deal?.pricePerPerson ?? false);
  },
  soldOut: async ({ line }, _a, ctx) => {
    if (typeof line.soldOut === 'boolean') return line.soldOut;
    const { product } = await catalogueOf(line, ctx);
    return !product || product.soldOut || product.remaining === 0;
  },
  payDeposit: ({ line }) => line.payDeposit ?? false,
  unitPrice: async ({ line }, _a, ctx) => gbp((await pricedLine(line, ctx)).unitPence),
  postage: async ({ line }, _a, ctx) => {
    const priced = await pricedLine(line, ctx);
    return priced.posted ? gbp(priced.postagePence) : null;
  },
  total: async ({ line }, _a, ctx) => gbp((await pricedLine(line, ctx)).totalPence),
  gifting: ({ line }) => ENUM_OF_GIFTING[line.gifting?.type ?? 'none'] ?? 'NONE',
  giftRecipient: ({ line }) => (line.gift ? { name: line.gift.name, email: line.gift.email ?? null, message: line.gift.message ?? null, sendOn: line.gift.sendOn ?? null } : null),
  giftPackQuantity: ({ line }) => Math.max(0, line.giftPack ?? 0),
  giftWrapQuantity: ({ line }) => Math.max(0, line.giftWrap ?? 0),
  deliveryOptionType: ({ line }) => line.deliveryOptionType ?? null,
};
