/**
 * The reviews' REST contract (issue 19 point 9): bodies of the reviews routes, as zod schemas the
 * routes validate and publish and the gateway's deals client parses.
 */
import { z } from '@hono/zod-openapi';
import { hasUnsafeText } from '@shop/domain/safe-text';
import { REVIEW_RATING_MAX, REVIEW_RATING_MIN, REVIEW_TEXT_MAX, REVIEWS_PAGE_SIZE } from '@shop/domain/reviews';

export const ReviewSchema = z
  .object({
    id: z.string().openapi({ description: 'The review id (digits).', example: '812' }),
    merchantId: z.number().int(),
    dealId: z.number().int().nullable().openapi({ description: 'The deal its voucher was for (null for the catalogue\'s own reviews).' }),
    reviewerName: z.string().openapi({ description: 'First name and last initial.', example: 'Morag T.' }),
    rating: z.number().int().min(REVIEW_RATING_MIN).max(REVIEW_RATING_MAX),
    text: z.string(),
    createdAt: z.string().openapi({ description: 'ISO 8601 instant.', example: '2026-11-20T18:30:00.000Z' }),
    verifiedPurchase: z.boolean().openapi({ description: 'Written by the holder of a redeemed voucher of the merchant (one per voucher).' }),
  })
  .openapi('Review');
export type Review = z.infer<typeof ReviewSchema>;

export const ReviewEdgeSchema = z.object({ cursor: z.string(), node: ReviewSchema }).openapi('ReviewEdge');

export const ReviewPageSchema = z
  .object({
    edges: z.array(ReviewEdgeSchema),
    hasNextPage: z.boolean(),
    totalCount: z.number().int(),
    /** The merchant's average over every review (null without reviews). */
    average: z.number().nullable(),
  })
  .openapi('ReviewPage');
export type ReviewPage = z.infer<typeof ReviewPageSchema>;

export const VoucherReviewSchema = z.object({ voucherId: z.string(), review: ReviewSchema }).openapi('VoucherReview');
export const VoucherReviewsSchema = z.object({ reviews: z.array(VoucherReviewSchema) }).openapi('VoucherReviews');

export const ReviewsQuerySchema = z.object({
  first: z.coerce
    .number()
    .int({ error: `Must be a whole number from 1 to ${REVIEWS_PAGE_SIZE}.` })
    .min(1, { error: `Must be a whole number from 1 to ${REVIEWS_PAGE_SIZE}.` })
    .max(REVIEWS_PAGE_SIZE, { error: `Must be a whole number from 1 to ${REVIEWS_PAGE_SIZE}.` })
    .default(REVIEWS_PAGE_SIZE)
    .openapi({ param: { name: 'first', in: 'query' }, description: `Reviews per page (spec §9: ${REVIEWS_PAGE_SIZE}).`, example: REVIEWS_PAGE_SIZE }),
  after: z
    .string()
    .max(200)
    .optional()
    .openapi({ param: { name: 'after', in: 'query' }, description: 'The cursor of the last review of the page before.' }),
});

const Uuid = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, { error: 'Must be a voucher id.' });

export const VoucherIdsQuerySchema = z.object({
  voucherIds: z
    .string()
    .max(100 * 37)
    .refine((v) => v.split(',').every((id) => Uuid.safeParse(id).success), { error: 'Must be comma-separated voucher ids.' })
    .refine((v) => v.split(',').length <= 100, { error: 'At most 100 voucher ids.' })
    .openapi({ param: { name: 'voucherIds', in: 'query' }, example: '3f0c8a0e-1111-4a5b-8c9d-0123456789ab' }),
});

export const WriteReviewBodySchema = z
  .object({
    voucherId: Uuid.openapi({ description: 'The redeemed voucher the review is for.' }),
    // Control characters never reach SQL (a NUL is a database error): a 400 naming the field.
    customerToken: z.string().min(1).max(300).refine((v) => !hasUnsafeText(v), { error: 'Remove the control characters.' }).openapi({ description: "The holder's customer token (the gateway's signed-in shopper)." }),
    reviewerName: z.string().trim().min(1).max(80).refine((v) => !hasUnsafeText(v), { error: 'Remove the control characters.' }).openapi({ description: 'How the reviewer is named: first name and last initial.', example: 'Morag T.' }),
    rating: z.number().openapi({ description: `Whole stars, ${REVIEW_RATING_MIN} to ${REVIEW_RATING_MAX}.`, example: 5 }),
    text: z.string().max(REVIEW_TEXT_MAX * 2).openapi({ description: `The review, 10 to ${REVIEW_TEXT_MAX} characters once trimmed.` }),
  })
  .openapi('WriteReview');
