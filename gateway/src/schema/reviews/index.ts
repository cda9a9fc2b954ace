/**
 * Resolvers of reviews (issue 19 point 9): Merchant.reviews and promotable, Voucher.review and
 * reviewable, the Review type and writeReview. schema.ts spreads these.
 */
import { byTypename } from '../mappers.ts';
import { merchantReviewFields, ReviewType } from './Merchant.reviews.ts';
import { writeReview } from './Mutation.writeReview.ts';
import { voucherReviewFields } from './Voucher.review.ts';

export { merchantReviewFields, voucherReviewFields };
export const reviewsMutation = { writeReview };
export const reviewsTypes = { Review: ReviewType, WriteReviewResult: { __resolveType: byTypename } };
