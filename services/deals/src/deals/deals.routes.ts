import { commonErrors, createRoute, jsonContent, notFoundContent } from '@shop/platform';
import { z } from '@hono/zod-openapi';
import { DEALS_PAGE_SIZE, MAX_PAGE_SIZE } from '@shop/domain';
import { DEAL_SORTS, DealSchema, DealsByIdsResponseSchema, DealsResponseSchema } from '../contract.ts';
import { IdList, NumericId, Slug } from '../lib/http.ts';

const querySlug = (description: string) =>
  z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be a lower-case slug (letters, digits and hyphens).')
    .max(60)
    .optional()
    .openapi({ description });

const pence = (description: string) =>
  z.coerce.number().int('Must be a whole number of pence.').min(0).max(100_000_000).optional().openapi({ description, type: 'integer' });

/** Query of every deals list. Everything is checked here; the store sees only typed values. */
export const DealsQuery = z
  .object({
    page: z.coerce.number().int().min(0).max(100_000).optional().openapi({ description: '0-based page (the spec\'s page=0 is the first), for ?page=N links. Uses OFFSET.', type: 'integer', example: 0 }),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEALS_PAGE_SIZE).openapi({ description: `Deals per page (default ${DEALS_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}).`, type: 'integer' }),
    offset: z.coerce.number().int().min(0).max(5_000_000).optional().openapi({ description: 'Rows to skip; overrides page.', type: 'integer' }),
    after: z.string().max(200).optional().openapi({ description: 'Opaque keyset cursor (searchResult.nextCursor of the previous page). Cannot be combined with page or offset.' }),
    sort: z.enum(DEAL_SORTS).default('popularity').openapi({
      description:
        'popularity, price (high to low), discountPercentage, recentlyAdded, pricelow (low to high). The price sorts use the headline price ' +
        '(the price a card shows first: the cheapest option with its mandatory postage included), discountPercentage the saving on that same basis.',
    }),
    minPrice: pence('Lowest headline price (postage included) in pence, inclusive.'),
    maxPrice: pence('Highest headline price (postage included) in pence, inclusive.'),
    vip: z.enum(['true', 'false']).optional().openapi({ description: 'true: only deals with VIP-exclusive products; false: hide them.' }),
    location: querySlug('Location filter; must agree with the path.'),
    category: querySlug('Category filter, as an alternative to the path segment.'),
    subcategory: querySlug('Sub-category filter, as an alternative to the path segment.'),
  })
  .superRefine((q, ctx) => {
    if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
      ctx.addIssue({ code: 'custom', path: ['minPrice'], message: 'minPrice must not be more than maxPrice.' });
    }
    if (q.after !== undefined && (q.page !== undefined || q.offset !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['after'], message: 'after cannot be combined with page or offset.' });
    }
  });

const responses = { 200: jsonContent(DealsResponseSchema, 'One page of deals with facets and paging.'), ...commonErrors(), ...notFoundContent() };

export const listDeals = createRoute({
  method: 'get',
  path: '/deals/{location}',
  operationId: 'listDeals',
  tags: ['Deals'],
  summary: 'Deals of a location',
  description: 'Deals of a location.',
  request: { params: z.object({ location: Slug('location', 'glasgow') }), query: DealsQuery },
  responses,
});

export const listCategoryDeals = createRoute({
  method: 'get',
  path: '/deals/{location}/{category}',
  operationId: 'listCategoryDeals',
  tags: ['Deals'],
  summary: 'Deals of a category in a location',
  description: 'Deals of a category in a location.',
  request: { params: z.object({ location: Slug('location', 'glasgow'), category: Slug('category', 'spa') }), query: DealsQuery },
  responses,
});

export const listSubcategoryDeals = createRoute({
  method: 'get',
  path: '/deals/{location}/{category}/{subcategory}',
  operationId: 'listSubcategoryDeals',
  tags: ['Deals'],
  summary: 'Deals of a sub-category in a location',
  description: 'Deals of a sub-category in a location.',
  request: {
    params: z.object({ location: Slug('location', 'edinburgh'), category: Slug('category', 'food-drink'), subcategory: Slug('subcategory', 'afternoon-tea') }),
    query: DealsQuery,
  },
  responses,
});

export const getDeal = createRoute({
  method: 'get',
  path: '/deal/{dealId}',
  operationId: 'getDeal',
  tags: ['Deals'],
  summary: 'A deal by its numeric id (closed deals too, with their closingDate)',
  description: 'A deal by its numeric id (closed deals too, with their closingDate).',
  request: {
    params: z.object({ dealId: NumericId('dealId', 'deal', '42') }),
  },
  responses: { 200: jsonContent(DealSchema, 'The deal.'), ...commonErrors(), ...notFoundContent() },
});

export const getDealsByIds = createRoute({
  method: 'get',
  path: '/deal',
  operationId: 'getDealsByIds',
  tags: ['Deals'],
  summary: 'Deals by id, for batching (at most 100); returns the ones found, in any order',
  description: 'Deals by id, for batching (at most 100); returns the ones found, in any order.',
  request: {
    query: z.object({ ids: IdList('deal') }),
  },
  responses: { 200: jsonContent(DealsByIdsResponseSchema, 'The deals found.'), ...commonErrors() },
});
