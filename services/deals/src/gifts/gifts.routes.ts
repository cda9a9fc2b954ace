import { commonErrors, createRoute, jsonContent, notFoundContent } from '@shop/platform';
import { z } from '@hono/zod-openapi';
import { GIFT_FINDER_PAGE_SIZE, GIFT_FINDER_PERSONALITIES, GIFT_FINDER_RECIPIENTS, GIFT_PRICE_BANDS } from '@shop/domain';
import { Slug } from '../lib/http.ts';
import { pageQuery } from '../lists/common.ts';
import { GiftsResponseSchema } from './gifts.contract.ts';

const oneOf = (values: readonly string[], what: string) =>
  z
    .string()
    .refine((v) => values.includes(v), `Must be one of the ${what}: ${values.join(', ')}.`)
    .optional();

/** The gift filters (spec §3): combinable; each checked against its list. */
export const GiftsQuery = z.object({
  ...pageQuery(GIFT_FINDER_PAGE_SIZE),
  recipient: oneOf(
    GIFT_FINDER_RECIPIENTS.map((r) => r.id),
    'gift finder recipients',
  ).openapi({ description: 'A recipient id (spec §3): mum, dad, hubby, wifey, little-ones, teen, grandparents, bff, colleague.', example: 'mum' }),
  personality: oneOf(
    GIFT_FINDER_PERSONALITIES.map((p) => p.id),
    'gift finder personalities',
  ).openapi({ description: 'A personality id (spec §3): playful, indulgent, insta-famous, geeky, giggly, gorgeous, active, pampered, jet-setter, daredevil.', example: 'pampered' }),
  price: oneOf(
    GIFT_PRICE_BANDS.map((b) => b.id),
    'price bands',
  ).openapi({ description: 'A price band made from the spec §3 steps 0, 10, 20, 50, 100 (pounds): 0-10, 10-20, 20-50, 50-100, 100- (from inclusive, to exclusive), on the headline price with postage.', example: '20-50' }),
  sort: z.enum(['popularity', 'discountPercentage']).default('popularity').openapi({
    description: 'popularity (the gift card first, then most sold) or discountPercentage (biggest saving first, the gift carousel).',
  }),
  facetedNavigation: z.enum(['true', 'false']).default('false').openapi({ description: 'true: add the counts of every recipient, personality and price band.' }),
});

const description =
  "Live gifts: deals tagged for the gift finder (issue 19 point 3), filtered by recipient, personality and price band together. A location's gifts include national (shop) deals, which are delivered everywhere; /gifts lists every location's.";

export const listAllGifts = createRoute({
  method: 'get',
  path: '/gifts',
  operationId: 'listGifts',
  tags: ['Gift finder'],
  summary: "Every location's gifts, filtered (the /gifts page)",
  description,
  request: { query: GiftsQuery },
  responses: { 200: jsonContent(GiftsResponseSchema, 'A page of gifts, with the facets when asked.'), ...commonErrors() },
});

export const listLocationGifts = createRoute({
  method: 'get',
  path: '/gifts/{location}',
  operationId: 'listLocationGifts',
  tags: ['Gift finder'],
  summary: "A location's gifts, filtered (the /deals/{location}/gift-finder page)",
  description: `${description} 404 for an unknown location; national-deal reads as shop.`,
  request: { params: z.object({ location: Slug('location', 'glasgow') }), query: GiftsQuery },
  responses: { 200: jsonContent(GiftsResponseSchema, 'A page of gifts, with the facets when asked.'), ...commonErrors(), ...notFoundContent() },
});
