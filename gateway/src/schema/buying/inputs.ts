/**
 * The buying inputs checked with the domain's rules before any REST call (reliability V1, V2,
 * Z4): whole quantities within LINE_QUANTITY_MAX, ids the services accept, emails, UK postcodes,
 * idempotency keys, bounded strings. A failure is a ValidationError naming the field, never a
 * top-level error. Prices, totals and ownership are never taken from the shopper.
 */
import { z } from 'zod';
import { BUYING_MESSAGES, IDEMPOTENCY_KEY_PATTERN, isEmail, LINE_QUANTITY_MAX, MAX_NUMERIC_ID, normaliseEmail, PAYMENT_METHODS, type PaymentMethod } from '@shop/domain';
import { isValidPostcode, normalisePostcode, POSTCODE_INPUT_MAX } from '@shop/domain/postcodes';
import { isCalendarDate } from '@shop/domain/gift-send-date';
import { validationError, type ValidationErrorValue } from './results.ts';

export const TEXT_MAX = { name: 100, message: 500, deliveryOption: 50, url: 2048, source: 100, promo: 50, token: 4096, addressLine: 100, query: 100, orderNumber: 100, addonType: 10 } as const;

const id = (field: string) => z.number({ error: `Give the ${field}.` }).int({ error: `The ${field} must be a whole number.` }).min(1, { error: `The ${field} must be positive.` }).max(MAX_NUMERIC_ID, { error: `No such ${field}.` });
const quantity = (min: number) =>
  z
    .number({ error: 'Give a quantity.' })
    .int({ error: 'The quantity must be a whole number.' })
    .min(min, { error: min === 0 ? 'The quantity cannot be negative.' : 'The quantity must be at least 1.' })
    .max(LINE_QUANTITY_MAX, { error: `The quantity can be at most ${LINE_QUANTITY_MAX}.` });
/** Text without control characters (a line break is allowed only where `multiline`). */
const text = (max: number, label: string, multiline = false) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} can be at most ${max} characters.` })
    .refine((v) => ![...v].some((ch) => isControl(ch, multiline)), { error: `${label} has characters we cannot use.` });
/** C0 controls and DEL (a line feed allowed in multi-line text). */
function isControl(ch: string, multiline: boolean): boolean {
  const code = ch.codePointAt(0)!;
  if (multiline && code === 10) return false;
  return code < 32 || code === 127;
}
const email = z
  .string()
  .trim()
  .min(1, { error: BUYING_MESSAGES.required })
  .refine(isEmail, { error: BUYING_MESSAGES.email })
  .transform(normaliseEmail);

const optional = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? null);

export const AddToBasketInput = z.object({
  dealId: id('deal'),
  productId: id('option'),
  quantity: quantity(1),
  payDeposit: z.boolean().nullish().transform((v) => v ?? false),
  nights: optional(z.number().int({ error: 'The number of nights must be a whole number.' }).min(1, { error: 'Choose at least one night.' }).max(365, { error: 'Choose at most 365 nights.' })),
  purchaseUrl: optional(text(TEXT_MAX.url, 'The purchase address')),
  sessionPurchaseSource: optional(text(TEXT_MAX.source, 'The purchase source')),
});

export const UpdateBasketLineInput = z.object({
  productId: id('option'),
  quantity: optional(quantity(0)),
  payDeposit: optional(z.boolean()),
  deliveryOptionType: optional(text(TEXT_MAX.deliveryOption, 'The delivery option')),
});

export const RemoveBasketLineInput = z.object({ productId: id('option') });

export const GIFTING_OF_ENUM = {
  NONE: 'none',
  E_GIFT: 'e-gift',
  WRAPPED: 'wrapped',
  NEXT_DAY_GIFT_PACK: 'ndd-gpk',
  STANDARD_GIFT_PACK: 'std-gpk',
} as const;
export type GiftingEnum = keyof typeof GIFTING_OF_ENUM;
export const ENUM_OF_GIFTING: Record<string, GiftingEnum> = Object.fromEntries(Object.entries(GIFTING_OF_ENUM).map(([k, v]) => [v, k as GiftingEnum]));

export const SetLineGiftingInput = z
  .object({
    productId: id('option'),
    gifting: z.enum(Object.keys(GIFTING_OF_ENUM) as [GiftingEnum, ...GiftingEnum[]]),
    recipient: optional(
      z.object({
        name: text(TEXT_MAX.name, 'The name').pipe(z.string().min(1, { error: BUYING_MESSAGES.required })),
        email: optional(email),
        message: optional(text(TEXT_MAX.message, 'The message', true)),
        // Issue 18 point 2: the day the e-gift email goes out; its range (today to 12 months on, London) is the basket service's check, on its clock.
        sendOn: optional(z.string().trim().refine(isCalendarDate, { error: 'Enter the send date as a date, for example 2027-05-26.' })),
      }),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.gifting === 'E_GIFT' && !v.recipient) ctx.addIssue({ code: 'custom', path: ['recipient', 'name'], message: BUYING_MESSAGES.required });
  });

export const AddBasketAddonInput = z.object({
  addonType: z.literal('VVE', { error: 'Only the VIP add-on (VVE) can be added.' }),
  productId: id('add-on'),
  quantity: quantity(1),
});

export const ApplyPromoCodeInput = z.object({
  code: optional(
    text(TEXT_MAX.promo, 'The promo code').refine((v) => /^[A-Za-z0-9_-]*$/.test(v), { error: 'A promo code has letters and numbers only.' }),
  ).transform((v) => (v ? v.toUpperCase() : null)),
});

export const METHOD_OF_ENUM = Object.fromEntries(PAYMENT_METHODS.map((m) => [m.toUpperCase(), m])) as Record<string, PaymentMethod>;
const method = z.enum(Object.keys(METHOD_OF_ENUM) as [string, ...string[]]).transform((m) => METHOD_OF_ENUM[m]!);

const idempotencyKey = z.string().refine((v) => IDEMPOTENCY_KEY_PATTERN.test(v), { error: 'Give a key of 1 to 255 printable characters (a UUID).' });

const postcode = z
  .string()
  .trim()
  .min(1, { error: BUYING_MESSAGES.required })
  .max(POSTCODE_INPUT_MAX, { error: BUYING_MESSAGES.postcode })
  .refine((v) => isValidPostcode(v), { error: BUYING_MESSAGES.postcode })
  .transform((v) => normalisePostcode(v) ?? v);

export const AddressInputSchema = z.object({
  name: text(TEXT_MAX.name, 'The name').pipe(z.string().min(1, { error: BUYING_MESSAGES.required })),
  line1: text(TEXT_MAX.addressLine, 'The address').pipe(z.string().min(1, { error: BUYING_MESSAGES.required })),
  line2: optional(text(TEXT_MAX.addressLine, 'The address')),
  town: text(TEXT_MAX.addressLine, 'The town').pipe(z.string().min(1, { error: BUYING_MESSAGES.required })),
  county: optional(text(TEXT_MAX.addressLine, 'The county')),
  postcode,
});

export const PlaceOrderInput = z.object({
  idempotencyKey,
  method,
  paymentToken: optional(z.string().min(1, { error: 'Give the payment token.' }).max(TEXT_MAX.token, { error: 'The payment token is too long.' }).refine((v) => /^[\x21-\x7e]+$/.test(v), { error: 'The payment token is not valid.' })),
  savedInstrumentId: optional(z.string().max(200, { error: 'No such payment method.' })),
  saveInstrument: z.boolean().nullish().transform((v) => v ?? false),
  email: optional(email),
  expectedCashAmount: z.number().int({ error: 'Give the amount in pence.' }).min(0, { error: 'The amount cannot be negative.' }),
  deliveryAddress: optional(AddressInputSchema),
});

export const ExpressBuyInput = z.object({ email: optional(email), dealId: id('deal'), productId: id('option') });

export const PlaceExpressOrderInput = z.object({
  idempotencyKey,
  expressBuyToken: z.string().min(1, { error: BUYING_MESSAGES.required }).max(TEXT_MAX.token, { error: 'This Express Buy is not valid.' }),
  savedInstrumentId: z.string().min(1, { error: 'Choose how you would like to pay.' }).max(200, { error: 'No such payment method.' }),
  expectedCashAmount: z.number().int({ error: 'Give the amount in pence.' }).min(0, { error: 'The amount cannot be negative.' }),
});

export const BuyOrderAddonInput = z.object({
  idempotencyKey,
  orderNumber: z.string().trim().min(1, { error: BUYING_MESSAGES.required }).max(TEXT_MAX.orderNumber, { error: 'No such order.' }),
  addonType: z.literal('VVE', { error: 'Only the voucher validity extension (VVE) can be bought.' }),
  method,
  paymentToken: optional(z.string().min(1).max(TEXT_MAX.token, { error: 'The payment token is too long.' })),
  savedInstrumentId: optional(z.string().max(200, { error: 'No such payment method.' })),
  // One voucher of the order (issue 16 point 7): its service id, and the months chosen.
  voucherId: optional(z.string().min(1).max(200, { error: 'No such voucher.' })),
  months: optional(z.number().int({ error: 'Choose 1, 2 or 3 months.' }).min(1, { error: 'Choose 1, 2 or 3 months.' }).max(3, { error: 'Choose 1, 2 or 3 months.' })),
});

export const StartPaymentInput = z.object({ method, email: optional(email) });
export const PostcodeInput = z.object({ postcode });
export const AddressQueryInput = z.object({ query: text(TEXT_MAX.query, 'The search') });

/** Parses an input: its data, or a ValidationError naming the first failing field (dotted path). */
export function check<T extends z.ZodType>(schema: T, input: unknown): { ok: true; data: z.output<T> } | { ok: false; error: ValidationErrorValue } {
  const parsed = schema.safeParse(input ?? {});
  if (parsed.success) return { ok: true, data: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue && issue.path.length ? issue.path.map(String).join('.') : null;
  const message = issue?.message && !issue.message.startsWith('Invalid') ? issue.message : 'Please check this field.';
  return { ok: false, error: validationError(field, message) };
}
