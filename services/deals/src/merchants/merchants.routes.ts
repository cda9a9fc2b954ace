import { commonErrors, createRoute, jsonContent, notFoundContent } from '@shop/platform';
import { z } from '@hono/zod-openapi';
import { MerchantSchema, MerchantsResponseSchema } from '../contract.ts';
import { IdList, MAX_BATCH_IDS, NumericId } from '../lib/http.ts';

export const getMerchant = createRoute({
  method: 'get',
  path: '/merchants/{merchantId}',
  operationId: 'getMerchant',
  tags: ['Merchants'],
  summary: 'A merchant by its numeric id (the business field of its deals)',
  description: 'A merchant by its numeric id: the same object deals embed as their business.',
  request: { params: z.object({ merchantId: NumericId('merchantId', 'merchant', '7') }) },
  responses: { 200: jsonContent(MerchantSchema, 'The merchant.'), ...commonErrors(), ...notFoundContent() },
});

export const getMerchantsByIds = createRoute({
  method: 'get',
  path: '/merchants',
  operationId: 'getMerchantsByIds',
  tags: ['Merchants'],
  summary: `Merchants by id, for batching (at most ${MAX_BATCH_IDS}); returns the ones found, in any order`,
  description: `Merchants by id, for batching (at most ${MAX_BATCH_IDS}); returns the ones found, in any order. Unknown ids are left out.`,
  request: { query: z.object({ ids: IdList('merchant') }) },
  responses: { 200: jsonContent(MerchantsResponseSchema, 'The merchants found.'), ...commonErrors() },
});
