import { z } from '@hono/zod-openapi';
import { CLIENT_IP_HEADER, commonErrors, createRoute, jsonContent, problemContent } from '@shop/platform';
import { CAMPAIGN_AMOUNT_MAX, CampaignBodySchema, CampaignParamsSchema, CreditCampaignListSchema, CreditCampaignSchema, CreditClaimBodySchema, CreditClaimSchema } from './campaigns.contract.ts';
import { CREDIT_CLAIM_LIMITS } from './campaigns.limits.ts';

const perHour = (limit: { limit: number; windowMs: number }) => `${limit.limit} an hour`;

export const postCreditClaim = createRoute({
  method: 'post',
  path: '/user/campaign-credit-claim',
  operationId: 'claimCampaignCredit',
  tags: ['Wallet'],
  summary: 'Claim the credit of a campaign link (spec §7 POST credit validation {id})',
  description:
    "Credits the customer's wallet (promotional credit, dated) with the campaign's amount, once per customer and campaign: the claim row and the ledger credit are written in one transaction, " +
    'and a second claim answers ALREADY_CLAIMED. Every outcome is a 200 with its status (spec §3: status, creditAmount, currency). ' +
    `Guessing limits: a claim that gives nothing (NOT_FOUND, INACTIVE, NOT_STARTED, EXPIRED, EXHAUSTED) counts against ${perHour(CREDIT_CLAIM_LIMITS.customer)} per customer and ` +
    `${perHour(CREDIT_CLAIM_LIMITS.address)} per client address (CLAIMED and ALREADY_CLAIMED cost nothing); past either, 429 RATE_LIMITED before any campaign is looked at.`,
  request: {
    headers: z.object({
      [CLIENT_IP_HEADER]: z.string().optional().openapi({ description: "The shopper's public client address as the gateway saw it: failed claims are limited per address too (an implausible value is ignored)." }),
    }),
    body: { required: true, description: 'Who claims which campaign.', content: { 'application/json': { schema: CreditClaimBodySchema } } },
  },
  responses: {
    200: jsonContent(CreditClaimSchema, 'What the claim did.'),
    429: problemContent('RATE_LIMITED: too many claims that gave nothing from this customer or address; retryAfterSeconds (and Retry-After) say when to try again.'),
    ...commonErrors({ 400: 'Bad input: errors[] names id or customerToken.' }),
  },
});

export const putCampaign = createRoute({
  method: 'put',
  path: '/campaigns/{id}',
  operationId: 'putCreditCampaign',
  tags: ['Campaigns'],
  summary: 'Staff create or change a credit campaign (the link ?credit_validation={id})',
  description:
    `Creates the campaign, or replaces all its fields. amount is integer pence, 1 to ${CAMPAIGN_AMOUNT_MAX}; the credit lasts creditValidMonths after the claim or until creditExpiresAt (one of them); ` +
    'the link works from validFrom until validUntil; active false switches it off; maxClaims (optional) is its budget: claims past it answer EXHAUSTED, enforced by the database in the claim transaction. ' +
    'Once the campaign has claims, its amount and currency are fixed (422 CAMPAIGN_CLAIMED naming the field) and maxClaims cannot go below the claims made (422 naming maxClaims).',
  request: {
    params: CampaignParamsSchema,
    body: { required: true, description: 'The campaign.', content: { 'application/json': { schema: CampaignBodySchema } } },
  },
  responses: {
    201: jsonContent(CreditCampaignSchema, 'Created.'),
    200: jsonContent(CreditCampaignSchema, 'Changed.'),
    422: problemContent('CAMPAIGN_CLAIMED: the campaign has claims, so errors[] names amount or currency (they cannot change) or maxClaims (below the claims made).'),
    ...commonErrors({ 400: 'VALIDATION_FAILED: errors[] names each bad field.' }),
  },
});

export const listCampaigns = createRoute({
  method: 'get',
  path: '/campaigns',
  operationId: 'listCreditCampaigns',
  tags: ['Campaigns'],
  summary: 'Every credit campaign with its claims so far (staff)',
  description: 'By id; claims is the number of customers who have claimed its credit (the budget counter).',
  responses: { 200: jsonContent(CreditCampaignListSchema, 'The campaigns.'), ...commonErrors() },
});
