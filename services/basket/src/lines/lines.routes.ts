/** The line routes: add, change and remove a deal option of a basket. */
import { z } from '@hono/zod-openapi';
import { createRoute, jsonContent } from '@shop/platform';
import { BasketSchema, LineInputSchema, PatchProductBodySchema } from '../contract.ts';
import { basketErrors, body, ownerQuery, stockErrors, tokenParam } from '../lib/http.ts';

const productIdParam = (name: 'productId') =>
  z.string().max(20).openapi({ param: { name, in: 'path' }, description: 'The deal product id of the line.', example: '2440914' });

export const addProduct = createRoute({
  method: 'post',
  path: '/basket/{token}/product',
  operationId: 'addBasketProduct',
  tags: ['Lines'],
  summary: 'Add a deal option',
  description: 'Spec §7 POST basket/{basketToken}/product, by the spec §4 merge rules: 201 when the line is new, 200 when an existing line was updated (or removed by quantity 0).',
  request: { params: tokenParam('token'), query: z.object(ownerQuery), body: body(LineInputSchema, 'The line.') },
  responses: { 201: jsonContent(BasketSchema, 'Added.'), 200: jsonContent(BasketSchema, 'Updated.'), ...basketErrors, ...stockErrors },
});

export const patchProduct = createRoute({
  method: 'patch',
  path: '/basket/{token}/product/{productId}',
  operationId: 'updateBasketProduct',
  tags: ['Lines'],
  summary: 'Change a line',
  description:
    'Spec §7 PATCH basket/{basketToken}/product/{id} with any of quantity, giftWrap, giftPack, gift, gifting, payDeposit, deliveryOptionType. ' +
    'Applied in that order: quantity (0 removes the line), the gifting transition of spec §4, the recipient, explicit gift units (clamped to 0..quantity, spec §5), the rest. 404 NOT_FOUND when the basket has no such line.',
  request: { params: tokenParam('token').extend({ productId: productIdParam('productId') }), query: z.object(ownerQuery), body: body(PatchProductBodySchema, 'The fields to change.') },
  responses: { 200: jsonContent(BasketSchema, 'The basket as saved.'), ...basketErrors, ...stockErrors },
});

export const deleteProduct = createRoute({
  method: 'delete',
  path: '/basket/{token}/product/{productId}',
  operationId: 'removeBasketProduct',
  tags: ['Lines'],
  summary: 'Remove a line',
  description: 'Spec §7 DELETE basket/{id}/product/{productId}: the line goes with its gift pack units, and the gift wrap quantity falls by its wrap units (spec §4). Idempotent.',
  request: { params: tokenParam('token').extend({ productId: productIdParam('productId') }), query: z.object(ownerQuery) },
  responses: { 200: jsonContent(BasketSchema, 'The basket as saved.'), ...basketErrors },
});

