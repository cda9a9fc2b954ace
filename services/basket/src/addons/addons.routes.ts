/** The add-on route: the VIP add-on (VVE) of a basket. */
import { z } from '@hono/zod-openapi';
import { createRoute, jsonContent } from '@shop/platform';
import { AddonBodySchema, BasketSchema } from '../contract.ts';
import { basketErrors, body, ownerQuery, tokenParam } from '../lib/http.ts';

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

