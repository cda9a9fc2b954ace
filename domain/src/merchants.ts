/**
 * Merchants (issue 17): the "Become a merchant" application form's rules, shared by the merchants
 * service's contract and the client's form, and the merchant dashboard URL (spec §7
 * `/merchant-dashboard-url?merchantType=`; the dashboard is the /insights page, spec §2). Pure.
 */
import { z } from 'zod';
import { emailSchema } from './email.ts';
import { normalisePostcode, POSTCODE_MESSAGE } from './postcodes.ts';

/** The merchant types of spec §6/§7: local experiences, national shop goods, travel. */
export const MERCHANT_TYPES = ['local', 'shop', 'travel'] as const;
export type MerchantType = (typeof MERCHANT_TYPES)[number];

/** Where a business trades: one of the three cities, or nationally (shop goods, travel). */
export const MERCHANT_CITIES = ['Glasgow', 'Edinburgh', 'Aberdeen', 'national'] as const;
export type MerchantCity = (typeof MERCHANT_CITIES)[number];

export const MERCHANT_MESSAGES = {
  required: 'Required field',
  email: 'Enter a valid email',
  postcode: POSTCODE_MESSAGE,
  phone: 'Enter a valid UK phone number',
  tooLong: (max: number) => `At most ${max} characters.`,
  unsafeText: 'Remove the control characters.',
  category: 'Choose a category from the list',
  city: 'Choose Glasgow, Edinburgh, Aberdeen or national',
  type: 'Choose local, shop or travel',
  merchantType: 'merchantType must be local, shop or travel',
} as const;

import { hasUnsafeText } from './safe-text.ts';

/** The text holds a control, zero-width or bidi-override character (refused in every merchant text field). */
export { hasUnsafeText };

const text = (max: number) =>
  z
    .string({ error: MERCHANT_MESSAGES.required })
    .trim()
    .min(1, { error: MERCHANT_MESSAGES.required, abort: true })
    .max(max, { error: MERCHANT_MESSAGES.tooLong(max), abort: true })
    .refine((v) => !hasUnsafeText(v), { error: MERCHANT_MESSAGES.unsafeText });

/**
 * A UK phone number as people type it (spaces, dashes, brackets, a leading +44, +44 (0), 0044 or 0) in
 * E.164: +44 and 9 or 10 digits not starting with 0. Null when it is not one.
 */
export function normaliseUkPhone(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 30) return null;
  const compact = input.trim().replace(/[\s\-().]/g, '');
  const m = /^(?:(?:\+44|0044)0?|0)([1-9]\d{8,9})$/.exec(compact);
  return m ? `+44${m[1]}` : null;
}

/** A category slug of the catalogue (the service checks it is one of the shop's categories). */
const CATEGORY_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The application form (field names are the form's and the REST body's). */
export const merchantApplicationSchema = z.strictObject({
  businessName: text(120),
  contactName: text(100),
  email: emailSchema(MERCHANT_MESSAGES.email, MERCHANT_MESSAGES.required),
  phone: z
    .string({ error: MERCHANT_MESSAGES.required })
    .trim()
    .min(1, { error: MERCHANT_MESSAGES.required, abort: true })
    .refine((v) => normaliseUkPhone(v) !== null, { error: MERCHANT_MESSAGES.phone })
    .transform((v) => normaliseUkPhone(v)!),
  addressLine: text(200),
  postcode: z
    .string({ error: MERCHANT_MESSAGES.required })
    .trim()
    .min(1, { error: MERCHANT_MESSAGES.required, abort: true })
    .refine((v) => normalisePostcode(v) !== null, { error: MERCHANT_MESSAGES.postcode })
    .transform((v) => normalisePostcode(v)!),
  category: z
    .string({ error: MERCHANT_MESSAGES.required })
    .trim()
    .min(1, { error: MERCHANT_MESSAGES.required, abort: true })
    .max(60, { error: MERCHANT_MESSAGES.category, abort: true })
    .regex(CATEGORY_SLUG, { error: MERCHANT_MESSAGES.category }),
  city: z.enum(MERCHANT_CITIES, { error: MERCHANT_MESSAGES.city }),
  type: z.enum(MERCHANT_TYPES, { error: MERCHANT_MESSAGES.type }),
});
export type MerchantApplicationInput = z.infer<typeof merchantApplicationSchema>;

/** The dashboard page (page type dashboard, spec §2 "insights is a dashboard"). */
export const MERCHANT_DASHBOARD_PATH = '/insights';

/** The URL of a merchant's dashboard for their type (spec §7 GET /merchant-dashboard-url?merchantType=). */
export function merchantDashboardUrl(type: MerchantType): string {
  return `${MERCHANT_DASHBOARD_PATH}?type=${type}`;
}
