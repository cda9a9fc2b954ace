import { commonErrors, createRoute, jsonContent, notFoundContent } from '@shop/platform';
import { z } from '@hono/zod-openapi';

import { STATIC_PAGE_SLUG, STATIC_PAGE_SLUG_MAX, StaticPageSchema } from './staticpages.contract.ts';

const StaticPageSlug = z
  .string()
  .max(STATIC_PAGE_SLUG_MAX, `At most ${STATIC_PAGE_SLUG_MAX} characters.`)
  .regex(STATIC_PAGE_SLUG, 'Must be a lower-case page slug (letters, digits and hyphens, optionally ending in .html).')
  .openapi({ param: { name: 'slug', in: 'path' }, example: 'e-commerceterms' });

export const getStaticPage = createRoute({
  method: 'get',
  path: '/staticpage/{slug}',
  operationId: 'getStaticPage',
  tags: ['Content'],
  summary: 'A static page by slug (about us, terms, privacy, wallet and finance pages, …)',
  description:
    'A static page of spec §2 (/page/{slug}) or a content page (editorial-team, discountcodes): title, meta description and structured sections, each with the anchor id the page links to (e-commerceterms#vip). Sections are plain text, never HTML.',
  request: { params: z.object({ slug: StaticPageSlug }) },
  responses: { 200: jsonContent(StaticPageSchema, 'The page.'), ...commonErrors(), ...notFoundContent() },
});
