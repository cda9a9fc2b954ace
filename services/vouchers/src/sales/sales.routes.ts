import { commonErrors, createRoute, jsonContent } from '@shop/platform';
import { SALES_MAX_DAYS, SalesAnswerSchema, SalesBodySchema } from './sales.contract.ts';

const errors = commonErrors({ 400: 'Bad input: errors[] names each invalid field with its message (dealIds, from, to).' });

export const postSales = createRoute({
  method: 'post',
  path: '/sales',
  operationId: 'getSales',
  tags: ['Sales'],
  summary: "A merchant's units sold, redeemed, refunded and expired, per option and London day",
  description:
    `For the merchant's own deals (dealIds) over London days from..to (both included, at most ${SALES_MAX_DAYS}): per deal and option (deal_product_id) and per day, ` +
    'the vouchers sold (by the day they were paid; cancelled at settlement left out) with what they were paid in pence, redeemed (redemptions that stand, on the day they were made: an undone one does not count), ' +
    'refunded (moved to Refunded) and expired (moved to Expired), with the totals and every day of the period for all options together. ' +
    'Two grouped queries; a deal not in dealIds never counts.',
  request: { body: { required: true, description: 'The deals and the period.', content: { 'application/json': { schema: SalesBodySchema } } } },
  responses: { 200: jsonContent(SalesAnswerSchema, 'The figures.'), ...errors },
});
