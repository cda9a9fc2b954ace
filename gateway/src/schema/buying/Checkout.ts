/**
 * The checkout (spec §3 checkout data, §4 countdown) of the shopper's basket: GET
 * /checkout/{basketToken} takes or keeps the hold of the units for the countdown (`refresh`
 * starts a new one), PUT /checkout/{basketToken}/options stores the promo code, wallet use and
 * VIP tick and answers the view. Totals, availability and payment options are the service's,
 * worked out from the catalogue and the database, never from the client.
 */
import { VIP_PRICE_PENCE } from '@shop/domain';
import type { CheckoutOptions, CheckoutView, GiftingConfig, Owner, PaymentInstrumentData } from '../../clients/checkout.client.ts';
import type { GatewayContext } from '../../context.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import type { Resolver } from '../types.ts';
import { basketParent, gbp, type BasketParent } from './Basket.ts';
import { enumValue } from '../mappers.ts';
import type { PromoOutcome } from '../__generated__/resolvers.ts';
import { priceBreakdownOf } from './breakdown.ts';
import { ApplyPromoCodeInput, check } from './inputs.ts';
import { basketNotFound, CHECKOUT_ERRORS, fromServiceError, type MemberOf } from './results.ts';
import { basketKey, currentBasket, identity } from './shopper.ts';

export interface CheckoutParent {
  __typename: 'Checkout';
  basket: BasketParent;
  view: CheckoutView;
  signedIn: boolean;
}
export type CheckoutResult = CheckoutParent | MemberOf<(typeof CHECKOUT_ERRORS)[number]>;


export function giftingConfigOf(config: GiftingConfig) {
  return { giftWrap: config.giftWrap, nextDayGiftPack: config['ndd-gpk'], standardGiftPack: config['std-gpk'] };
}

const INSTRUMENT_NAMES: Record<string, string> = { paypal: 'PayPal', google: 'Google Pay', apple: 'Apple Pay', klarna: 'Klarna', clearpay: 'Clearpay' };

/** E.g. 'Visa ending 1111', 'PayPal': never a full number. */
function describeInstrument(i: PaymentInstrumentData): string {
  if (i.type === 'card') return i.last4 ? `${i.cardType ?? 'Card'} ending ${i.last4}` : (i.cardType ?? 'Saved card');
  return INSTRUMENT_NAMES[i.type] ?? 'Saved payment method';
}

export function instrumentOf(i: PaymentInstrumentData) {
  return {
    __typename: 'PaymentInstrument' as const,
    id: toGlobalId('PaymentInstrument', i.id),
    type: enumValue(i.type),
    gateway: enumValue(i.gateway),
    isDefault: i.default,
    description: describeInstrument(i),
    expiry: i.expiryMonth && i.expiryYear ? `${String(i.expiryMonth).padStart(2, '0')}/${String(i.expiryYear % 100).padStart(2, '0')}` : null,
  };
}

const PROMO_OUTCOMES: Record<string, PromoOutcome> = {
  applied: 'APPLIED',
  expired: 'EXPIRED',
  invalid: 'INVALID',
  'already used': 'ALREADY_USED',
  'not applicable': 'NOT_APPLICABLE',
  'not eligible': 'NOT_ELIGIBLE',
};

export const CheckoutType = {
  // The basket's key: a checkout answered by a query, a mutation or node(id:) is one object to a client.
  id: ({ basket }: CheckoutParent) => toGlobalId('Checkout', basketKey(basket.basket.id)),
  basket: (c: CheckoutParent) => c.basket,
  orderSummary: ({ view }: CheckoutParent) => view.orderSummary,
  breakdown: ({ view }: CheckoutParent) => priceBreakdownOf(view.breakdown),
  promoCode: ({ view }: CheckoutParent) => {
    const p = view.promoCode;
    if (!p?.code) return null;
    const outcome = p.applicable ? 'APPLIED' : (PROMO_OUTCOMES[p.outcome.toLowerCase()] ?? 'INVALID');
    return { code: p.code, applicable: p.applicable, message: p.message, outcome };
  },
  wallet: ({ view, signedIn }: CheckoutParent) => {
    const w = view.wallet;
    if (!signedIn || !w) return null;
    return w;
  },
  paymentOptions: ({ view }: CheckoutParent) =>
    view.userInfo.paymentOptions.methods.map((m) => ({
      method: enumValue(m.method),
      provider: enumValue(m.provider),
      available: m.available,
      reason: m.reason,
      express: m.express,
    })),
  savedInstruments: ({ view }: CheckoutParent) => view.userInfo.paymentOptions.paymentInstruments.map(instrumentOf),
  countdown: ({ view }: CheckoutParent) => Math.max(0, view.countdown),
  holdExpiresAt: ({ view }: CheckoutParent) => view.holdExpiresAt,
  holdLimitReached: ({ view }: CheckoutParent) => view.holdLimitReached,
  holdAgainAt: ({ view }: CheckoutParent) => view.holdAgainAt,
  giftingConfig: ({ view }: CheckoutParent) => giftingConfigOf(view.giftingConfig),
  // The VIP offer starts unticked (issue 6 point 10); £4.99 a year (spec §9). Only for a signed-in
  // shopper who is not a member: a guest has no account to hold it (the service answers null then).
  // VIP_LAYOUT show-no-vip draws no offer, unless VIP is already chosen (joined from /deals/vip:
  // the shopper still sees what they are paying for). Members never get one (the service's null).
  vipOffer: ({ view, signedIn }: CheckoutParent, _args: unknown, ctx: GatewayContext) => {
    if (!signedIn || view.vipOffer === null) return null;
    if (ctx.vipLayout === 'show-no-vip' && !view.vipChecked) return null;
    const layout = ({ checkbox: 'CHECKBOX', 'two-buttons': 'TWO_BUTTONS', 'show-no-vip': 'SHOW_NO_VIP' } as const)[ctx.vipLayout];
    return { price: gbp(Math.min(view.vipOffer.price.amount, VIP_PRICE_PENCE)), checked: view.vipChecked, layout };
  },
  needsDeliveryAddress: ({ view }: CheckoutParent) => view.needsDeliveryAddress,
  isTravel: ({ view }: CheckoutParent) => view.isTravel,
  isTravelValid: ({ view }: CheckoutParent) => view.isTravelValid,
  pendingOrderNumber: ({ view }: CheckoutParent) => view.pendingOrderNumber,
  canPay: ({ view }: CheckoutParent) => view.canPay,
};

async function withCheckout(ctx: GatewayContext, load: (token: string, owner: Owner) => Promise<CheckoutView | null>): Promise<CheckoutResult> {
  try {
    const { customerToken, vipUser } = await identity(ctx);
    const basket = await currentBasket(ctx);
    if (!basket) return basketNotFound();
    const view = await load(basket.id, { customerToken, vipUser });
    if (!view) return basketNotFound();
    return { __typename: 'Checkout', basket: basketParent(basket, customerToken !== null), view, signedIn: customerToken !== null };
  } catch (error) {
    // CheckoutResult has no PaymentError (a payment problem of the view answered one, which GraphQL then refused).
    return fromServiceError(error, { allowed: CHECKOUT_ERRORS, fieldAliases: { promoCode: 'code' } });
  }
}

/** node(id:) of a Checkout: the view as it is (the hold kept, never refreshed), or null on any error. */
export async function checkoutNode(ctx: GatewayContext): Promise<CheckoutParent | null> {
  const result = await withCheckout(ctx, (token, owner) => ctx.clients.checkout.view(token, owner));
  return result.__typename === 'Checkout' ? result : null;
}

export const checkout: Resolver<unknown, { refresh?: boolean | null }, Promise<CheckoutResult>> = (_p, { refresh }, ctx) =>
  withCheckout(ctx, (token, owner) => ctx.clients.checkout.view(token, { ...owner, refresh: refresh === true }));

/** The stored options as they are now, with one changed: read the view first (it holds them). */
export async function setOption(ctx: GatewayContext, change: Partial<CheckoutOptions>): Promise<CheckoutResult> {
  return withCheckout(ctx, async (token, owner) => {
    const view = await ctx.clients.checkout.view(token, owner);
    if (!view) return null;
    const options: CheckoutOptions = {
      promoCode: view.promoCode?.code ?? null,
      wallet: view.wallet?.using ?? false,
      vipChecked: view.vipChecked,
      ...change,
    };
    return ctx.clients.checkout.setOptions(token, owner, options);
  });
}

export const applyPromoCode: Resolver<unknown, { input: unknown }, Promise<CheckoutResult>> = async (_p, { input }, ctx) => {
  const parsed = check(ApplyPromoCodeInput, input);
  if (!parsed.ok) return parsed.error;
  return setOption(ctx, { promoCode: parsed.data.code });
};

export const setWalletUse: Resolver<unknown, { input: { use: boolean } }, Promise<CheckoutResult>> = async (_p, { input }, ctx) => {
  if (typeof input?.use !== 'boolean') return { __typename: 'ValidationError', code: 'VALIDATION_FAILED', message: 'Choose whether to use your wallet.', field: 'use' };
  return setOption(ctx, { wallet: input.use });
};

export const setVipOption: Resolver<unknown, { input: { checked: boolean } }, Promise<CheckoutResult>> = async (_p, { input }, ctx) => {
  if (typeof input?.checked !== 'boolean') return { __typename: 'ValidationError', code: 'VALIDATION_FAILED', message: 'Choose whether to add VIP.', field: 'checked' };
  return setOption(ctx, { vipChecked: input.checked });
};

export const giftingConfig: Resolver<unknown, Record<string, never>, Promise<ReturnType<typeof giftingConfigOf>>> = async (_p, _a, ctx) =>
  giftingConfigOf(await ctx.clients.checkout.giftingConfig());
