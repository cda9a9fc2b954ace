import { z } from '@hono/zod-openapi';
import { commonErrors, createRoute, jsonContent, notFoundContent } from '@shop/platform';
import {
  AddonBodySchema,
  BasketListSchema,
  BasketSchema,
  CreateBasketBodySchema,
  LineInputSchema,
  MergeBodySchema,
  PatchProductBodySchema,
  ReplaceBasketBodySchema,
  VipStatusBodySchema,
  customerTokenSchema,
} from './contract.ts';
import { stockErrors } from './lib/http.ts';

const body = <T>(schema: T, description: string) => ({ required: true, description, content: { 'application/json': { schema } } });
const TOKEN_EXAMPLE = 'Zt1k8tqf3bXqVZp0m2c9Yw4hJ5sA7dE6rL1uN0oP2qW';

const tokenSchema = (name: string) =>
  z.string().max(1000).openapi({ param: { name, in: 'path' }, description: 'The basket token (more than 10 characters, spec §5).', example: TOKEN_EXAMPLE });
const tokenParams = {
  token: z.object({ token: tokenSchema('token') }),
  guestToken: z.object({ guestToken: tokenSchema('guestToken') }),
};
const tokenParam = <K extends keyof typeof tokenParams>(name: K): (typeof tokenParams)[K] => tokenParams[name];
const ownerQuery = {
  customerToken: customerTokenSchema.optional().openapi({
    param: { name: 'customerToken', in: 'query' },
    description: 'The signed-in shopper (from the session, never from client input). A basket that belongs to a customer is answered only with their token; otherwise 404 like an unknown token.',
  }),
};
const giftPacksQuery = {
  giftPacks: z.enum(['true', 'false']).optional().openapi({ param: { name: 'giftPacks', in: 'query' }, description: 'true adds giftPacks (units per pack product).', example: 'true' }),
  timestamp: z.string().max(40).optional().openapi({ param: { name: 'timestamp', in: 'query' }, description: 'Ignored (the spec sends it to prevent caching).', example: '1700000000000' }),
};
/** The answers every basket route can give (401, 413 and 500 in the platform's words). */
const basketErrors = {
  ...commonErrors({
    400: 'Bad input: errors[] names each invalid field (products.0.quantity, gift.email, customerToken…) with its message; an unknown key is named with "Unknown field.".',
  }),
  ...notFoundContent('BASKET_NOT_FOUND: no such basket, a merged one, one of another customer (the same answer), or a token of 10 characters or fewer (detail "No Basket Token").'),
};
const productIdParam = (name: 'productId') =>
  z.string().max(20).openapi({ param: { name, in: 'path' }, description: 'The deal product id of the line.', example: '2440914' });

export const createBasket = createRoute({
  method: 'post',
  path: '/basket',
  operationId: 'createBasket',
  tags: ['Basket'],
  summary: 'Create a basket',
  description:
    'Spec §7 POST basket. 201 with the basket; its token is the last segment of the Location header (and the id). ' +
    'With a customerToken whose customer already has an open basket, the products merge into that one (spec §4 rules) and the answer is 200 with its Location.',
  request: { query: z.object(ownerQuery), body: body(CreateBasketBodySchema, '{ brand, customerToken?, eligibleForVip?, products[] }.') },
  responses: {
    201: { ...jsonContent(BasketSchema, 'Created.'), headers: { Location: { description: '{basePath}/basket/{token}', schema: { type: 'string' as const } } } },
    200: { ...jsonContent(BasketSchema, 'The customer’s existing basket, with the products merged in.'), headers: { Location: { description: '{basePath}/basket/{token}', schema: { type: 'string' as const } } } },
    ...basketErrors,
    ...stockErrors,
  },
});

export const getBasketByToken = createRoute({
  method: 'get',
  path: '/basket/{token}',
  operationId: 'getBasket',
  tags: ['Basket'],
  summary: 'Read a basket by token',
  description: 'Spec §7 GET basket/{basketToken}?giftPacks=true.',
  request: { params: tokenParam('token'), query: z.object({ ...ownerQuery, ...giftPacksQuery }) },
  responses: { 200: jsonContent(BasketSchema, 'The basket.'), ...basketErrors },
});

export const getCustomerBaskets = createRoute({
  method: 'get',
  path: '/basket',
  operationId: 'getCustomerBasket',
  tags: ['Basket'],
  summary: 'Read the customer’s basket (or a basket by query)',
  description:
    'Spec §7 GET basket?customerToken=&giftPacks=true: an array whose first item is the basket; empty when the customer has none. ' +
    'With basketToken (spec §7 "a basket-lookup by query") the array holds that basket when the caller may see it (the same ownership rule as GET /basket/{token}), else it is empty. One of the two is required (400 naming customerToken).',
  request: {
    query: z.object({
      customerToken: customerTokenSchema.optional().openapi({ param: { name: 'customerToken', in: 'query' } }),
      basketToken: z.string().max(1000).optional().openapi({ param: { name: 'basketToken', in: 'query' }, description: 'A basket token.', example: TOKEN_EXAMPLE }),
      ...giftPacksQuery,
    }),
  },
  responses: { 200: jsonContent(BasketListSchema, 'The basket, in an array.'), ...basketErrors },
});

const basketBodyRoute = (method: 'put' | 'patch') =>
  createRoute({
    method,
    path: '/basket/{token}',
    operationId: method === 'put' ? 'replaceBasket' : 'updateBasket',
    tags: ['Basket'],
    summary: method === 'put' ? 'Replace the lines of a basket' : 'Merge lines into a basket',
    description:
      method === 'put'
        ? 'Spec §7 PUT basket/{id}: the products become the lines (zero-quantity entries are dropped).'
        : 'Spec §7 PATCH basket/{id}: spec §4 merge rules: zero quantity removes an existing line, existing lines are updated, new lines with quantity are added.',
    request: { params: tokenParam('token'), query: z.object(ownerQuery), body: body(ReplaceBasketBodySchema, '{ brand?, customerToken?, eligibleForVip?, id?, products[] }. customerToken, when sent, must be the basket’s own (a guest basket joins a customer by POST /basket/{guestToken}/merge).') },
    responses: { 200: jsonContent(BasketSchema, 'The basket as saved.'), ...basketErrors, ...stockErrors },
  });
export const replaceBasket = basketBodyRoute('put');
export const updateBasket = basketBodyRoute('patch');

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

export const addAddon = createRoute({
  method: 'post',
  path: '/basket/{token}/addon',
  operationId: 'addBasketAddon',
  tags: ['Add-ons'],
  summary: 'Add the VIP add-on (VVE)',
  description: 'Spec §7 POST basket/{id}/addon with { addonType: VVE, productId, quantity }; quantity 0 removes it. Add-ons start unticked: only this call adds one.',
  request: { params: tokenParam('token'), query: z.object(ownerQuery), body: body(AddonBodySchema, 'The add-on.') },
  responses: { 200: jsonContent(BasketSchema, 'The basket as saved.'), ...basketErrors },
});

export const updateVipStatus = createRoute({
  method: 'post',
  path: '/basket/{token}/update-vip-status',
  operationId: 'updateBasketVipStatus',
  tags: ['Basket'],
  summary: 'Record the shopper’s VIP status',
  description: 'Spec §7 update-vip-status { vipStatus }. eligibleForVip follows it: true for ACTIVE (VIP-exclusive options may be added), false for any other status.',
  request: { params: tokenParam('token'), query: z.object(ownerQuery), body: body(VipStatusBodySchema, '{ vipStatus }.') },
  responses: { 200: jsonContent(BasketSchema, 'The basket as saved.'), ...basketErrors },
});

export const mergeBasket = createRoute({
  method: 'post',
  path: '/basket/{guestToken}/merge',
  operationId: 'mergeGuestBasket',
  tags: ['Basket'],
  summary: 'Merge a guest basket into the customer’s on login',
  description:
    'Quantities of the same option add up within LINE_QUANTITY_MAX; the guest basket is emptied and closed (later reads of it are 404). ' +
    'With no basket of their own the guest basket becomes the customer’s. Idempotent: again with the same tokens answers the customer’s basket unchanged.',
  request: { params: tokenParam('guestToken'), body: body(MergeBodySchema, '{ customerToken }: the customer who just signed in.') },
  responses: { 200: jsonContent(BasketSchema, 'The customer’s basket.'), ...basketErrors },
});
