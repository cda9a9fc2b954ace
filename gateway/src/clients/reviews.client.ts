/**
 * Typed client of the deals service's reviews (issue 19 point 9; services/deals/src/reviews): a
 * merchant's reviews 10 a page, the reviews of a page of vouchers (one call for My Vouchers' page),
 * and a shopper's review of the merchant of their redeemed voucher. Answers are parsed with the
 * service's own contract; refusals (409 REVIEW_NOT_ALLOWED, REVIEW_ALREADY_WRITTEN, 400 naming a
 * field) are ServiceErrors with the problem's code and fields.
 */
import { ReviewPageSchema, ReviewSchema, VoucherReviewsSchema, type Review, type ReviewPage } from '@shop/deals/reviews/reviews.contract';
import type { RestClient } from './rest-client.ts';

export type { Review, ReviewPage };

/** /reviews/by-voucher takes at most this many voucher ids. */
export const VOUCHER_REVIEWS_BATCH_MAX = 100;

export interface ReviewsClient {
  /** Null for an unknown merchant. */
  merchantReviews(merchantId: number, first: number, after: string | null): Promise<ReviewPage | null>;
  byVouchers(voucherIds: readonly string[]): Promise<{ voucherId: string; review: Review }[]>;
  write(input: { voucherId: string; customerToken: string; reviewerName: string; rating: number; text: string }): Promise<Review>;
}

export function createReviewsClient(rest: RestClient): ReviewsClient {
  return {
    merchantReviews(merchantId, first, after) {
      const params = new URLSearchParams({ first: String(first) });
      if (after) params.set('after', after);
      return rest.get(`/merchants/${merchantId}/reviews?${params}`, ReviewPageSchema, { nullOn404: true });
    },
    async byVouchers(voucherIds) {
      if (voucherIds.length === 0) return [];
      if (voucherIds.length > VOUCHER_REVIEWS_BATCH_MAX) throw new RangeError(`At most ${VOUCHER_REVIEWS_BATCH_MAX} voucher ids per call`);
      return (await rest.get(`/reviews/by-voucher?voucherIds=${voucherIds.join(',')}`, VoucherReviewsSchema)).reviews;
    },
    write(input) {
      // The customer token is in the body, never in the logged path.
      return rest.post('/reviews', input, ReviewSchema);
    },
  };
}
