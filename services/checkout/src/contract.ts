/**
 * The checkout service's REST contract (README.md): request bodies and queries as zod schemas
 * (strict: unknown keys are refused, reliability Z4), answers documented in the OpenAPI document.
 */
import { z } from '@hono/zod-openapi';
import { LINE_QUANTITY_MAX, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_PROVIDERS, PROMO_OUTCOMES } from '@shop/domain/buying';
import { UNAVAILABLE_REASONS } from '@shop/domain/payment-availability';
import { PRICE_PART_KINDS } from '@shop/domain/price-breakdown';
import { LineSchema as BasketLineSchema } from '@shop/basket';
import { InstrumentSchema } from '@shop/payment/routes';
import { CUSTOMER_TOKEN_PATTERN } from '@shop/platform';
import { VoucherSchema } from '@shop/vouchers/contract';

const INT_MAX = 2_147_483_647;
const pence = (description: string) => z.number().int().min(0).max(INT_MAX).openapi({ description: `${description} Integer pence.` });
const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const BasketTokenParam = z.object({
  basketToken: z
    .string()
    .min(11)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/)
    .openapi({ param: { name: 'basketToken', in: 'path' }, description: 'The basket token (spec §5: longer than 10 characters).' }),
});


const customerToken = z
  .string()
  .regex(CUSTOMER_TOKEN_PATTERN)
  .optional()
  .openapi({ description: 'The signed-in shopper (from the session, set by the gateway; never client input).' });

export const CheckoutQuerySchema = z
  .object({
    customerToken,
    email: z.string().max(254).optional().openapi({ description: "A guest's email, once given (caps count per email)." }),
    vipUser: bool.optional().openapi({ description: 'The signed-in shopper is a VIP member (from the session).' }),
    refresh: bool.optional().openapi({ description: 'Spec §4 refresh: a new hold of the countdown when the units are still there.' }),
    promoCode: z.string().max(40).optional(),
    wallet: bool.optional(),
    vipChecked: bool.optional(),
    // Spec §3 names these query options without saying what they change; the answer always carries
    // everything they could ask for, so they are accepted (and bounded) and change nothing.
    deliveryOptions: z.string().max(200).optional().openapi({ description: "Spec §3 query option; accepted, no effect: each line always carries its deliveryOptionType and needsDelivery." }),
    gifting: z.string().max(200).optional().openapi({ description: 'Spec §3 query option; accepted, no effect: giftingDetails is always in the answer.' }),
    giftPacks: z.string().max(200).optional().openapi({ description: 'Spec §3 query option; accepted, no effect: the gift packs (ndd-gpk, std-gpk) are always in giftingDetails.' }),
    por_check: z.string().max(200).optional().openapi({ description: 'Spec §3 query option, undefined by the spec; accepted, no effect.' }),
    timestamp: z.string().max(40).optional().openapi({ description: 'Cache buster; ignored.' }),
    timerElapsed: z.string().max(40).optional().openapi({ description: 'Sent by the client; not trusted, ignored.' }),
  })
  .strict();

export const OwnerQuerySchema = z.object({ customerToken, vipUser: bool.optional() }).strict();

export const OptionsBodySchema = z
  .object({
    promoCode: z.string().max(40).nullable(),
    wallet: z.boolean(),
    vipChecked: z.boolean(),
  })
  .strict()
  .openapi('CheckoutOptions');

export const PaymentChoiceSchema = z
  .object({
    method: z.enum(PAYMENT_METHODS),
    token: z.string().min(1).max(2048).nullable(),
    savedInstrumentId: z.string().min(1).max(200).nullable(),
    saveInstrument: z.boolean(),
  })
  .strict()
  .openapi('PaymentChoice');

export const AddressSchema = z
  .object({
    name: z.string().trim().min(1).max(200),
    line1: z.string().trim().min(1).max(200),
    line2: z.string().max(200).nullish(),
    town: z.string().trim().min(1).max(100),
    county: z.string().max(100).nullish(),
    postcode: z.string().min(1).max(16),
  })
  .strict()
  .openapi('DeliveryAddress');

export const PlaceOrderBodySchema = z
  .object({
    orderLines: z
      .array(z.object({ dealProductId: z.number().int().min(1).max(INT_MAX), quantity: z.number().int().min(1).max(LINE_QUANTITY_MAX), gift: z.boolean().optional() }).strict())
      .max(100)
      .optional()
      .openapi({ description: 'Spec §3 orderLines: when sent, must be the basket as priced.' }),
    cashAmount: pence('Spec §3: what the shopper pays by the method.').optional(),
    walletUsed: pence('Spec §3: wallet credit used.').optional(),
    expectedCashAmount: pence('The cash amount the shopper saw: PRICE_CHANGED when it no longer matches.'),
    payment: PaymentChoiceSchema,
    email: z.string().max(254).nullish().openapi({ description: "Where the vouchers go: the guest's, or the signed-in customer's account email (the gateway adds it)." }),
    deliveryAddress: AddressSchema.nullish(),
  })
  .strict()
  .openapi('PlaceOrder');

export const OrderQuerySchema = z
  .object({
    customerToken,
    accessToken: z.string().min(20).max(100).optional().openapi({ description: 'The guest access token from the order answer.' }),
  })
  .strict();

export const OrderParam = z.object({
  orderId: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/)
    .openapi({ param: { name: 'orderId', in: 'path' }, description: 'The order number (spec §3 productOrder.id).' }),
});

/** The deepest page of a customer's orders (0-based) the orders list serves. */
export const ORDERS_MAX_PAGE = 10_000;

export const OrdersQuerySchema = z
  .object({
    customerToken: z.string().regex(CUSTOMER_TOKEN_PATTERN),
    page: z.coerce.number().int().min(0).max(ORDERS_MAX_PAGE).default(0),
    pageSize: z.coerce.number().int().min(1).max(50).default(10),
  })
  .strict();

export const ExpressBuyBodySchema = z
  .object({
    expressBuyTokenRequest: z.object({ email: z.string().max(254) }).strict(),
    dealId: z.number().int().min(1).max(INT_MAX),
    productId: z.number().int().min(1).max(INT_MAX),
  })
  .strict()
  .openapi('ExpressBuyTokenRequest');

export const ExpressTokenParam = z.object({
  expressBuyToken: z
    .string()
    .min(20)
    .max(128)
    .regex(/^[A-Za-z0-9_-]+$/)
    .openapi({ param: { name: 'expressBuyToken', in: 'path' }, description: 'The token of POST /express-buy-token.' }),
});

export const ExpressOrderBodySchema = z
  .object({
    expectedCashAmount: pence('The price the shopper saw (the token answer\'s price): PRICE_CHANGED when it no longer matches.'),
    payment: z
      .object({
        method: z.enum(PAYMENT_METHODS),
        savedInstrumentId: z.string().min(1).max(200).openapi({ description: "One of the customer's saved instruments (GET /payment/addon/paymentInstruments)." }),
      })
      .strict(),
    email: z.string().max(254).nullish().openapi({ description: "The signed-in customer's account email (the gateway adds it): the token's email." }),
  })
  .strict()
  .openapi('ExpressOrderRequest');

export const PromoQuerySchema = z
  .object({
    code: z.string().min(1).max(40),
    basketToken: BasketTokenParam.shape.basketToken.openapi({ param: { name: 'basketToken', in: 'query' } }),
    customerToken,
    email: z.string().max(254).optional(),
    vipUser: bool.optional(),
  })
  .strict();

export const AddonBodySchema = z
  .object({
    orderNumber: z.string().min(1).max(40).regex(/^[A-Za-z0-9-]+$/),
    addonType: z.literal('VVE'),
    months: z.number().int().min(1).max(3).openapi({ description: 'Spec §9: vouchers can be extended by up to 3 months.' }),
    voucherId: z
      .uuid()
      .optional()
      .openapi({ description: 'Extend this one voucher of the order (My Vouchers, an expiry reminder); absent: every voucher of the order that still has room for the months.' }),
    expectedCashAmount: pence('The price the shopper saw.'),
    payment: PaymentChoiceSchema,
  })
  .strict()
  .openapi('OrderAddon');

export const AddonQuerySchema = z.object({ customerToken, accessToken: OrderQuerySchema.shape.accessToken }).strict();

// ---------------------------------------------------------------------------------------------
// Answers. Each handler's answer is checked against these by the typecheck (app.openapi), and the
// gateway's client parses with the same schemas.

export const MoneySchema = z.object({ amount: z.number().int(), currency: z.enum(['GBP', 'EUR']) }).openapi('Money', { description: 'Integer pence (or cents) and the currency.' });

export const PriceBreakdownSchema = z
  .object({
    parts: z.array(z.object({ kind: z.enum(PRICE_PART_KINDS), label: z.string(), amount: z.number().int().openapi({ description: 'Signed pence: a discount is negative.' }) })),
    total: z.number().int().openapi({ description: 'The sum of the parts.' }),
    wallet: z.number().int().openapi({ description: 'Wallet credit used.' }),
    payNow: z.number().int().openapi({ description: 'total − wallet: what the payment method is charged now.' }),
    dueLater: z.array(z.object({ label: z.string(), to: z.string(), amount: z.number().int() })).openapi({ description: 'Deposit balances, paid later to the merchant.' }),
  })
  .openapi('PriceBreakdown', { description: 'Every part of a total (issue 14): what the checkout, the confirmation page and the email list.' });

const GiftProductSchema = z.object({ dealId: z.number().int(), productId: z.number().int(), title: z.string(), price: MoneySchema });

export const GiftingConfigSchema = z
  .object({ giftWrap: GiftProductSchema, 'ndd-gpk': GiftProductSchema.nullable(), 'std-gpk': GiftProductSchema.nullable() })
  .openapi('GiftingConfig', { description: 'Spec §3 giftingDetails: the gift wrap and the two gift packs.' });

const problemOf = z.object({ code: z.string(), message: z.string() });

export const CheckoutLineSchema = z
  .object({
    dealId: z.number().int(),
    dealProductId: z.number().int(),
    title: z.string(),
    quantity: z.number().int(),
    unitPrice: MoneySchema,
    postage: MoneySchema,
    giftExtras: MoneySchema,
    total: MoneySchema,
    payDeposit: z.boolean(),
    gifting: BasketLineSchema.shape.gifting.shape.type,
    gift: BasketLineSchema.shape.gift,
    giftWrap: z.number().int(),
    giftPack: z.number().int(),
    deliveryOptionType: z.string().nullable(),
    available: z.number().int().nullable().openapi({ description: 'Units the shopper may still have (null: no limit).' }),
    soldOut: z.boolean(),
    problem: problemOf.nullable().openapi({ description: 'Why the line cannot be bought now (DEAL_SOLD_OUT, DEAL_CLOSED…), with the spec §8 words.' }),
    needsDelivery: z.boolean(),
  })
  .openapi('CheckoutLine');

export const PaymentOptionSchema = z
  .object({ method: z.enum(PAYMENT_METHODS), provider: z.enum(PAYMENT_PROVIDERS), available: z.boolean(), reason: z.enum(UNAVAILABLE_REASONS).nullable(), express: z.boolean() })
  .openapi('PaymentOption');

export const CheckoutViewSchema = z
  .object({
    basketToken: z.string(),
    deals: z.array(CheckoutLineSchema),
    giftingDetails: GiftingConfigSchema,
    addons: z.array(z.object({ addonType: z.string(), productId: z.number().int(), title: z.string(), quantity: z.number().int(), price: MoneySchema, total: MoneySchema })),
    orderSummary: z.object({
      subtotal: MoneySchema,
      postage: MoneySchema,
      promoDiscount: MoneySchema,
      walletCredit: MoneySchema,
      vip: MoneySchema,
      totalOrderAmount: MoneySchema,
      cashAmount: MoneySchema,
    }),
    breakdown: PriceBreakdownSchema,
    promoCode: z.object({ code: z.string(), applicable: z.boolean(), message: z.string(), outcome: z.string() }).nullable(),
    userInfo: z.object({
      paymentOptions: z.object({
        creditBalances: z.array(z.object({ currency: z.string(), balance: z.number().int(), marketingBalance: z.number().int(), refundableBalance: z.number().int() })),
        paymentInstruments: z.array(InstrumentSchema),
        methods: z.array(PaymentOptionSchema),
      }),
    }),
    wallet: z.object({ balance: MoneySchema, usable: MoneySchema, using: z.boolean() }).nullable(),
    countdown: z.number().int().openapi({ description: 'Seconds the hold has left (0 once it ran out).' }),
    holdExpiresAt: z.string().nullable(),
    holdLimitReached: z.boolean().openapi({ description: "This hold is the last the basket's 15 minutes allow." }),
    holdAgainAt: z.string().nullable().openapi({ description: 'When the basket may hold its units again.' }),
    giftingConfig: GiftingConfigSchema,
    giftPackPreset: GiftProductSchema.nullable(),
    giftWrapPreset: z.object({ dealId: z.number().int(), productId: z.number().int() }),
    isTravel: z.boolean(),
    isTravelValid: z.boolean(),
    pendingOrderNumber: z.string().nullable(),
    vipChecked: z.boolean(),
    vipOffer: z.object({ price: MoneySchema, checked: z.boolean() }).nullable().openapi({ description: 'Null when VIP is not offered (a guest, or a member already).' }),
    needsDeliveryAddress: z.boolean(),
    canPay: z.boolean(),
  })
  .openapi('Checkout', { description: 'Spec §3 checkout data, with the hold behind the countdown.' });

export const OrderViewSchema = z
  .object({
    id: z.string(),
    orderNumber: z.string(),
    kind: z.enum(['order', 'addon']),
    status: z.enum(ORDER_STATUSES),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    email: z.string(),
    lines: z.array(
      z.object({
        dealId: z.number().int(),
        dealProductId: z.number().int(),
        title: z.string(),
        quantity: z.number().int(),
        price: MoneySchema,
        finalDealOrderAmount: MoneySchema,
        addonType: z.string().nullable(),
        gift: z.boolean(),
        giftSendOn: z.string().nullable().openapi({ description: "Issue 18 point 2: the London date (YYYY-MM-DD) this e-gift's email goes out when the shopper chose one; null: straight after payment." }),
        postedTo: z.string().nullable().openapi({ description: 'Issue 18 point 2: a posted gift card line: the delivery address it is posted to, in one line; null for any other line.' }),
      }),
    ),
    quantity: z.number().int(),
    subtotal: MoneySchema,
    postage: MoneySchema,
    promoDiscount: MoneySchema,
    vip: MoneySchema,
    total: MoneySchema,
    cashAmount: MoneySchema,
    walletAmountUsed: MoneySchema,
    paymentMethod: z.string(),
    cardType: z.string().nullable(),
    failure: problemOf.nullable(),
    breakdown: PriceBreakdownSchema,
    // The vouchers service's one voucher shape (services/vouchers contract.ts).
    vouchers: z.array(VoucherSchema),
  })
  .openapi('Order');
export type OrderView = z.infer<typeof OrderViewSchema>;

export const OrderResponseSchema = z.object({ data: OrderViewSchema }).openapi('OrderResponse');

export const OrdersPageSchema = z
  .object({ data: z.array(OrderViewSchema), page: z.number().int(), pageSize: z.number().int(), hasMore: z.boolean() })
  .openapi('OrdersPage');

export const PlacedOrderSchema = z
  .object({
    code: z.literal('PAYMENT_PENDING').optional().openapi({ description: 'Only on a 202.' }),
    message: z.string(),
    data: z.object({
      quantity: z.number().int(),
      cardType: z.string().nullable(),
      walletAmountUsed: z.number().int().openapi({ description: 'Wallet credit used, integer pence.' }),
      currency: z.string(),
      productOrder: z.object({ id: z.string() }),
      accessToken: z.string().nullable().openapi({ description: "A guest's key to GET /order/{orderId} (kept by the gateway in an HttpOnly cookie); null for a signed-in customer's order." }),
      order: OrderViewSchema,
    }),
  })
  .openapi('PlacedOrder', { description: 'Spec §3 order response: 201 once PAID, 202 while PENDING.' });
export type PlacedOrder = z.infer<typeof PlacedOrderSchema>;

export const ExpressBuyTokenResponseSchema = z
  .object({ data: z.object({ token: z.string(), expiresAt: z.string(), price: z.number().int().openapi({ description: 'Integer pence.' }) }) })
  .openapi('ExpressBuyToken');

export const PromoResponseSchema = z
  .object({ code: z.string(), applicable: z.boolean(), message: z.string(), outcome: z.enum([...PROMO_OUTCOMES, 'applied']), discount: MoneySchema })
  .openapi('PromoCheck');

export const ReconcileReportSchema = z
  .object({ checked: z.number().int(), paid: z.number().int(), failed: z.number().int(), reversed: z.number().int(), stillPending: z.number().int() })
  .openapi('ReconcileReport');

export const ReleasedSchema = z.object({ released: z.number().int().min(0) }).openapi('HoldTrimmed');

// Issue 18 point 5: cancelling a VIP membership (refunded within 14 days of joining or renewing).
export const VipOwnerQuerySchema = z
  .object({ customerToken: z.string().regex(CUSTOMER_TOKEN_PATTERN).openapi({ description: 'The signed-in shopper (from the session, set by the gateway; never client input).' }) })
  .strict();

export const VipCancellationSchema = z
  .object({
    orderNumber: z.string().openapi({ description: 'The order that paid for the membership (joining or renewing).' }),
    paidAt: z.string().openapi({ description: 'ISO 8601.' }),
    refundableUntil: z.string().openapi({ description: 'ISO 8601: the end of London day 14 after paidAt.' }),
    refundable: z.boolean().openapi({ description: 'Cancelling now refunds the membership and ends it at once.' }),
    amount: z.number().int().openapi({ description: 'What it cost, integer pence.' }),
  })
  .openapi('VipCancellation');

export const VipRefundSchema = z
  .object({
    orderNumber: z.string(),
    amount: z.number().int().openapi({ description: 'Integer pence: cardAmount + walletAmount.' }),
    cardAmount: z.number().int().openapi({ description: 'Back to the payment method (integer pence).' }),
    walletAmount: z.number().int().openapi({ description: 'Back to the wallet, the part it paid (integer pence).' }),
    state: z.enum(['requested', 'completed', 'failed']).openapi({ description: 'requested: the provider has not confirmed it yet (retried with the same key); failed: refused, a person pays it back.' }),
  })
  .openapi('VipRefund');
