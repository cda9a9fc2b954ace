/**
 * Typed client of the wallet service's credit claims (services/wallet/src/campaigns): spec §7
 * "POST credit validation {id} reads status, creditAmount, currency", answered with the service's
 * own contract. The customer token is the session's, never the shopper's input; the shopper's
 * public address goes in x-client-ip (the context sets it) for the per-address guessing limit.
 * A refusal by the guessing limits (429) is data here; any other failure throws.
 */
import { CreditClaimSchema, type CreditClaim } from '@shop/wallet/campaigns/campaigns.contract';
import type { RestClient } from './rest-client.ts';

export type { CreditClaim };

export type CreditClaimAnswer = { ok: true; claim: CreditClaim } | { ok: false; retryAfterSeconds: number; message: string | null };

export interface CreditClaimsClient {
  claim(customerToken: string, campaignId: string): Promise<CreditClaimAnswer>;
}

export function createCreditClaimsClient(rest: RestClient): CreditClaimsClient {
  return {
    async claim(customerToken, campaignId) {
      const res = await rest.raw('POST', '/user/campaign-credit-claim', { body: { customerToken, id: campaignId } });
      if (res.status === 200) return { ok: true, claim: res.parse(CreditClaimSchema) };
      if (res.status !== 429) throw res.error();
      const body = (res.body ?? {}) as { detail?: unknown; retryAfterSeconds?: unknown };
      return {
        ok: false,
        retryAfterSeconds: typeof body.retryAfterSeconds === 'number' && body.retryAfterSeconds > 0 ? Math.ceil(body.retryAfterSeconds) : 3600,
        message: typeof body.detail === 'string' ? body.detail : null,
      };
    },
  };
}
