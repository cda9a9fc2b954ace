/**
 * The basket service's REST contract (README.md): request and response bodies as zod schemas.
 * Requests are strict (reliability Z4: a `price`, `status` or any other unknown key is a 400),
 * quantities are whole numbers 0..LINE_QUANTITY_MAX (V1), text is length-limited and refuses
 * control characters and broken Unicode (V2).
 */
import { z } from '@hono/zod-openapi';
import { ADDON_TYPES, GIFTING_TYPES, LINE_QUANTITY_MAX } from '@shop/domain/buying';
import { SUBSCRIPTION_STATUSES } from '@shop/domain/accounts';
import { isEmail } from '@shop/domain/email';
import { GIFT_SEND_MAX_MONTHS, isCalendarDate } from '@shop/domain/gift-send-date';

/** The most lines a basket may hold (a products array longer than this is a 400). */
export const MAX_LINES = 50;
export const ID_MAX = 2_147_483_647;

// C0 and C1 control characters; a message may carry line breaks (\n, \r\n) and nothing else.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_BUT_NEWLINES = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// A lone surrogate cannot be stored as UTF-8 (it would silently become U+FFFD).
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const text = (max: number, { newlines = false } = {}) =>
  z
    .string()
    .max(max, { error: `At most ${max} characters.` })
    .refine((s) => !(newlines ? CONTROL_BUT_NEWLINES : CONTROL).test(s), { error: 'Control characters are not allowed.' })
    .refine((s) => !LONE_SURROGATE.test(s), { error: 'The text is not valid Unicode.' });

export const idSchema = z.number({ error: 'Must be a whole number.' }).int({ error: 'Must be a whole number.' }).min(1, { error: 'Must be at least 1.' }).max(ID_MAX, { error: 'Too large.' });
export const quantitySchema = z
  .number({ error: `Must be a whole number from 0 to ${LINE_QUANTITY_MAX}.` })
  .int({ error: `Must be a whole number from 0 to ${LINE_QUANTITY_MAX}.` })
  .min(0, { error: `Must be a whole number from 0 to ${LINE_QUANTITY_MAX}.` })
  .max(LINE_QUANTITY_MAX, { error: `Must be a whole number from 0 to ${LINE_QUANTITY_MAX}.` })
  .openapi({ description: `Whole number 0..${LINE_QUANTITY_MAX}; 0 removes the line (spec §4).`, example: 1 });
/** Gift units: spec §5 clamps a negative gift wrap to 0, so -99..99 is read and clamped to 0..quantity. */
export const giftUnitsSchema = z
  .number({ error: 'Must be a whole number.' })
  .int({ error: 'Must be a whole number.' })
  .min(-LINE_QUANTITY_MAX, { error: 'Too small.' })
  .max(LINE_QUANTITY_MAX, { error: 'Too large.' })
  .openapi({ description: 'Units of the line; below 0 is clamped to 0 and above the quantity to the quantity (spec §5).', example: 1 });

export const GiftSchema = z
  .strictObject({
    name: text(100).refine((s) => s.trim().length > 0, { error: 'Required field' }),
    email: text(254).refine(isEmail, { error: 'Enter a valid email' }).nullable().optional(),
    message: text(500, { newlines: true }).nullable().optional(),
    sendOn: z
      .string({ error: 'Enter the send date as a date, for example 2027-05-26.' })
      .refine(isCalendarDate, { error: 'Enter the send date as a date, for example 2027-05-26.' })
      .nullable()
      .optional()
      .openapi({ description: `Issue 18 point 2: the London date (YYYY-MM-DD) the e-gift email goes out, today to ${GIFT_SEND_MAX_MONTHS} months ahead; absent or null: straight after payment.`, example: '2027-05-26' }),
  })
  .openapi('GiftRecipient', { description: 'Spec §3 Basket line gift: the e-gift recipient.' });

export const GiftingInputSchema = z
  .strictObject({
    gift: z.boolean().optional(),
    giftPackProductId: idSchema.nullable().optional(),
    giftProductId: idSchema.nullable().optional(),
    type: z.enum(GIFTING_TYPES),
  })
  .openapi('GiftingInput', { description: 'Spec §4 gifting per item; `giftPackProductId` is required for ndd-gpk and std-gpk, a recipient (gift) for e-gift.' });

/** The optional fields of a line, shared by line inputs and PATCH product. */
const lineOptions = {
  dealType: text(40).nullable().optional(),
  purchaseLocation: text(100).nullable().optional(),
  purchaseUrl: text(2048).nullable().optional(),
  purchaseGclid: text(256).nullable().optional(),
  sessionPurchaseSource: text(100).nullable().optional(),
  gift: GiftSchema.nullable().optional(),
  giftClaim: z.boolean().optional(),
  payDeposit: z.boolean().optional(),
  deliveryOptionType: text(40).nullable().optional(),
  giftPack: giftUnitsSchema.optional(),
  giftWrap: giftUnitsSchema.optional(),
  gifting: GiftingInputSchema.optional(),
};

export const LineInputSchema = z
  .strictObject({ dealId: idSchema, dealProductId: idSchema, quantity: quantitySchema, ...lineOptions })
  .openapi('BasketLineInput', { description: 'A line as a request carries it (spec §3 Basket line). Prices are never sent: the checkout prices lines from the catalogue.' });

export const brandSchema = text(40).regex(/^[A-Za-z0-9_-]+$/, { error: 'Letters, digits, - and _ only.' }).min(1);
export const customerTokenSchema = z
  .string()
  .min(10, { error: 'A customer token has at least 10 characters.' })
  .max(200)
  .regex(/^[\x21-\x7e]+$/, { error: 'Not a customer token.' })
  .openapi({ description: 'Spec §5: at least 10 characters.', example: 'c_0123456789abcdef' });

const productsSchema = z.array(LineInputSchema).max(MAX_LINES, { error: `At most ${MAX_LINES} lines.` });

export const CreateBasketBodySchema = z
  .strictObject({
    brand: brandSchema,
    customerToken: customerTokenSchema.nullable().optional(),
    eligibleForVip: z.boolean().optional(),
    products: productsSchema.default([]),
  })
  .openapi('CreateBasketRequest');

export const ReplaceBasketBodySchema = z
  .strictObject({
    brand: brandSchema.optional(),
    customerToken: customerTokenSchema.nullable().optional(),
    eligibleForVip: z.boolean().optional(),
    id: z.string().max(128).optional().openapi({ description: 'The basket token; when sent it must equal the path id.' }),
    products: productsSchema,
  })
  .openapi('ReplaceBasketRequest');

export const PatchProductBodySchema = z
  .strictObject({ quantity: quantitySchema.optional(), ...lineOptions })
  .openapi('PatchBasketLineRequest', { description: 'Any of the fields; quantity 0 removes the line (spec §4).' });

export const AddonBodySchema = z
  .strictObject({ addonType: z.enum(ADDON_TYPES), productId: idSchema, quantity: quantitySchema })
  .openapi('AddBasketAddonRequest', { description: 'Spec §3 Add-on: only VVE; quantity 0 removes it.' });

export const VipStatusBodySchema = z.strictObject({ vipStatus: z.enum(SUBSCRIPTION_STATUSES) }).openapi('UpdateVipStatusRequest');

export const MergeBodySchema = z.strictObject({ customerToken: customerTokenSchema }).openapi('MergeGuestBasketRequest');

// ---------------------------------------------------------------------------------------------
// Answers

export const LineSchema = z
  .object({
    dealId: z.number().int(),
    dealProductId: z.number().int(),
    dealType: z.string().nullable(),
    purchaseLocation: z.string().nullable(),
    purchaseUrl: z.string().nullable(),
    purchaseGclid: z.string().nullable(),
    sessionPurchaseSource: z.string().nullable(),
    quantity: z.number().int(),
    gift: z.object({ name: z.string(), email: z.string().nullable(), message: z.string().nullable(), sendOn: z.string().nullable().optional() }).nullable(),
    giftClaim: z.boolean(),
    payDeposit: z.boolean(),
    deliveryOptionType: z.string().nullable(),
    giftPack: z.number().int().openapi({ description: 'Gift pack units of this line (of product gifting.giftPackProductId).' }),
    giftWrap: z.number().int().openapi({ description: 'Gift wrap units of this line.' }),
    gifting: z.object({ gift: z.boolean(), giftPackProductId: z.number().int().nullable(), giftProductId: z.number().int().nullable(), type: z.enum(GIFTING_TYPES) }),
    maxQuantity: z.number().int().optional().openapi({ description: 'With the catalogue check: the most the shopper may have now (spec §5 purchase limit, never more than is left); 0 when it cannot be bought.' }),
    minQuantity: z.number().int().optional().openapi({ description: 'With the catalogue check: 2 for price-per-person deals, else 1 (spec §5).' }),
    soldOut: z.boolean().optional().openapi({ description: 'With the catalogue check: maxQuantity is 0 (sold out, closed, disabled, or the shopper’s limit reached).' }),
  })
  .openapi('BasketLine');

export const AddonSchema = z.object({ addonType: z.enum(ADDON_TYPES), productId: z.number().int(), quantity: z.number().int() }).openapi('BasketAddon');

export const BasketSchema = z
  .object({
    id: z.string().openapi({ description: 'The basket token (32 random bytes, base64url).' }),
    customerToken: z.string().nullable(),
    brand: z.string(),
    eligibleForVip: z.boolean(),
    vipStatus: z.enum(SUBSCRIPTION_STATUSES).nullable(),
    products: z.array(LineSchema),
    addons: z.array(AddonSchema),
    itemCount: z.number().int().openapi({ description: 'Deal units in the basket.' }),
    giftWrapQuantity: z.number().int().openapi({ description: 'Gift wrap units over all lines; never below 0 (spec §5).' }),
    giftWrap: z.number().int().openapi({ description: 'The same as giftWrapQuantity (the spec’s name).' }),
    giftPacks: z
      .array(z.object({ giftPackProductId: z.number().int(), quantity: z.number().int() }))
      .optional()
      .openapi({ description: 'Gift pack units per pack product; only with ?giftPacks=true.' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Basket');

export const ApplyVipDiscountSchema = z
  .object({
    basket: BasketSchema,
    moved: z
      .array(
        z.object({
          fromProductId: z.number().int().openapi({ description: 'The public option the line was.' }),
          toProductId: z.number().int().openapi({ description: 'Its VIP-exclusive equivalent the line is now.' }),
          quantity: z.number().int(),
          price: z.number().int().openapi({ description: 'Unit price before, pence.' }),
          vipPrice: z.number().int().openapi({ description: 'Unit VIP price now, pence (what the checkout charges).' }),
        }),
      )
      .openapi({ description: 'The lines moved to their VIP option (empty: none has one).' }),
  })
  .openapi('ApplyVipDiscountResponse');

export const BasketListSchema = z.array(BasketSchema).openapi('BasketList', { description: 'Spec §7: an array; the first item is the customer’s basket; empty when there is none.' });

export type LineInput = z.infer<typeof LineInputSchema>;
export type PatchProductBody = z.infer<typeof PatchProductBodySchema>;
export type BasketResponse = z.infer<typeof BasketSchema>;
