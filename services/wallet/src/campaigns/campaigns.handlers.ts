/**
 * The credit claim route and staff's campaign routes (campaigns.routes.ts) on the wallet app: app.ts registers them. Each claim
 * is counted against the guessing limits first (campaigns.limits.ts): past them 429 RATE_LIMITED
 * before any campaign is looked at; a claim that names a live campaign is given back.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { problem, problemResponse } from '@shop/platform';
import { CREDIT_CLAIM_TOO_MANY_MESSAGE } from '@shop/domain/credit-claims';
import type { WalletDb } from '../db/database.ts';
import { listCampaigns, postCreditClaim, putCampaign } from './campaigns.routes.ts';
import { claimCampaignCredit, listCreditCampaigns, upsertCreditCampaign, type CreditCampaignView } from './campaigns.store.ts';
import { claimFound, clientAddressOf, countClaimAttempt, forgiveClaimAttempt } from './campaigns.limits.ts';

export function registerCampaignRoutes(app: OpenAPIHono, db: WalletDb, now: () => Date = () => new Date()): void {
  app.openapi(postCreditClaim, async (c) => {
    const { customerToken, id } = c.req.valid('json');
    const who = { customerToken, clientAddress: clientAddressOf(c), now: now() };
    const verdict = await countClaimAttempt(db, who);
    if (!verdict.allowed) {
      const refusal = problem(429, 'RATE_LIMITED', {
        detail: CREDIT_CLAIM_TOO_MANY_MESSAGE,
        errors: [{ field: 'id', message: CREDIT_CLAIM_TOO_MANY_MESSAGE }],
        extra: { retryAfterSeconds: verdict.retryAfterSeconds },
      });
      return problemResponse(c, refusal, { 'retry-after': String(verdict.retryAfterSeconds) });
    }
    const answer = await claimCampaignCredit(db, { customerToken, campaignId: id, now: who.now });
    if (claimFound(answer.status)) await forgiveClaimAttempt(db, who);
    return c.json(answer, 200);
  });

  // Staff (through the service token): campaigns as data.
  app.openapi(putCampaign, async (c) => {
    const { id } = c.req.valid('param');
    const body = c.req.valid('json');
    const result = await upsertCreditCampaign(
      db,
      {
        id,
        name: body.name,
        amount: body.amount,
        currency: body.currency,
        creditValidMonths: body.creditValidMonths ?? null,
        creditExpiresAt: body.creditExpiresAt ? new Date(body.creditExpiresAt) : null,
        validFrom: new Date(body.validFrom),
        validUntil: new Date(body.validUntil),
        active: body.active,
        maxClaims: body.maxClaims ?? null,
      },
      now(),
    );
    if (!result.ok) {
      return problemResponse(c, problem(422, 'CAMPAIGN_CLAIMED', { title: 'Unprocessable content', detail: result.message, errors: [{ field: result.field, message: result.message }], extra: { claims: result.claims } }));
    }
    return c.json(campaignJson(result.campaign), result.created ? 201 : 200);
  });

  app.openapi(listCampaigns, async (c) => c.json({ campaigns: (await listCreditCampaigns(db)).map(campaignJson) }, 200));
}

function campaignJson(k: CreditCampaignView) {
  return {
    ...k,
    creditExpiresAt: k.creditExpiresAt?.toISOString() ?? null,
    validFrom: k.validFrom.toISOString(),
    validUntil: k.validUntil.toISOString(),
    createdAt: k.createdAt.toISOString(),
    updatedAt: k.updatedAt.toISOString(),
  };
}
