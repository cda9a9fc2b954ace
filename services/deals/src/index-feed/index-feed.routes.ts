import { commonErrors, createRoute, jsonContent } from '@shop/platform';
import { z } from '@hono/zod-openapi';

import { INDEX_FEED_MAX_LIMIT, IndexDealsResponseSchema } from './index-feed.contract.ts';

export const listIndexDeals = createRoute({
  method: 'get',
  path: '/index/deals',
  operationId: 'listIndexDeals',
  tags: ['Search index'],
  summary: 'Every deal, live or closed, as light search documents in id order',
  description:
    'The feed the search service indexes: one light document per deal (live or closed, with its closingDate), ordered by id. ' +
    'Start without `after`, then pass `nextAfter` until it is null.',
  request: {
    query: z.object({
      after: z.coerce
        .number()
        .int('Must be a whole deal id.')
        .min(0)
        .max(999_999_999)
        .optional()
        .openapi({ description: 'Only deals with an id greater than this (the previous page\'s nextAfter).', type: 'integer', example: 0 }),
      limit: z.coerce
        .number()
        .int('Must be a whole number.')
        .min(1)
        .max(INDEX_FEED_MAX_LIMIT)
        .default(500)
        .openapi({ description: `Documents per page (1 to ${INDEX_FEED_MAX_LIMIT}, default 500).`, type: 'integer', example: 500 }),
    }),
  },
  responses: { 200: jsonContent(IndexDealsResponseSchema, 'One page of the feed.'), ...commonErrors() },
});
