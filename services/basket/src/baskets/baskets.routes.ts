/** The basket routes: create, read, replace and merge a basket, its VIP status, the guest merge. */
import { z } from '@hono/zod-openapi';
import { createRoute, jsonContent, problemContent } from '@shop/platform';
import { ApplyVipDiscountSchema, BasketListSchema, BasketSchema, CreateBasketBodySchema, MergeBodySchema, ReplaceBasketBodySchema, VipStatusBodySchema, customerTokenSchema } from '../contract.ts';
import { basketErrors, body, ownerQuery, stockErrors, tokenParam, TOKEN_EXAMPLE } from '../lib/http.ts';

const giftPacksQuery = {
  giftPacks: z.enum(['true', 'false']).optional().openapi({ param: { name: 'giftPacks', in: 'query' }, description: 'true adds giftPacks (units per pack product).', example: 'true' }),
  timestamp: z.string().max(40).optional().openapi({ param: { name: 'timestamp', in: 'query' }, description: 'Ignored (the spec sends it to prevent caching).', example: '1700000000000' }),
};
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

export const applyVipDiscount = createRoute({
  method: 'post',
  path: '/basket/{token}/apply-vip-discount',
  operationId: 'applyVipDiscount',
  tags: ['Basket'],
  summary: 'Move a member’s lines to their VIP options',
  description:
    'Spec §7 subscription/apply-vip-discount. For a basket whose VIP status is ACTIVE (update-vip-status), each line of a public option that has a VIP-exclusive equivalent ' +
    '(the same deal’s enabled "VIP exclusive: <title>" option with the same terms at a fair VIP price, domain vipEquivalentOf) becomes that option, in one transaction with the usual line checks. ' +
    'moved lists what changed. 403 VIP_ONLY for any other basket. Idempotent: again, nothing more moves.',
  request: { params: tokenParam('token'), query: z.object(ownerQuery) },
  responses: { 200: jsonContent(ApplyVipDiscountSchema, 'The basket as saved and the lines moved.'), 403: problemContent('VIP_ONLY: the basket is not a VIP member’s (its VIP status is not ACTIVE).'), ...basketErrors, ...stockErrors },
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
