/**
 * The reviews routes (issue 19 point 9; spec §9 reviews: 10 per page). Every answer documented.
 */
import { commonErrors, createRoute, jsonContent, notFoundContent, problemContent } from '@shop/platform';
import { z } from '@hono/zod-openapi';
import { REVIEWS_PAGE_SIZE } from '@shop/domain/reviews';
import { NumericId } from '../lib/http.ts';
import { ReviewPageSchema, ReviewSchema, ReviewsQuerySchema, VoucherIdsQuerySchema, VoucherReviewsSchema, WriteReviewBodySchema } from './reviews.contract.ts';

export const getMerchantReviews = createRoute({
  method: 'get',
  path: '/merchants/{merchantId}/reviews',
  operationId: 'getMerchantReviews',
  tags: ['Reviews'],
  summary: `A merchant's reviews, newest first, ${REVIEWS_PAGE_SIZE} a page, with its average`,
  description: `Keyset pages of at most ${REVIEWS_PAGE_SIZE} (spec §9), each review's cursor for the next page (\`after\`); \`totalCount\` and \`average\` over all its reviews (null without any). An unknown merchant is a 404; a forged cursor a 400 naming \`after\`.`,
  request: { params: z.object({ merchantId: NumericId('merchantId', 'merchant', '7') }), query: ReviewsQuerySchema },
  responses: { 200: jsonContent(ReviewPageSchema, 'A page of reviews.'), ...commonErrors(), ...notFoundContent('No such merchant.') },
});

export const getVoucherReviews = createRoute({
  method: 'get',
  path: '/reviews/by-voucher',
  operationId: 'getVoucherReviews',
  tags: ['Reviews'],
  summary: 'The reviews written for these vouchers (at most 100), for My Vouchers',
  description: 'The vouchers that have a review, each with it; the others are left out.',
  request: { query: VoucherIdsQuerySchema },
  responses: { 200: jsonContent(VoucherReviewsSchema, 'The reviews found.'), ...commonErrors() },
});

export const postReview = createRoute({
  method: 'post',
  path: '/reviews',
  operationId: 'writeReview',
  tags: ['Reviews'],
  summary: 'A shopper reviews the merchant of their redeemed voucher, once per voucher',
  description:
    "Only the holder of a Redeemed voucher may review its deal's merchant, once per voucher (UK DMCC Act 2024: no unverified reviews). 201 the review; 409 REVIEW_NOT_ALLOWED (the voucher is not the holder's, unknown, or not redeemed: the same answer for each) or REVIEW_ALREADY_WRITTEN (a review exists for it: of concurrent calls one writes); 400 naming `rating` or `text` (rating 1 to 5, text 10 to 2,000 characters once trimmed).",
  request: { body: { required: true, content: { 'application/json': { schema: WriteReviewBodySchema } } } },
  responses: {
    201: jsonContent(ReviewSchema, 'The review, written.'),
    409: problemContent('REVIEW_NOT_ALLOWED or REVIEW_ALREADY_WRITTEN: nothing written.'),
    415: problemContent('The body is not application/json.'),
    ...commonErrors({ 400: 'Bad input: errors[] names each invalid field (rating, text, voucherId, …) with its message.' }),
  },
});
