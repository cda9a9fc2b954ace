/**
 * Typed client of the gift-card redemption (issue 18 point 2; spec §7 /gift-card/redeem), served
 * by the checkout service (each try is a code guess counted with the promo codes' allowance, per
 * customer and per client address: the checkout client sends the address). Its refusals are data
 * here (the status and the problem's code, words and figures), not errors.
 */
import { GiftCardOrderSentSchema, GiftCardRedeemedSchema, PostedGiftCardListsSchema } from '@shop/checkout/giftcards/giftcards.routes';
import type { z } from 'zod';
import type { RestClient } from './rest-client.ts';

type GiftCardRedeemed = z.infer<typeof GiftCardRedeemedSchema>;
type PostedGiftCardLists = z.infer<typeof PostedGiftCardListsSchema>;
export type PostedGiftCardOrderData = PostedGiftCardLists['toPost'][number];

/** Marking an order's posted gift cards sent: the order (and how many this call marked), or the refusal's code and words. */
type MarkPostedAnswer = { ok: true; marked: number; order: PostedGiftCardOrderData } | { ok: false; code: 'NOT_FOUND' | 'VOUCHER_NOT_SENDABLE'; message: string | null };

type RedeemGiftCardAnswer =
  | { ok: true; redeemed: GiftCardRedeemed }
  | { ok: false; status: number; code: string; message: string | null; expiredAt: string | null; retryAfterSeconds: number | null };

export interface GiftCardsClient {
  redeem(customerToken: string, code: string): Promise<RedeemGiftCardAnswer>;
  /** Staff only (the caller checks): posted gift cards waiting to be sent, and the ones sent lately. */
  postingLists(first: number): Promise<PostedGiftCardLists>;
  /** Staff only (the caller checks): marks an order's posted gift cards sent, `actorRef` the staff name. */
  markPosted(orderNumber: string, actorRef: string): Promise<MarkPostedAnswer>;
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
    postingLists: (first) => rest.send('GET', `/gift-cards/posting?${new URLSearchParams({ first: String(first) })}`, { parser: PostedGiftCardListsSchema }),
    async markPosted(orderNumber, actorRef) {
      const res = await rest.raw('POST', `/gift-cards/posting/${encodeURIComponent(orderNumber)}/sent`, { body: { actorRef } });
      if (res.status === 200 || res.status === 201) {
        const answer = res.parse(GiftCardOrderSentSchema);
        return { ok: true, marked: answer.marked, order: answer.order };
      }
      if (res.status !== 404 && res.status !== 409) throw res.error();
      const body = (res.body ?? {}) as { detail?: unknown };
      return { ok: false, code: res.status === 404 ? 'NOT_FOUND' : 'VOUCHER_NOT_SENDABLE', message: typeof body.detail === 'string' ? body.detail : null };
    },
  };
}
