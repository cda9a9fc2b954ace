import { commonErrors, createRoute, jsonContent, notFoundContent } from '@shop/platform';
import { z } from '@hono/zod-openapi';
import { NAVIGATION_RANGE } from '@shop/domain';
import { CategoriesResponseSchema, LocationSchema, LocationsResponseSchema, NavigationResponseSchema } from '../contract.ts';
import { Slug } from '../lib/http.ts';

export const listLocations = createRoute({
  method: 'get',
  path: '/locations',
  operationId: 'listLocations',
  tags: ['Locations'],
  summary: 'Every location: the cities, then shop (national deals) and travel',
  description: 'Every location: the cities, then shop (national deals) and travel.',
  responses: { 200: jsonContent(LocationsResponseSchema, 'The locations in display order.'), ...commonErrors() },
});

export const getLocation = createRoute({
  method: 'get',
  path: '/locations/{slug}',
  operationId: 'getLocation',
  tags: ['Locations'],
  summary: 'A location by url slug (national-deal and shop are the same location)',
  description: 'A location by url slug (national-deal and shop are the same location).',
  request: { params: z.object({ slug: Slug('slug', 'glasgow') }) },
  responses: { 200: jsonContent(LocationSchema, 'The location.'), ...commonErrors(), ...notFoundContent() },
});

export const listCategories = createRoute({
  method: 'get',
  path: '/categories',
  operationId: 'listCategories',
  tags: ['Categories'],
  summary: 'Every category, flat; sub-categories carry their parentId',
  description: 'Every category, flat; sub-categories carry their parentId.',
  responses: { 200: jsonContent(CategoriesResponseSchema, 'All categories.'), ...commonErrors() },
});

export const NavigationQuery = z.object({
  range: z
    .string()
    .regex(/^\d{1,3}-\d{1,3}$/, 'Must be a range N-M, e.g. 1-30.')
    .refine((v) => {
      const [from, to] = v.split('-').map(Number) as [number, number];
      return from >= 1 && from <= to;
    }, 'The range must start at 1 or more and not end before it starts.')
    .default(NAVIGATION_RANGE)
    .openapi({ param: { name: 'range', in: 'query' }, example: NAVIGATION_RANGE, description: 'Positions N-M of the items to return (spec §9: 1-30).' }),
});

export const getNavigation = createRoute({
  method: 'get',
  path: '/navigation/{location}',
  operationId: 'getNavigation',
  tags: ['Navigation'],
  summary: "A location's category navigation: 'all' first, then categories with sub-navigations and counts",
  description: "A location's category navigation: 'all' first, then categories with sub-navigations and counts.",
  request: { params: z.object({ location: Slug('location', 'glasgow') }), query: NavigationQuery },
  responses: { 200: jsonContent(NavigationResponseSchema, 'Navigation items in position order.'), ...commonErrors(), ...notFoundContent() },
});
