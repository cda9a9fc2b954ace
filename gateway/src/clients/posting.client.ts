/**
 * The vouchers service's goods posting calls (services/vouchers README "Goods posting", issue 17
 * point 5). The deal ids (only the business's postal ones) and merchantRef come from the caller,
 * who checked the membership first.
 *
 * - GET /posting/to-post | /posting/sent | /posting/returns ?dealIds&first&after: a page.
 * - POST /posting/{voucherId}/sent: 201/200 the order; 404, 409 and 400 as ServiceErrors.
 * - POST /posting/{voucherId}/return-received: 200 {voucherId, status}; 404, 409 as ServiceErrors.
 * - GET /posting/dispatches?customerToken&voucherIds: the holder's vouchers sent (the token hidden in the logged path).
 */
import { HolderDispatchesSchema, PostedOrderSchema, PostedOrdersPageSchema, ReturnsPageSchema, type PostingCarrier } from '@shop/vouchers/posting/posting.contract';
import { z } from 'zod';
import type { RestClient } from './rest-client.ts';
import type { Till } from './redemption.client.ts';

export type PostedOrderData = z.infer<typeof PostedOrderSchema>;
export type PostedOrdersPage = z.infer<typeof PostedOrdersPageSchema>;
export type ReturnsPage = z.infer<typeof ReturnsPageSchema>;
export type HolderDispatchData = z.infer<typeof HolderDispatchesSchema>['dispatches'][number];

const ReceivedSchema = z.object({ voucherId: z.string(), status: z.string() });

export interface PostingClient {
  toPost(dealIds: readonly number[], first: number, after: string | null): Promise<PostedOrdersPage>;
  sent(dealIds: readonly number[], first: number, after: string | null): Promise<PostedOrdersPage>;
  returns(dealIds: readonly number[], first: number, after: string | null): Promise<ReturnsPage>;
  markSent(till: Till, voucherId: string, carrier: PostingCarrier, trackingReference: string): Promise<PostedOrderData>;
  returnReceived(till: Till, voucherId: string): Promise<z.infer<typeof ReceivedSchema>>;
  dispatches(customerToken: string, voucherIds: readonly string[]): Promise<HolderDispatchData[]>;
}

export function createPostingClient(rest: RestClient): PostingClient {
  const query = (dealIds: readonly number[], first: number, after: string | null) => new URLSearchParams({ dealIds: dealIds.join(','), first: String(first), ...(after ? { after } : {}) });
  const who = (till: Till) => ({ dealIds: [...till.dealIds], merchantRef: till.merchantRef, actorRef: till.actorRef });
  return {
    toPost: (dealIds, first, after) => rest.send('GET', `/posting/to-post?${query(dealIds, first, after)}`, { parser: PostedOrdersPageSchema }),
    sent: (dealIds, first, after) => rest.send('GET', `/posting/sent?${query(dealIds, first, after)}`, { parser: PostedOrdersPageSchema }),
    returns: (dealIds, first, after) => rest.send('GET', `/posting/returns?${query(dealIds, first, after)}`, { parser: ReturnsPageSchema }),
    markSent: (till, voucherId, carrier, trackingReference) =>
      rest.send('POST', `/posting/${encodeURIComponent(voucherId)}/sent`, { body: { ...who(till), carrier, trackingReference }, parser: PostedOrderSchema }),
    returnReceived: (till, voucherId) => rest.send('POST', `/posting/${encodeURIComponent(voucherId)}/return-received`, { body: who(till), parser: ReceivedSchema }),
    async dispatches(customerToken, voucherIds) {
      if (voucherIds.length === 0) return [];
      const path = `/posting/dispatches?${new URLSearchParams({ customerToken, voucherIds: voucherIds.join(',') })}`;
      return (await rest.send('GET', path, { logPath: '/posting/dispatches?customerToken=…', parser: HolderDispatchesSchema })).dispatches;
    },
  };
}
