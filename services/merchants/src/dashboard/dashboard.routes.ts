import { z } from '@hono/zod-openapi';
import { MERCHANT_MESSAGES } from '@shop/domain/merchants';
import { commonErrors, createRoute, jsonContent } from '@shop/platform';
import { DashboardUrlSchema } from '../contract.ts';

export const dashboardUrl = createRoute({
  method: 'get',
  path: '/merchant-dashboard-url',
  operationId: 'merchantDashboardUrl',
  tags: ['Dashboard'],
  summary: "The merchant dashboard's URL for a merchant type",
  description: 'Spec §7 GET /merchant-dashboard-url?merchantType=: the dashboard page (/insights, page type dashboard) for local, shop and travel merchants.',
  request: {
    query: z.object({
      // A string, checked by the handler, so that anything else is a 400 naming merchantType in plain words.
      merchantType: z.string({ error: MERCHANT_MESSAGES.merchantType }).max(1000).openapi({ param: { name: 'merchantType', in: 'query' }, description: 'local, shop or travel.', example: 'travel' }),
    }),
  },
  responses: { 200: jsonContent(DashboardUrlSchema, 'The URL.'), ...commonErrors({ 400: 'VALIDATION_FAILED naming merchantType: "merchantType must be local, shop or travel".' }) },
});
