/**
 * The search service's REST contract: response and request bodies as zod schemas. The routes
 * validate against them and publish them in the OpenAPI document; the gateway's search client
 * parses responses with them. Money is always { amount (pence), currency }.
 */
import { z } from '@hono/zod-openapi';

export const MoneySchema = z
  .object({
    amount: z.number().int().openapi({ description: 'Minor units (pence).', example: 1999 }),
    currency: z.enum(['GBP', 'EUR']),
  })
  .openapi('Money');

export const SEARCH_SORTS = ['relevance', 'popularity', 'price', 'discountPercentage', 'recentlyAdded', 'pricelow'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_STRATEGIES = ['a', 'b'] as const;
export type SearchStrategy = (typeof SEARCH_STRATEGIES)[number];

export const SearchDealSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    headline: z.string(),
    url: z.string().openapi({ description: 'Path of the deal page.' }),
    price: MoneySchema,
    discountPercentage: z.number().int(),
    locationSlug: z.string(),
    categorySlug: z.string(),
    subcategorySlug: z.string().nullable(),
    rank: z.number().int().openapi({ description: '1-based position of the deal in the whole result list (page × pageSize + index + 1).' }),
    score: z.number().nullable().openapi({ description: 'Relevance score when sorted by relevance (higher is better); null for the other sorts and for deals ranked past the candidate cap.' }),
  })
  .openapi('SearchDeal');

export const FacetNavigationSchema = z
  .object({
    type: z.enum(['category', 'subcategory', 'location']),
    shortName: z.string().openapi({ description: 'The slug to filter on.' }),
    linkText: z.string(),
    count: z.number().int().openapi({ description: 'Matching deals with every other filter applied, but not this dimension\'s own.' }),
  })
  .openapi('SearchFacet');

export const SponsoredDealSchema = z
  .object({
    id: z.number().int(),
    adId: z.number().int(),
    urlPath: z.string().openapi({ description: 'Path of the deal page.' }),
    isSponsored: z.literal(true),
  })
  .openapi('SponsoredDeal');

export const SearchResponseSchema = z
  .object({
    deals: z.array(SearchDealSchema),
    facetedNavigation: z.object({
      navigations: z.array(FacetNavigationSchema),
      count: z.number().int().openapi({ description: 'Total matching deals (as searchResult.totalResults).' }),
    }),
    searchResult: z.object({
      totalResults: z.number().int(),
      page: z.number().int().openapi({ description: '0-based page.' }),
      pageSize: z.number().int(),
      query: z.string().openapi({ description: 'The words searched for, trimmed ("" for none).' }),
      correctedQuery: z.string().nullable().openapi({ description: 'The spelling the results are for, when the words as typed found (almost) nothing.' }),
      sort: z.enum(SEARCH_SORTS),
      order: z.enum(['asc', 'desc']),
      strategy: z.enum(SEARCH_STRATEGIES).openapi({ description: 'Ranking strategy: a (GET /search) or b (GET /search-b, the A/B test group b).' }),
    }),
    sponsored: z.object({
      deals: z.array(SponsoredDealSchema).openapi({ description: 'Up to 2 sponsored deals matching the words and location, highest bid first.' }),
      sessionId: z.null().openapi({ description: 'Always null here: sessions come from POST /sponsored/session.' }),
    }),
    mainDeal: z.object({ price: MoneySchema, vipPrice: MoneySchema.nullable() }).nullable().openapi({ description: 'Prices of the cheapest deal of the whole result (every page, by headline price, postage included); null when there is none.' }),
  })
  .openapi('SearchResponse');

export const SuggestionSchema = z
  .object({
    kind: z.enum(['term', 'category', 'location', 'deal']),
    text: z.string(),
    url: z.string(),
    dealId: z.number().int().optional(),
  })
  .openapi('Suggestion');

export const SuggestResponseSchema = z.object({ suggestions: z.array(SuggestionSchema) }).openapi('Suggestions');

export const SponsoredSessionRequestSchema = z
  .object({
    customerToken: z
      .string()
      .min(10, 'A customer token has at least 10 characters.')
      .max(200)
      .regex(/^[\x21-\x7e]+$/, 'Must be printable ASCII without spaces.')
      .nullable()
      .optional()
      .openapi({ description: 'The logged-in customer\'s token (at least 10 characters), or null.' }),
    sessionId: z
      .string()
      .max(100)
      .nullable()
      .optional()
      .openapi({ description: 'A session id held from before (a cookie): returned again when that session exists; anything else gets a new session.' }),
  })
  .openapi('SponsoredSessionRequest');

export const SponsoredSessionResponseSchema = z.object({ sessionId: z.uuid() }).openapi('SponsoredSession');

export const MAX_SPONSORED_EVENTS = 50;

export const SponsoredEventsRequestSchema = z
  .object({
    adIds: z.array(z.number().int().min(1).max(2_147_483_647)).min(1).max(MAX_SPONSORED_EVENTS).openapi({ description: `Ad ids (1 to ${MAX_SPONSORED_EVENTS}), one per deal id.` }),
    dealIds: z.array(z.number().int().min(1).max(999_999_999)).min(1).max(MAX_SPONSORED_EVENTS).openapi({ description: 'Deal ids, as many as adIds.' }),
    sessionId: z.uuid('Must be a session id (a UUID).'),
    type: z.enum(['click', 'impression']),
  })
  .superRefine((body, ctx) => {
    if (body.adIds.length !== body.dealIds.length) ctx.addIssue({ code: 'custom', path: ['dealIds'], message: 'adIds and dealIds must have the same length.' });
  })
  .openapi('SponsoredEvents');

export const SponsoredEventsResponseSchema = z.object({ recorded: z.number().int() }).openapi('SponsoredEventsRecorded');

/** RFC 9457 problem body, the answer to every 4xx and 5xx (shared by every service). */
export { ProblemSchema, type Problem } from '@shop/platform';

export type SearchResponse = z.infer<typeof SearchResponseSchema>;
export type SearchDeal = z.infer<typeof SearchDealSchema>;
export type Suggestion = z.infer<typeof SuggestionSchema>;
export type SuggestResponse = z.infer<typeof SuggestResponseSchema>;
