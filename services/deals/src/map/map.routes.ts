import { commonErrors, createRoute, jsonContent } from '@shop/platform';
import { z } from '@hono/zod-openapi';
import { MAP_MAX_ZOOM, MAP_MIN_ZOOM, MAP_PRICE_MAX_PENCE } from '@shop/domain';
import { MapDealsResponseSchema } from './map.contract.ts';

const coordinate = (name: string, min: number, max: number, example: number, description: string) =>
  z.coerce
    .number({ error: 'Must be a number of degrees.' })
    .min(min, `Must be at least ${min}.`)
    .max(max, `Must be at most ${max}.`)
    .openapi({ param: { name, in: 'query' }, type: 'number', example, description });

const pence = (name: string, description: string) =>
  z.coerce
    .number({ error: 'Must be a whole number of pence.' })
    .int('Must be a whole number of pence.')
    .min(0, 'Must be 0 or more.')
    .max(MAP_PRICE_MAX_PENCE, `Must be at most ${MAP_PRICE_MAX_PENCE}.`)
    .optional()
    .openapi({ param: { name, in: 'query' }, type: 'integer', description });

export const getMapDeals = createRoute({
  method: 'get',
  path: '/map/deals',
  operationId: 'getMapDeals',
  tags: ['Map'],
  summary: 'The live deals of a map view: those in a box, nearest its centre first',
  description:
    "Live deals whose merchant lies in the box (national shop deals have no place on the map), nearest the box's centre first (then by id), at most the spec §9 figure for the zoom and layout (desktop 200 up to 11.5, 150 for 12 to 13.5, 80 from 14; mobile 100 up to 9.5, 80 for 10 to 11.5, 40 from 12; 200 / 80 without a zoom). Edges are taken to 3 decimals, rounded outwards. Prices filter the headline price, in pence. A box whose west is not below its east, or south not below north, is a 400 naming `east` or `north`.",
  request: {
    query: z.object({
      west: coordinate('west', -180, 180, -4.45, 'Western edge (longitude).'),
      south: coordinate('south', -90, 90, 55.78, 'Southern edge (latitude).'),
      east: coordinate('east', -180, 180, -4.07, 'Eastern edge (longitude).'),
      north: coordinate('north', -90, 90, 55.94, 'Northern edge (latitude).'),
      zoom: z.coerce
        .number({ error: 'Must be a number.' })
        .min(MAP_MIN_ZOOM, `Must be at least ${MAP_MIN_ZOOM}.`)
        .max(MAP_MAX_ZOOM, `Must be at most ${MAP_MAX_ZOOM}.`)
        .optional()
        .openapi({ param: { name: 'zoom', in: 'query' }, type: 'number', example: 11, description: `The map's zoom, ${MAP_MIN_ZOOM} to ${MAP_MAX_ZOOM}; decides how many deals.` }),
      layout: z
        .enum(['desktop', 'mobile'], { error: "Must be 'desktop' or 'mobile'." })
        .default('desktop')
        .openapi({ param: { name: 'layout', in: 'query' }, description: 'The mobile map shows fewer deals (spec §9).' }),
      minPrice: pence('minPrice', 'Lowest headline price, pence.'),
      maxPrice: pence('maxPrice', 'Highest headline price, pence.'),
    }),
  },
  responses: { 200: jsonContent(MapDealsResponseSchema, 'The deals of the box.'), ...commonErrors() },
});
