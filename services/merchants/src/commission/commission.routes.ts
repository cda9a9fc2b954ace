import { z } from '@hono/zod-openapi';
import { commonErrors, createRoute, jsonContent, notFoundContent } from '@shop/platform';
import { BusinessIdParam, CommissionRatesSchema, DealIdParam, SetDealCommissionSchema } from './commission.contract.ts';

const errors = commonErrors({ 400: 'VALIDATION_FAILED naming the field.' });

export const getCommission = createRoute({
  method: 'get',
  path: '/businesses/{id}/commission',
  operationId: 'businessCommission',
  tags: ['Businesses'],
  summary: "A business's commission rates: its own and its deals' (payout statements)",
  description:
    "The shop's commission on the business's vouchers: defaultBp (business.commission_bp) and the deals of the business that have a rate of their own. " +
    'The gateway asks it for a business the viewer is a member of (or staff), to compute payout statements. 404 for an unknown or malformed id.',
  request: { params: z.object({ id: BusinessIdParam }) },
  responses: { 200: jsonContent(CommissionRatesSchema, 'The rates.'), ...errors, ...notFoundContent('NOT_FOUND: no such business.') },
});

export const putDealCommission = createRoute({
  method: 'put',
  path: '/businesses/{id}/deals/{dealId}/commission',
  operationId: 'setDealCommission',
  tags: ['Businesses'],
  summary: "Staff set (or remove) one deal's own commission rate",
  description:
    "A deal's own rate wins over the business's in payout statements from then on (statements are computed when asked for, so a changed rate re-prices the periods not yet paid). " +
    'commissionBp null removes it. The deal must be one of the business\'s deals: otherwise the same 404 as an unknown business.',
  request: {
    params: z.object({ id: BusinessIdParam, dealId: DealIdParam }),
    body: { required: true, description: 'The rate and who sets it.', content: { 'application/json': { schema: SetDealCommissionSchema } } },
  },
  responses: { 200: jsonContent(CommissionRatesSchema, "The business's rates now."), ...errors, ...notFoundContent('NOT_FOUND: no such business, or not its deal.') },
});
