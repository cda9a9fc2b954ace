/**
 * The wishlist service's REST shapes (README.md is the contract). Spec §7: a wishlist answers id
 * and deals, or errorMessage.
 */
import { z } from '@hono/zod-openapi';
import { CustomerTokenSchema, ProblemSchema } from '@shop/platform';
import { WISHLIST_MAX_DEALS } from './wishlist.ts';

export { ProblemSchema, CustomerTokenSchema };

const INT_MAX = 2_147_483_647;

/** A deal id in a path: a positive whole number in digits (no sign, exponent, spaces or leading zeros). */
const DealIdParam = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, 'Give a deal id: a positive whole number.')
  .refine((v) => Number(v) <= INT_MAX, 'Give a deal id: a positive whole number.');

export const WishlistIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}$/, 'Give a wishlist id: 22 letters, digits, - or _.')
  .openapi({ description: 'The public wishlist id (22 url-safe random characters): a guest holds it in a cookie.', example: 'q3Vx0bX8pQ2m1NcZ7yKfAw' });

export const IdParamsSchema = z.object({ id: WishlistIdSchema.openapi({ param: { name: 'id', in: 'path' } }) });
export const DealParamsSchema = z.object({
  dealId: DealIdParam.openapi({ param: { name: 'dealId', in: 'path' }, description: 'The deal id.', example: '1001' }),
});
export const IdDealParamsSchema = IdParamsSchema.extend(DealParamsSchema.shape);

const PagingFields = {
  page: z
    .string()
    .regex(/^(0|[1-9][0-9]{0,3})$/, 'Give a page number from 0.')
    .optional()
    .openapi({ description: 'The page, from 0 (default 0).', example: '0' }),
  pageSize: z
    .string()
    .regex(/^[1-9][0-9]?$/, `Give a page size from 1 to ${WISHLIST_MAX_DEALS}.`)
    .refine((v) => Number(v) <= WISHLIST_MAX_DEALS, `Give a page size from 1 to ${WISHLIST_MAX_DEALS}.`)
    .optional()
    .openapi({ description: `Deals per page, 1 to ${WISHLIST_MAX_DEALS} (default ${WISHLIST_MAX_DEALS}).`, example: '50' }),
  detailedView: z
    .enum(['false'], { message: 'Only detailedView=false is served: the deals are ids; their cards come from the deals service.' })
    .optional()
    .openapi({ description: 'Spec §7: false (the only view served: deal ids and when each was added).', example: 'false' }),
};
export const CustomerQuerySchema = z.object({ customerToken: CustomerTokenSchema, ...PagingFields });
export const PagingQuerySchema = z.object(PagingFields);

export const CreateBodySchema = z
  .object({ customerToken: CustomerTokenSchema.optional().openapi({ description: "A signed-in shopper's token: the deal goes into their list, made if they have none." }) })
  .strict()
  .openapi('CreateWishlist');

export const OperationSchema = z
  .discriminatedUnion('op', [
    z.object({ op: z.literal('merge'), path: z.literal('/customerToken'), value: CustomerTokenSchema }).strict(),
    z.object({ op: z.literal('add'), path: z.literal('/deals'), value: z.number().int().min(1).max(INT_MAX).openapi({ description: 'A deal id.', example: 1001 }) }).strict(),
    z.object({ op: z.literal('remove'), path: z.literal('/deals'), value: z.number().int().min(1).max(INT_MAX).openapi({ description: 'A deal id.', example: 1001 }) }).strict(),
  ])
  .openapi('WishlistOperation');
export const OperationsSchema = z.array(OperationSchema).min(1).max(100).openapi('WishlistOperations');

export const WishlistSchema = z
  .object({
    id: WishlistIdSchema,
    customerToken: CustomerTokenSchema.nullable().openapi({ description: "null: a guest's list." }),
    deals: z
      .array(
        z.object({
          dealId: z.number().int().openapi({ example: 1001 }),
          addedAt: z.string().openapi({ description: 'ISO 8601 instant.', example: '2027-01-12T10:00:00.000Z' }),
        }),
      )
      .openapi({ description: 'Newest first, the page asked for.' }),
    totalDeals: z.number().int().openapi({ description: `All the deals in the list (at most ${WISHLIST_MAX_DEALS}).`, example: 3 }),
    takenOffAtMerge: z
      .array(z.number().int())
      // A caller newer than the service it calls reads "nothing taken off".
      .default([])
      .openapi({
        description: `Deal ids a merge took off to keep the newest ${WISHLIST_MAX_DEALS} (the oldest saved), in the order they went; empty again once the list next changes (an add, a remove, a clear).`,
        example: [],
      }),
    page: z.number().int(),
    pageSize: z.number().int(),
    dropped: z.number().int().optional().openapi({ description: `After a merge: deals dropped to keep the newest ${WISHLIST_MAX_DEALS}.` }),
  })
  .openapi('Wishlist');

/** Spec §7: a refusal carries errorMessage, the words a caller may log. */
export const WishlistProblemSchema = ProblemSchema.extend({ errorMessage: z.string() }).openapi('WishlistProblem');
