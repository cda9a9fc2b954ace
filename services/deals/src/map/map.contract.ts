/**
 * The map view's REST contract (issue 19 point 4): the deals of a box, light enough that 200 of
 * them cost about what a page of full deals costs (a pin and a line of the list, no products).
 * The gateway's map client parses answers with it.
 */
import { z } from '@hono/zod-openapi';
import { MoneySchema } from '../contract.ts';

export const MapDealSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    url: z.string().openapi({ description: 'The deal page.', example: '/deals/glasgow/food-drink/afternoon-tea/1234/afternoon-tea-for-two.html' }),
    merchantName: z.string(),
    location: z.string().openapi({ description: 'Location slug.', example: 'glasgow' }),
    category: z.string().openapi({ description: 'Category name.', example: 'Food & Drink' }),
    price: MoneySchema.openapi({ description: 'The headline price (what a card shows).' }),
    discountPercentage: z.number().int().openapi({ description: 'The saving of the headline price, whole percent.' }),
    vipExclusive: z.boolean(),
    imageUrl: z.string().openapi({ description: 'The picture as a list thumbnail (240 px WebP).' }),
    imageAlt: z.string(),
    lat: z.number().openapi({ description: "The merchant's latitude.", example: 55.8595 }),
    lon: z.number().openapi({ description: "The merchant's longitude.", example: -4.2455 }),
  })
  .openapi('MapDeal');

export const MapDealsResponseSchema = z
  .object({
    bounds: z
      .object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() })
      .openapi({ description: 'The box answered, each edge to 3 decimals (rounded outwards).' }),
    zoom: z.number().nullable(),
    layout: z.enum(['desktop', 'mobile']),
    limit: z.number().int().openapi({ description: 'Deals this zoom and layout show at most (spec §9 deals per zoom).' }),
    more: z.boolean().openapi({ description: 'The box holds more live deals than the limit (zoom in to see them).' }),
    deals: z.array(MapDealSchema).openapi({ description: 'Live deals in the box, nearest its centre first (then by id), at most `limit`.' }),
  })
  .openapi('MapDeals');

export type MapDeal = z.infer<typeof MapDealSchema>;
export type MapDealsResponse = z.infer<typeof MapDealsResponseSchema>;
