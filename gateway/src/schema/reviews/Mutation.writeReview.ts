/**
 * writeReview (issue 19 point 9): the signed-in holder of a redeemed voucher reviews its
 * merchant, once per voucher (UK DMCC Act 2024: no unverified reviews). As every voucher action
 * (vouchers/voucher-action.ts): the input checked first with the domain's rules (ValidationError
 * naming `rating` or `text`), signed out UnauthenticatedError, another shopper's or an unknown
 * voucher NotFoundError. The deals service decides, asking the vouchers module whether the
 * voucher is the holder's and redeemed, and its unique index keeps one review per voucher however
 * many arrive at once: its 409s are a VoucherActionError in the domain's words.
 */
import { z } from 'zod';
import { reviewerDisplayName, reviewRatingSchema, reviewTextSchema } from '@shop/domain/reviews';
import { isServiceError } from '../../clients/service-error.ts';
import type { MutationResolvers } from '../__generated__/resolvers.ts';
import { userError, validationError } from '../user-errors.ts';
import { voucherAction } from '../vouchers/voucher-action.ts';
import { reviewByVoucherId } from './Voucher.review.ts';

const WriteReviewInput = z.object({
  voucherId: z.string().max(300, { error: 'No such voucher.' }),
  rating: reviewRatingSchema,
  text: reviewTextSchema,
});

export const writeReview: NonNullable<MutationResolvers['writeReview']> = (_p, { input }, ctx) =>
  voucherAction(
    ctx,
    WriteReviewInput,
    input,
    async (held, data, customerToken, viewer: { firstName: string | null; lastName: string | null }) => {
      try {
        const review = await ctx.clients.reviews.write({ voucherId: held.id, customerToken, reviewerName: reviewerDisplayName(viewer.firstName ?? '', viewer.lastName ?? ''), rating: data.rating, text: data.text });
        reviewByVoucherId(ctx).clear(held.id).prime(held.id, review);
        return { __typename: 'ReviewWritten' as const, review, voucher: held };
      } catch (error) {
        if (isServiceError(error) && error.status === 409 && (error.code === 'REVIEW_NOT_ALLOWED' || error.code === 'REVIEW_ALREADY_WRITTEN')) return userError('VoucherActionError', error.code, 'voucherId');
        const field = isServiceError(error) && error.status === 400 ? error.fieldErrors.find((f) => f.field === 'rating' || f.field === 'text') : undefined;
        if (field) return validationError(field.field, field.message);
        throw error;
      }
    },
    { viewer: (c) => c.session.viewer() },
  );
