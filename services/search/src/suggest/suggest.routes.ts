import { commonErrors, createRoute, jsonContent, notFoundContent } from '@shop/platform';
import { z } from '@hono/zod-openapi';
import { SuggestResponseSchema } from '../contract.ts';
import { SLUG } from '../lib/http.ts';
import { searchText } from '../search/search.routes.ts';

export const SUGGEST_LIMIT = 8;
export const MAX_SUGGEST_LIMIT = 20;

export const suggest = createRoute({
  method: 'get',
  path: '/suggest',
  operationId: 'suggest',
  tags: ['Suggestions'],
  summary: 'Suggestions as the shopper types: terms, categories, locations and deals',
  description:
    'Prefix matches first (any length), then trigram matches for 3+ characters, so typos still suggest ("masage" → massage). ' +
    'Empty text gives an empty list.',
  request: {
    query: z.object({
      q: searchText('What the shopper has typed so far.', 'afternoon'),
      location: z
        .string()
        .max(60)
        .regex(SLUG, 'Must be a location slug.')
        .optional()
        .openapi({ description: 'The shopper\'s location: category and deal suggestions (and term links) are for it; all or absent: every location.', example: 'glasgow' }),
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(MAX_SUGGEST_LIMIT)
        .default(SUGGEST_LIMIT)
        .openapi({ description: `Most suggestions returned (default ${SUGGEST_LIMIT}, at most ${MAX_SUGGEST_LIMIT}).`, type: 'integer', example: 8 }),
    }),
  },
  responses: { 200: jsonContent(SuggestResponseSchema, 'Suggestions, best first.'), ...commonErrors(), ...notFoundContent('No such location.') },
});
