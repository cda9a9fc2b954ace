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
        'CLAIMED: the credit was added now. ALREADY_CLAIMED: this customer had it before. NOT_FOUND: no such campaign. NOT_STARTED, EXPIRED: outside the campaign window (or its credit date has passed). INACTIVE: the campaign was switched off.',
    }),
    creditAmount: z.number().int().nullable().openapi({ description: 'The credit of the campaign (for ALREADY_CLAIMED, what this customer received), integer pence; null for NOT_FOUND.', example: 500 }),
    currency: z.enum(WALLET_CURRENCIES).nullable().openapi({ description: 'null for NOT_FOUND.' }),
  })
  .openapi('CreditClaim');

export type CreditClaim = z.infer<typeof CreditClaimSchema>;
