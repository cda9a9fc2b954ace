import { z } from '@hono/zod-openapi';
import { commonErrors, createRoute, jsonContent, notFoundContent, problemContent } from '@shop/platform';
import { DEALS_PAGE_SIZE, DEFAULT_LOCATION } from '@shop/domain';
import { DealListResponseSchema, EarlyBirdResponseSchema, RecommendationsResponseSchema } from '../contract.ts';
import { Slug } from '../lib/http.ts';
import {
  BUY_AGAIN_PAGE_SIZE,
  customerTokenSchema,
  EXAMPLE_CUSTOMER_TOKEN,
  GUEST_VIEWED_MAX,
  pageQuery,
  RECENTLY_VIEWED_MAX,
  RECOMMENDATIONS_LIMIT,
  RECOMMENDATIONS_PAGE_SIZE,
} from './common.ts';

const DealIdText = z.string().regex(/^\d{1,9}$/, 'Must be a numeric deal id.');

/** recentViewedDeal=1&recentViewedDeal=2…: one value arrives as a string, several as an array. */
const RecentViewedDeal = z
  .preprocess(
    (v) => (typeof v === 'string' ? [v] : v),
    z
      .array(DealIdText)
      .min(1, 'Give at least one recentViewedDeal.')
      .max(RECENTLY_VIEWED_MAX, `At most ${RECENTLY_VIEWED_MAX} recentViewedDeal ids (spec §7).`),
  )
  .openapi({
    param: { name: 'recentViewedDeal', in: 'query', style: 'form', explode: true },
    description: `A deal id, repeated once per deal (1 to ${RECENTLY_VIEWED_MAX}), most recently viewed first.`,
    example: ['12', '7'],
  });

export const getRecentlyViewed = createRoute({
  method: 'get',
  path: '/recently-viewed',
  operationId: 'getRecentlyViewedDeals',
  tags: ['Deal lists'],
  summary: 'Recently viewed deals by id, in the order given',
  description: 'The live deals among the ids, in the order given; closed and unknown deals are dropped, repeated ids shown once.',
  request: { query: z.object({ recentViewedDeal: RecentViewedDeal }) },
  responses: { 200: jsonContent(DealListResponseSchema, 'The live deals, in the order given.'), ...commonErrors() },
});

const recommendationPaging = {
  limit: z.coerce
    .number()
    .int('Must be a whole number.')
    .min(1)
    .max(RECOMMENDATIONS_LIMIT)
    .default(RECOMMENDATIONS_LIMIT)
    .openapi({ description: `How many deals are recommended in all, before paging (default and most ${RECOMMENDATIONS_LIMIT}).`, type: 'integer', example: RECOMMENDATIONS_LIMIT }),
  ...pageQuery(RECOMMENDATIONS_PAGE_SIZE, RECOMMENDATIONS_LIMIT),
};

export const getCustomerRecommendations = createRoute({
  method: 'get',
  path: '/recommendations/ct/{customerToken}',
  operationId: 'getCustomerRecommendations',
  tags: ['Recommendations'],
  summary: "Deals recommended from a customer's views and purchases",
  description:
    'Live deals in the sub-categories, categories and locations of what the customer viewed and bought, weighted by recency and frequency, never ones already bought; the rest of `limit` (or all, with no history) are the most popular deals of `location`. Capped at `limit`, then paged.',
  request: {
    params: z.object({
      customerToken: customerTokenSchema().openapi({ param: { name: 'customerToken', in: 'path' }, description: 'The customer token (at least 10 characters).', example: EXAMPLE_CUSTOMER_TOKEN }),
    }),
    query: z.object({
      ...recommendationPaging,
      location: z
        .string()
        .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be a lower-case slug (letters, digits and hyphens).')
        .max(60)
        .default(DEFAULT_LOCATION)
        .openapi({ description: `Location whose popular deals fill the list (default ${DEFAULT_LOCATION}).`, example: 'glasgow' }),
    }),
  },
  responses: { 200: jsonContent(RecommendationsResponseSchema, 'One page of the recommended deals.'), ...commonErrors(), ...notFoundContent() },
});

export const getGuestRecommendations = createRoute({
  method: 'get',
  path: '/recommendations/location/{location}',
  operationId: 'getGuestRecommendations',
  tags: ['Recommendations'],
  summary: "Deals recommended to a guest from the deals their browser kept, else the location's most popular",
  description:
    "Live deals of the location in the sub-categories (first) and categories of the locally viewed deals, more recent views weighing more, the viewed deals left out; the rest of `limit` (or all, without `viewed`) are the location's most popular deals. Capped at `limit`, then paged.",
  request: {
    params: z.object({ location: Slug('location', 'glasgow') }),
    query: z.object({
      viewed: z
        .string()
        .regex(/^\d{1,9}(,\d{1,9})*$/, 'Must be comma-separated numeric deal ids.')
        .refine((v) => v.split(',').length <= GUEST_VIEWED_MAX, `At most ${GUEST_VIEWED_MAX} ids.`)
        .optional()
        .openapi({ description: `Deal ids the guest viewed, most recent first (at most ${GUEST_VIEWED_MAX}).`, example: '12,7,31' }),
      ...recommendationPaging,
    }),
  },
  responses: { 200: jsonContent(RecommendationsResponseSchema, 'One page of the recommended deals.'), ...commonErrors(), ...notFoundContent() },
});

export const getBuyAgain = createRoute({
  method: 'get',
  path: '/buy-again/deals',
  operationId: 'getBuyAgainDeals',
  tags: ['Deal lists'],
  summary: 'Live deals the customer bought before, most recent purchase first',
  description: 'Each deal once, ordered by its latest purchase (newest first, then id); closed deals are left out.',
  request: {
    query: z.object({
      customerToken: customerTokenSchema().openapi({ description: 'The customer token (at least 10 characters).', example: EXAMPLE_CUSTOMER_TOKEN }),
      ...pageQuery(BUY_AGAIN_PAGE_SIZE),
    }),
  },
  responses: { 200: jsonContent(DealListResponseSchema, 'One page of deals bought before.'), ...commonErrors() },
});

export const getEarlyBird = createRoute({
  method: 'get',
  path: '/early-bird-deal/{location}',
  operationId: 'getEarlyBirdDeals',
  tags: ['Deal lists'],
  summary: 'Early-bird deals of a location, newest first',
  description: "Live deals of the location whose early-bird window is open (now before early_bird_until), newest first. National deals are listed under shop (or national-deal) only.",
  request: { params: z.object({ location: Slug('location', 'glasgow') }), query: z.object(pageQuery(DEALS_PAGE_SIZE)) },
  responses: { 200: jsonContent(EarlyBirdResponseSchema, 'One page of early-bird deals.'), ...commonErrors(), ...notFoundContent() },
});

export const DealViewBody = z
  .object({
    customerToken: customerTokenSchema().openapi({ description: 'The customer token (at least 10 characters).', example: EXAMPLE_CUSTOMER_TOKEN }),
    dealId: z.number().int('Must be a whole number.').min(1).max(2_147_483_647).openapi({ description: 'The deal viewed.', example: 42 }),
  })
  .openapi('DealView');

export const postDealView = createRoute({
  method: 'post',
  path: '/deal-views',
  operationId: 'recordDealView',
  tags: ['Recommendations'],
  summary: 'Records that a customer viewed a deal (recommendations read it)',
  description: 'Appends one view; nothing is ever updated or removed. Unknown deals are refused with 404.',
  request: { body: { required: true, content: { 'application/json': { schema: DealViewBody } } } },
  responses: { 202: { description: 'The view was recorded.' }, ...commonErrors(), ...notFoundContent(), 415: problemContent('The body is not application/json.') },
});
