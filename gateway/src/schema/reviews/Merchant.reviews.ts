/**
 * Merchant.reviews and Merchant.promotable (issue 19 point 9; spec §9 reviews: minimum average
 * 3.5, 10 per page, 3 shown). The deals service keeps the reviews and each merchant's count and
 * total; `rating` and `reviewCount` come with the merchant itself (no call), the list is one call
 * per page. The edges' cursors are the service's keyset cursors, passed through: a forged one is
 * BAD_USER_INPUT naming `after`.
 */
import { isPromotableRating, REVIEWS_PAGE_SIZE } from '@shop/domain/reviews';
import { isServiceError } from '../../clients/service-error.ts';
import { toGlobalId } from '../../relay/global-id.ts';
import { badUserInput } from '../../relay/connection.ts';
import type { MerchantResolvers, ReviewResolvers } from '../__generated__/resolvers.ts';

const NOT_A_CURSOR = '`after` is not a cursor from this list.';

export const merchantReviewFields: Pick<MerchantResolvers, 'promotable' | 'reviews'> = {
  promotable: (m) => isPromotableRating(m.rating),
  reviews: async (m, args, ctx) => {
    const first = args.first ?? REVIEWS_PAGE_SIZE;
    if (!Number.isInteger(first) || first < 1 || first > REVIEWS_PAGE_SIZE) throw badUserInput(`\`first\` must be a whole number from 1 to ${REVIEWS_PAGE_SIZE}.`, 'first');
    const after = args.after ?? null;
    if (after !== null && (after.length === 0 || after.length > 200)) throw badUserInput(NOT_A_CURSOR, 'after');
    try {
      const page = await ctx.clients.reviews.merchantReviews(m.id, first, after);
      const edges = page?.edges ?? [];
      return {
        edges,
        pageInfo: { hasNextPage: page?.hasNextPage ?? false, hasPreviousPage: after !== null, startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null },
        totalCount: page?.totalCount ?? 0,
      };
    } catch (error) {
      if (isServiceError(error) && error.status === 400 && error.fieldErrors.some((f) => f.field === 'after')) throw badUserInput(NOT_A_CURSOR, 'after');
      throw error;
    }
  },
};

export const ReviewType: ReviewResolvers = {
  // Review:{id}: opaque, refetched only through its merchant's list.
  id: (r) => toGlobalId('Review', r.id),
};
