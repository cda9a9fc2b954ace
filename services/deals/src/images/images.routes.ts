import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { commonErrors, createRoute, notFoundContent, notFoundProblem, problemResponse } from '@shop/platform';

import type { DealsDeps } from '../lib/deps.ts';
import { findImage } from '../deals/deals.store.ts';

export const getImage = createRoute({
  method: 'get',
  path: '/images/{imageId}',
  operationId: 'getDealImage',
  tags: ['Images'],
  summary: 'A deal image (public, cached for a year)',
  description: 'A deal image (public, cached for a year).',
  security: [],
  request: {
    params: z.object({ imageId: z.string().regex(/^\d{1,9}$/, 'Must be a numeric image id.').openapi({ param: { name: 'imageId', in: 'path' }, example: '1' }) }),
  },
  responses: {
    200: { description: 'The image.', content: { 'image/svg+xml': { schema: z.string().openapi({ format: 'binary' }) } } },
    400: commonErrors()[400],
    ...notFoundContent(),
    500: commonErrors()[500],
  },
});

/** Public: registered before the service-token check. Images never change once written. */
export function registerImageRoutes(app: OpenAPIHono, deps: DealsDeps): void {
  app.openapi(getImage, async (c) => {
    const image = await findImage(deps.db, Number(c.req.valid('param').imageId));
    if (!image) return problemResponse(c, notFoundProblem('Sorry, we could not find that image.'));
    return c.body(image.body, 200, {
      'content-type': image.contentType,
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      // An SVG opened directly must not run scripts or load anything.
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    });
  });
}
