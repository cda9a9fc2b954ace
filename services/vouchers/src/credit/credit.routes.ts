import { commonErrors, createRoute, jsonContent, notFoundContent, problemContent } from '@shop/platform';
import { CreditAnswerSchema, CreditBodySchema } from '../contract.ts';

export const postCredit = createRoute({
  method: 'post',
  path: '/voucher/credit',
  operationId: 'exchangeVoucherForCredit',
  tags: ['Refunds'],
  summary: 'A shopper exchanges an unused, unexpired voucher for wallet credit towards another deal (spec §3 Credit Requested → Request Processed)',
  description:
    'Ready to Redeem → Credit Requested (the shopper) → Request Processed (the system) with the wallet credit of what the voucher was paid, in one transaction: ' +
    'the offer after the 14-day refund window, when money back is no longer possible. The credit goes to the refundable bucket, usable in full on any deal. ' +
    'Once per voucher: a second request is a 409. Another customer\'s voucher is a 404 like an unknown id.',
  request: { body: { required: true, description: 'The voucher and its holder.', content: { 'application/json': { schema: CreditBodySchema } } } },
  responses: {
    201: jsonContent(CreditAnswerSchema, 'Exchanged: the credit given and the voucher (Request Processed).'),
    409: problemContent('VOUCHER_NOT_EXCHANGEABLE: used, refunded, exchanged, cancelled or past its date; the detail says which.'),
    ...commonErrors({ 400: 'Bad input: errors[] names each invalid field.' }),
    ...notFoundContent('No such voucher of this customer.'),
  },
});
