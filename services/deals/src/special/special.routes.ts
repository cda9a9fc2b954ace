import { commonErrors, createRoute, jsonContent, notFoundContent } from '@shop/platform';
import { z } from '@hono/zod-openapi';
import { DEALS_PAGE_SIZE } from '@shop/domain';
import { SpecialEventResponseSchema } from '../contract.ts';
import { Slug } from '../lib/http.ts';
import { pageQuery } from '../lists/common.ts';

export const getSpecialEvent = createRoute({
  method: 'get',
  path: '/special/{location}/{slug}',
  operationId: 'getSpecialEventDeals',
  tags: ['Special events'],
  summary: 'A special event page: the event and its live deals for a location',
  description:
    "The event (Black Friday, Christmas gifts, …) and its live deals in position order: the location's own deals and national (shop) deals, which are delivered everywhere. An event with no location applies to every location. 404 for an unknown location or event, an event of another location, or one that has not started or has ended.",
  request: {
    params: z.object({ location: Slug('location', 'glasgow'), slug: Slug('slug', 'black-friday') }),
    query: z.object(pageQuery(DEALS_PAGE_SIZE)),
  },
  responses: { 200: jsonContent(SpecialEventResponseSchema, 'The event and one page of its deals.'), ...commonErrors(), ...notFoundContent() },
});
