/**
 * The checkout service's REST contract (README.md): request bodies and queries as zod schemas
 * (strict: unknown keys are refused, reliability Z4), answers documented in the OpenAPI document.
 */
import { z } from '@hono/zod-openapi';
import { LINE_QUANTITY_MAX, PAYMENT_METHODS } from '@shop/domain/buying';

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

/** The customer token form every buying service accepts (wallet, deals history): 10–128 URL-safe characters. */
export const CUSTOMER_TOKEN_PATTERN = /^[A-Za-z0-9._~-]{10,128}$/;

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
    expectedCashAmount: pence('The price the shopper saw.'),
    payment: PaymentChoiceSchema,
  })
  .strict()
  .openapi('OrderAddon');

export const AddonQuerySchema = z.object({ customerToken, accessToken: OrderQuerySchema.shape.accessToken }).strict();

export const AnyJson = z.record(z.string(), z.unknown());
