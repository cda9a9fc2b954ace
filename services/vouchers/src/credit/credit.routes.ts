import { commonErrors, createRoute, jsonContent, notFoundContent, problemContent } from '@shop/platform';
import { CreditAnswerSchema, CreditBodySchema, ExpiredCreditAnswerSchema } from '../contract.ts';

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

export const postExpiredCredit = createRoute({
  method: 'post',
  path: '/voucher/expired-credit',
  operationId: 'takeExpiredVoucherCredit',
  tags: ['Refunds'],
  summary: "A shopper takes an expired voucher's paid value as wallet credit valid 14 days (spec §9; Expired → Request Processed)",
  description:
    'What the voucher was paid becomes wallet credit that expires at the end of day 14 (London) after it is given (`validUntil`), in one transaction with the move Expired → Request Processed. ' +
    'A voucher past its date that the expiry job has not reached yet is expired first, as the job would. Once per voucher: a second request is a 409. ' +
    "Another customer's voucher is a 404 like an unknown id.",
  request: { body: { required: true, description: 'The voucher and its holder.', content: { 'application/json': { schema: CreditBodySchema } } } },
  responses: {
    201: jsonContent(ExpiredCreditAnswerSchema, 'Taken: the credit given, until when it is valid, and the voucher (Request Processed).'),
    409: problemContent('VOUCHER_NOT_EXPIRED: the voucher is not Expired (still valid, used, refunded, already taken as credit); the detail says its status. GIFT_RECEIVED_NOT_REFUNDABLE: a gift received.'),
    ...commonErrors({ 400: 'Bad input: errors[] names each invalid field.' }),
    ...notFoundContent('No such voucher of this customer.'),
  },
});
