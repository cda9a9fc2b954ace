import { commonErrors, createRoute, jsonContent, notFoundContent } from '@shop/platform';
import { z } from '@hono/zod-openapi';
import { SEARCH_SORTS, SearchResponseSchema } from '../contract.ts';
import { CONTROL_CHARS, SLUG } from '../lib/http.ts';

/** Spec §9: search page size 12; never more than 48 a page. */
export const SEARCH_PAGE_SIZE = 12;
export const MAX_SEARCH_PAGE_SIZE = 48;
/** Longest search text, after trimming. */
export const MAX_QUERY_LENGTH = 200;
export const MAX_PAGE = 1000;
const MAX_LIST = 50;

const slugParam = (description: string, example: string) =>
  z
    .string()
    .max(60)
    .regex(SLUG, 'Must be a lower-case slug (letters, digits and hyphens).')
    .optional()
    .openapi({ description, example });

const slugList = (description: string, example: string) =>
  z
    .string()
    .max(MAX_LIST * 61)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*(?:,[a-z0-9]+(?:-[a-z0-9]+)*)*$/, 'Must be comma-separated lower-case slugs.')
    .refine((v) => v.split(',').length <= MAX_LIST, `At most ${MAX_LIST} slugs.`)
    .optional()
    .openapi({ description, example });

const pence = (description: string, example: number) =>
  z.coerce
    .number()
    .int('Must be a whole number of pence.')
    .min(0)
    .max(100_000_000)
    .optional()
    .openapi({ description, type: 'integer', example });

const flag = (description: string) => z.enum(['true', 'false']).optional().openapi({ description, example: 'true' });

/** The text a shopper types (q): at most MAX_QUERY_LENGTH characters once trimmed, no control characters; optional. */
export const searchText = (description: string, example: string) =>
  z
    .string()
    .max(10 * MAX_QUERY_LENGTH, `At most ${MAX_QUERY_LENGTH} characters.`)
    .refine((v) => v.trim().length <= MAX_QUERY_LENGTH, `At most ${MAX_QUERY_LENGTH} characters.`)
    .refine((v) => !CONTROL_CHARS.test(v), 'Must not contain control characters.')
    .optional()
    .openapi({ description, example });

/** Query of both search routes. Everything is checked here; the store sees only typed values. */
export const SearchQuery = z
  .object({
    q: searchText(`The words to search for (trimmed; at most ${MAX_QUERY_LENGTH} characters). Web-search syntax: "quoted phrase", -word, or. Empty: browse.`, 'afternoon tea'),
    category: slugParam('Only deals of this category.', 'spa'),
    subcategory: slugParam('Only deals of this sub-category.', 'massage'),
    categories: slugList('Only deals of any of these categories (comma-separated slugs).', 'spa,beauty'),
    minPrice: pence('Lowest price in pence, inclusive.', 1000),
    maxPrice: pence('Highest price in pence, inclusive.', 5000),
    vip: flag('true: only deals with VIP-exclusive products; false: hide them.'),
    sort: z.enum(SEARCH_SORTS).optional().openapi({
      description: 'relevance (the default with words), popularity (the default without), price (high to low), discountPercentage, recentlyAdded, pricelow (low to high).',
      example: 'relevance',
    }),
    order: z.enum(['asc', 'desc']).optional().openapi({ description: 'Overrides the direction of a column sort (e.g. asc for price); ignored for relevance.', example: 'asc' }),
    pageSize: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_SEARCH_PAGE_SIZE)
      .default(SEARCH_PAGE_SIZE)
      .openapi({ description: `Deals per page (default ${SEARCH_PAGE_SIZE}, at most ${MAX_SEARCH_PAGE_SIZE}).`, type: 'integer', example: 12 }),
    page: z.coerce.number().int().min(0).max(MAX_PAGE).default(0).openapi({ description: `0-based page (at most ${MAX_PAGE}).`, type: 'integer', example: 0 }),
    facetedNavigation: flag('false: leave the facet counts out (default true).'),
    allLocations: flag('true: search every location, whatever the path says.'),
    tag: z
      .string()
      .min(1)
      .max(60)
      .refine((v) => !CONTROL_CHARS.test(v), 'Must not contain control characters.')
      .optional()
      .openapi({ description: 'Only deals with this tag (guide feeds), e.g. "afternoon tea"; matched lower-cased.', example: 'afternoon tea' }),
    excludeCategories: slugList('Leave out deals of these categories (comma-separated slugs).', 'travel'),
    excludeDeals: z
      .string()
      .max(1100)
      .regex(/^\d{1,9}(,\d{1,9})*$/, 'Must be comma-separated numeric deal ids.')
      .refine((v) => v.split(',').length <= 100, 'At most 100 ids.')
      .optional()
      .openapi({ description: 'Leave out these deals (comma-separated ids, at most 100).', example: '12,34' }),
  })
  .superRefine((q, ctx) => {
    if (q.minPrice !== undefined && q.maxPrice !== undefined && q.minPrice > q.maxPrice) {
      ctx.addIssue({ code: 'custom', path: ['minPrice'], message: 'minPrice must not be more than maxPrice.' });
    }
  });

export type SearchQueryInput = z.output<typeof SearchQuery>;

const LocationParam = z.object({
  location: z
    .string()
    .max(60)
    .regex(SLUG, 'Must be a location slug, or all.')
    .openapi({ param: { name: 'location', in: 'path' }, description: 'Location slug (glasgow, shop, travel…), or all for every location.', example: 'glasgow' }),
});

const responses = {
  200: jsonContent(SearchResponseSchema, 'One page of matching deals with facets and sponsored deals.'),
  ...commonErrors(),
  ...notFoundContent('No such location.'),
};

export const search = createRoute({
  method: 'get',
  path: '/search/{location}',
  operationId: 'search',
  tags: ['Search'],
  summary: 'Search the deals of a location (ranking strategy a)',
  description:
    'Full-text search (English stemming, accents ignored) with filters, sorts, facet counts and sponsored deals. ' +
    'Relevance ranks title matches first, then text relevance and popularity. When the words find nothing, they are ' +
    'corrected against the vocabulary (searchResult.correctedQuery). Closed deals are never returned.',
  request: { params: LocationParam, query: SearchQuery },
  responses,
});

export const searchB = createRoute({
  method: 'get',
  path: '/search-b/{location}',
  operationId: 'searchB',
  tags: ['Search'],
  summary: 'Search with ranking strategy b (A/B test group b)',
  description:
    'The same parameters and answer as GET /search/{location}; relevance instead blends title trigram similarity with ' +
    'discount and recency over the newest matches. The A/B test cookie sends group b here (spec §4).',
  request: { params: LocationParam, query: SearchQuery },
  responses,
});
