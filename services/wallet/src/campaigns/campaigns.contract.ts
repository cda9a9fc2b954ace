/**
 * The credit claim's REST shapes (spec §3 "Credit claim response: status, creditAmount,
 * currency"; spec §7 POST credit validation {id}, user/campaign-credit-claim). Amounts are integer pence.
 */
import { z } from '@hono/zod-openapi';
import { CustomerTokenSchema } from '@shop/platform';
import { CREDIT_CAMPAIGN_ID_MAX_DIGITS, CREDIT_CLAIM_STATUSES } from '@shop/domain/credit-claims';
import { WALLET_CURRENCIES } from '../ledger.ts';

export const CampaignIdSchema = z
  .string()
  .regex(new RegExp(`^[0-9]{1,${CREDIT_CAMPAIGN_ID_MAX_DIGITS}}$`), `Must be the campaign's number: 1 to ${CREDIT_CAMPAIGN_ID_MAX_DIGITS} digits.`)
  .openapi({ description: 'The campaign id: the digits of the link (?credit_validation=1001).', example: '1001' });

export const CreditClaimBodySchema = z
  .object({ customerToken: CustomerTokenSchema, id: CampaignIdSchema })
  .strict()
  .openapi('CreditClaimRequest');

export const CreditClaimSchema = z
  .object({
    status: z.enum(CREDIT_CLAIM_STATUSES).openapi({
      description:
        'CLAIMED: the credit was added now. ALREADY_CLAIMED: this customer had it before. NOT_FOUND: no such campaign. NOT_STARTED, EXPIRED: outside the campaign window (or its credit date has passed). INACTIVE: the campaign was switched off. EXHAUSTED: its budget (maxClaims) is used up.',
    }),
    creditAmount: z.number().int().nullable().openapi({ description: 'The credit of the campaign (for ALREADY_CLAIMED, what this customer received), integer pence; null for NOT_FOUND.', example: 500 }),
    currency: z.enum(WALLET_CURRENCIES).nullable().openapi({ description: 'null for NOT_FOUND.' }),
  })
  .openapi('CreditClaim');

export type CreditClaim = z.infer<typeof CreditClaimSchema>;

/** The most credit a campaign gives one customer, integer pence (£100). */
export const CAMPAIGN_AMOUNT_MAX = 10_000;
/** The largest budget a campaign can have, in claims. */
const CAMPAIGN_MAX_CLAIMS_MAX = 10_000_000;

const Instant = z.iso.datetime({ offset: true, error: 'Must be an ISO 8601 instant with its offset, e.g. 2027-01-01T00:00:00Z.' });

export const CampaignParamsSchema = z.object({
  id: CampaignIdSchema.refine((id) => /[1-9]/.test(id), { error: 'The campaign number must be at least 1.' }),
});

/** Staff's campaign (PUT /campaigns/{id}): everything but the id, which is the path's. */
export const CampaignBodySchema = z
  .object({
    name: z.string().trim().min(1, { error: 'Give the campaign a name (it is the credit reason shoppers see).' }).max(200, { error: 'At most 200 characters.' }).openapi({ example: '£5 welcome credit' }),
    amount: z
      .number({ error: `Must be a whole number of pence from 1 to ${CAMPAIGN_AMOUNT_MAX}.` })
      .int({ error: `Must be a whole number of pence from 1 to ${CAMPAIGN_AMOUNT_MAX}.` })
      .min(1, { error: `Must be a whole number of pence from 1 to ${CAMPAIGN_AMOUNT_MAX}.` })
      .max(CAMPAIGN_AMOUNT_MAX, { error: `Must be a whole number of pence from 1 to ${CAMPAIGN_AMOUNT_MAX}.` })
      .openapi({ description: `The credit each claim gives, integer pence (1 to ${CAMPAIGN_AMOUNT_MAX}: at most £100). Fixed once the campaign has claims.`, example: 500 }),
    currency: z.enum(WALLET_CURRENCIES, { error: `Must be one of ${WALLET_CURRENCIES.join(', ')}.` }),
    creditValidMonths: z
      .number()
      .int({ error: 'Must be a whole number of months from 1 to 12.' })
      .min(1, { error: 'Must be a whole number of months from 1 to 12.' })
      .max(12, { error: 'Must be a whole number of months from 1 to 12.' })
      .nullable()
      .optional()
      .openapi({ description: 'The credit lasts this many months after the claim, to the end of that London day (spec §9: wallet credit 12 months). Give this or creditExpiresAt.', example: 12 }),
    creditExpiresAt: Instant.nullable().optional().openapi({ description: 'Or: the credit lasts until this instant, whenever it is claimed.', example: null }),
    validFrom: Instant.openapi({ description: 'The link works from this instant…', example: '2027-01-01T00:00:00Z' }),
    validUntil: Instant.openapi({ description: '…until this one (exclusive).', example: '2027-04-01T00:00:00Z' }),
    active: z.boolean({ error: 'Must be true or false.' }).openapi({ description: 'false switches the link off (INACTIVE) without ending the campaign.' }),
    maxClaims: z
      .number()
      .int({ error: `Must be a whole number from 1 to ${CAMPAIGN_MAX_CLAIMS_MAX}, or null for no cap.` })
      .min(1, { error: `Must be a whole number from 1 to ${CAMPAIGN_MAX_CLAIMS_MAX}, or null for no cap.` })
      .max(CAMPAIGN_MAX_CLAIMS_MAX, { error: `Must be a whole number from 1 to ${CAMPAIGN_MAX_CLAIMS_MAX}, or null for no cap.` })
      .nullable()
      .optional()
      .openapi({ description: 'The budget: at most this many customers can claim (then EXHAUSTED). null or absent: no cap. Never below the claims already made.', example: 1000 }),
  })
  .strict()
  .superRefine((c, ctx) => {
    const months = c.creditValidMonths ?? null;
    const until = c.creditExpiresAt ?? null;
    if ((months === null) === (until === null)) {
      ctx.addIssue({ code: 'custom', path: ['creditValidMonths'], message: 'Give either creditValidMonths or creditExpiresAt (one, not both).' });
    }
    if (Date.parse(c.validUntil) <= Date.parse(c.validFrom)) ctx.addIssue({ code: 'custom', path: ['validUntil'], message: 'Must be after validFrom.' });
    if (until !== null && Date.parse(until) <= Date.parse(c.validFrom)) ctx.addIssue({ code: 'custom', path: ['creditExpiresAt'], message: 'Must be after validFrom.' });
  })
  .openapi('CreditCampaignInput');

export const CreditCampaignSchema = z
  .object({
    id: z.string().openapi({ description: 'The digits of the link, without leading zeros.', example: '1001' }),
    name: z.string(),
    amount: z.number().int().openapi({ description: 'Integer pence.', example: 500 }),
    currency: z.enum(WALLET_CURRENCIES),
    creditValidMonths: z.number().int().nullable(),
    creditExpiresAt: z.string().nullable().openapi({ description: 'ISO 8601 instant, or null.' }),
    validFrom: z.string().openapi({ description: 'ISO 8601 instant.' }),
    validUntil: z.string().openapi({ description: 'ISO 8601 instant (exclusive).' }),
    active: z.boolean(),
    maxClaims: z.number().int().nullable().openapi({ description: 'The budget in claims; null: no cap.' }),
    claims: z.number().int().openapi({ description: 'Claims made so far (each one credit).', example: 12 }),
    createdAt: z.string().openapi({ description: 'ISO 8601 instant.' }),
    updatedAt: z.string().openapi({ description: 'ISO 8601 instant.' }),
  })
  .openapi('CreditCampaign');

export const CreditCampaignListSchema = z.object({ campaigns: z.array(CreditCampaignSchema) }).openapi('CreditCampaigns');
