/**
 * The credit claim route (campaigns.routes.ts) on the wallet app: app.ts registers it. Each claim
 * is counted against the guessing limits first (campaigns.limits.ts): past them 429 RATE_LIMITED
 * before any campaign is looked at; a claim that names a live campaign is given back.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { problem, problemResponse } from '@shop/platform';
import { CREDIT_CLAIM_TOO_MANY_MESSAGE } from '@shop/domain/credit-claims';
import type { WalletDb } from '../db/database.ts';
import { postCreditClaim } from './campaigns.routes.ts';
import { claimCampaignCredit } from './campaigns.store.ts';
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
}
