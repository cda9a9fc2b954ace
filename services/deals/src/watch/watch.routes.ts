/**
 * Watching deals (issue 19 point 2, the wish list alerts): the headline price and availability
 * of deals by id (the REST face of dealWatchStates, for a wishlist service in its own process),
 * and the operators' change of one option's price (its deal's headline follows by the trigger),
 * the way staff tools and the browser journeys move a price.
 */
import { z } from '@hono/zod-openapi';
import { commonErrors, createRoute, jsonContent, notFoundContent } from '@shop/platform';
import { IdList, NumericId } from '../lib/http.ts';

export const DealWatchStateSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    path: z.string().openapi({ description: "The deal page's path.", example: '/deals/glasgow/restaurants/42/afternoon-tea-for-two.html' }),
    headlinePricePence: z.number().int().openapi({ description: 'The price a card shows (postage it cannot avoid included), pence.' }),
    currency: z.string().openapi({ example: 'GBP' }),
    available: z.boolean().openapi({ description: 'Open (no closing date or one still ahead) with at least one enabled option not sold out.' }),
  })
  .openapi('DealWatchState');

export const DealWatchStatesSchema = z.object({ deals: z.array(DealWatchStateSchema) }).openapi('DealWatchStates');

export const getDealWatchStates = createRoute({
  method: 'get',
  path: '/deal-watch',
  operationId: 'getDealWatchStates',
  tags: ['Deals'],
  summary: 'Headline price and availability of deals by id (at most 100), for watchers such as the wish list alerts',
  description: 'The ones found, in any order; an id that is no deal is left out.',
  request: { query: z.object({ ids: IdList('deal') }) },
  responses: { 200: jsonContent(DealWatchStatesSchema, 'The deals found.'), ...commonErrors() },
});

export const ProductPriceSchema = z
  .strictObject({
    pricePence: z
      .number({ error: 'Give the price in pence, a whole number.' })
      .int({ error: 'Give the price in pence, a whole number.' })
      .min(0, { error: 'The price cannot be negative.' })
      .max(10_000_000, { error: 'The price can be at most £100,000.' }),
  })
  .openapi('ProductPrice');

export const ProductPriceChangedSchema = z
  .object({ dealId: z.number().int(), productId: z.number().int(), pricePence: z.number().int(), headlinePricePence: z.number().int() })
  .openapi('ProductPriceChanged');

export const putProductPrice = createRoute({
  method: 'put',
  path: '/deal/{dealId}/products/{productId}/price',
  operationId: 'setProductPrice',
  tags: ['Deals'],
  summary: "Changes one option's price (operators and tests); the deal's headline price follows",
  description:
    'The option keeps its original price unless the new price is above it (then the original is raised to the price: no negative saving). ' +
    '404 when the deal has no such option. Wish list alerts see the new headline on their next run.',
  request: {
    params: z.object({ dealId: NumericId('dealId', 'deal', '42'), productId: NumericId('productId', 'option', '4201') }),
    body: { required: true, description: '{ pricePence }', content: { 'application/json': { schema: ProductPriceSchema } } },
  },
  responses: { 200: jsonContent(ProductPriceChangedSchema, 'The new price and the deal’s headline now.'), ...commonErrors(), ...notFoundContent('No such option of that deal.') },
});
