import { commonErrors, createRoute, jsonContent, notFoundContent } from '@shop/platform';
import { z } from '@hono/zod-openapi';
import { GuideSchema } from '../contract.ts';

import { GUIDE_SLUG, GUIDE_SLUG_MAX } from './guides.store.ts';

export const GuideParams = z.object({
  slug: z
    .string()
    .max(GUIDE_SLUG_MAX, `At most ${GUIDE_SLUG_MAX} characters.`)
    .regex(GUIDE_SLUG, "Must be a guide slug: lower-case words joined by hyphens, segments joined by '/' (at most 5).")
    .openapi({
      param: { name: 'slug', in: 'path' },
      description: "The guide slug; may hold several segments (/guides/affiliate/student-deals), sent as they are or with '/' encoded as %2F.",
      example: 'best-afternoon-tea-glasgow',
    }),
});

/**
 * Documented here; served by a router pattern that takes the rest of the path (see the handler),
 * because an OpenAPI path parameter is one segment.
 */
export const getGuide = createRoute({
  method: 'get',
  path: '/guides/{slug}',
  operationId: 'getGuide',
  tags: ['Guides'],
  summary: 'A guide page by slug (slugs may have several segments)',
  description:
    "The guide page of spec §3: display name, description, texts, the deals feed for the search service to run, the listicle deals that are live (in listicle order) and the listicle flag. A moved guide carries redirectUrl, which the page answers with a 301. 404 for an unknown guide.",
  request: { params: GuideParams },
  responses: { 200: jsonContent(GuideSchema, 'The guide.'), ...commonErrors(), ...notFoundContent() },
});
