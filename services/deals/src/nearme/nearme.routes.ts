import { commonErrors, createRoute, jsonContent, notFoundContent } from '@shop/platform';
import { z } from '@hono/zod-openapi';
import { DEALS_PAGE_SIZE } from '@shop/domain';
import { NearMeAreaDealsResponseSchema, NearMeHubResponseSchema, NearMeLocationSchema } from '../contract.ts';
import { Slug } from '../lib/http.ts';
import { pageQuery } from '../lists/common.ts';

export const getNearMeHub = createRoute({
  method: 'get',
  path: '/nearmelocation',
  operationId: 'getNearMeHub',
  tags: ['Near me'],
  summary: 'The near-me hub: every location with near-me areas, and its areas with live-deal counts',
  description: 'Locations in display order (only those with areas), each with its areas in position order; every area counts the live deals of merchants within its radius.',
  responses: { 200: jsonContent(NearMeHubResponseSchema, 'The locations and their areas.'), ...commonErrors() },
});

export const getNearMeLocation = createRoute({
  method: 'get',
  path: '/nearmelocation/{location}',
  operationId: 'getNearMeLocation',
  tags: ['Near me'],
  summary: "One location's near-me areas with live-deal counts",
  description: "The location and its areas in position order (an empty list for a location without areas); 404 for an unknown location.",
  request: { params: z.object({ location: Slug('location', 'glasgow') }) },
  responses: { 200: jsonContent(NearMeLocationSchema, 'The location and its areas.'), ...commonErrors(), ...notFoundContent() },
});

export const getNearMeArea = createRoute({
  method: 'get',
  path: '/nearmelocation/area/{location}/{area}',
  operationId: 'getNearMeAreaDeals',
  tags: ['Near me'],
  summary: 'An area and the live deals of merchants within its radius, nearest first',
  description: "Live deals of the area's location whose merchant is within the radius of the area centre, nearest first (ties by deal id), with each deal's distance in `distances`. 404 for an unknown location or area.",
  request: {
    params: z.object({ location: Slug('location', 'glasgow'), area: Slug('area', 'west-end') }),
    query: z.object(pageQuery(DEALS_PAGE_SIZE)),
  },
  responses: { 200: jsonContent(NearMeAreaDealsResponseSchema, 'The area and one page of its deals.'), ...commonErrors(), ...notFoundContent() },
});
