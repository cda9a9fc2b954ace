/**
 * Checkout: the route table. The checkout of a basket: its figures, the hold behind its countdown, its options, the gifting config.
 * The handlers (checkout.handlers.ts) are typed by it: an answer of another shape or an
 * undocumented status fails the typecheck.
 */
import { createRoute, jsonContent } from '@shop/platform';
import { BasketTokenParam, CheckoutQuerySchema, CheckoutViewSchema, GiftingConfigSchema, OptionsBodySchema, OwnerQuerySchema, ReleasedSchema } from '../contract.ts';
import { errors, rateLimitedResponse, z_client } from '../lib/http.ts';

export const giftingConfig = createRoute({
  method: 'get',
  path: '/checkout/config/gifting',
  operationId: 'giftingConfig',
  tags: ['Checkout'],
  summary: 'Gift wrap and gift packs',
  description: `Spec §3 giftingDetails: giftWrap {dealId, productId, price}, ndd-gpk, std-gpk. The wrap preset is deal ${16_172_264}, product ${2_440_914} when there is no config.`,
  responses: { 200: jsonContent(GiftingConfigSchema, 'The gifting config.'), ...errors },
});

export const checkout = createRoute({
  method: 'get',
  path: '/checkout/{basketToken}',
  operationId: 'checkout',
  tags: ['Checkout'],
  summary: 'The checkout of a basket, taking or keeping the hold of its units',
  description:
    'Spec §3 checkout data. Prices come from the catalogue, never from the client. Opening it takes the hold of the units for 300 s (countdown); opening it again keeps the expiry; refresh=true starts a new hold. A line that cannot be held is marked soldOut/available and canPay is false. While an order of this basket is pending with the provider, pendingOrderNumber names it and canPay is false. isTravel: a deal of a travel location is in the basket; isTravelValid: no travel line has fixed dates that have begun (such a line is DEAL_CLOSED).',
  request: { params: BasketTokenParam, query: CheckoutQuerySchema, headers: z_client() },
  responses: { 200: jsonContent(CheckoutViewSchema, 'The checkout.'), ...rateLimitedResponse, ...errors },
});

export const setCheckoutOptions = createRoute({
  method: 'put',
  path: '/checkout/{basketToken}/options',
  operationId: 'setCheckoutOptions',
  tags: ['Checkout'],
  summary: 'Store the promo code, wallet use and VIP tick of a checkout',
  description:
    'Stored per basket; answers the checkout view. The VIP option starts unticked, and a paid order clears it (and the promo code). VIP membership needs an account: vipChecked true for a guest is refused (400, vipChecked); for a VIP member it is stored but neither offered nor charged. A promo code other than the stored one is a guess: counted per basket, customer and client address before it is looked at (given back when the code exists); past the limit 429 RATE_LIMITED and nothing is stored.',
  request: { params: BasketTokenParam, query: OwnerQuerySchema, headers: z_client(), body: { required: true, content: { 'application/json': { schema: OptionsBodySchema } } } },
  responses: { 200: jsonContent(CheckoutViewSchema, 'The checkout.'), ...rateLimitedResponse, ...errors },
});

export const trimHold = createRoute({
  method: 'post',
  path: '/checkout/{basketToken}/hold/trim',
  operationId: 'trimHold',
  tags: ['Checkout'],
  summary: 'Give back the held units the basket no longer has',
  description:
    'Called after a basket line was removed or its quantity lowered: the hold keeps, per option, the lower of what it holds and what the basket has, and the rest goes back on sale at once. Never takes units; a hold being paid for (pinned) is left alone. The countdown keeps its expiry.',
  request: { params: BasketTokenParam, query: OwnerQuerySchema },
  responses: { 200: jsonContent(ReleasedSchema, 'Units given back.'), ...errors },
});
