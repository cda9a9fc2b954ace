/**
 * Typed client of the gift-card redemption (issue 18 point 2; spec §7 /gift-card/redeem), served
 * by the checkout service (each try is a code guess counted with the promo codes' allowance, per
 * customer and per client address: the checkout client sends the address). Its refusals are data
 * here (the status and the problem's code, words and figures), not errors.
 */
import { GiftCardRedeemedSchema } from '@shop/checkout/giftcards/giftcards.routes';
import type { z } from 'zod';
import type { RestClient } from './rest-client.ts';

type GiftCardRedeemed = z.infer<typeof GiftCardRedeemedSchema>;

type RedeemGiftCardAnswer =
  | { ok: true; redeemed: GiftCardRedeemed }
  | { ok: false; status: number; code: string; message: string | null; expiredAt: string | null; retryAfterSeconds: number | null };

export interface GiftCardsClient {
  redeem(customerToken: string, code: string): Promise<RedeemGiftCardAnswer>;
}

export function createGiftCardsClient(rest: RestClient): GiftCardsClient {
  return {
    async redeem(customerToken, code) {
      const res = await rest.raw('POST', '/gift-card/redeem', { body: { customerToken, code } });
      if (res.status === 200) return { ok: true, redeemed: res.parse(GiftCardRedeemedSchema) };
      if (res.status !== 404 && res.status !== 409 && res.status !== 429) throw res.error();
      const body = (res.body ?? {}) as { code?: unknown; detail?: unknown; expiredAt?: unknown; retryAfterSeconds?: unknown };
      return {
        ok: false,
        status: res.status,
        code: typeof body.code === 'string' ? body.code : 'NOT_FOUND',
        message: typeof body.detail === 'string' ? body.detail : null,
        expiredAt: typeof body.expiredAt === 'string' ? body.expiredAt : null,
        retryAfterSeconds: typeof body.retryAfterSeconds === 'number' ? body.retryAfterSeconds : null,
      };
    },
  };
}
