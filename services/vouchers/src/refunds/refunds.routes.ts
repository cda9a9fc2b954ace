import { commonErrors, createRoute, jsonContent, notFoundContent, problemContent } from '@shop/platform';
import { RefundAnswerSchema, RefundBodySchema } from '../contract.ts';

export const postRefund = createRoute({
  method: 'post',
  path: '/voucher/pmv/refund',
  operationId: 'refundVoucher',
  tags: ['Refunds'],
  summary: 'A shopper refunds an unredeemed voucher within 14 days (spec §7 voucher/pmv/refund, §9)',
  description:
    'Ready to Redeem → Refunded with the refund record in one transaction, until the end of day 14 (London) after the purchase. What the voucher was paid goes back: ' +
    'to the payment method (destination original: the card part to the provider, the wallet part to the wallet), or all of it as wallet credit with the shopper\'s consent. ' +
    'The same idempotency key answers the same refund again (200); a new refund is 201. Another customer\'s voucher is a 404 like an unknown id.',
  request: { body: { required: true, description: 'The voucher, its holder, where the money goes, and the key.', content: { 'application/json': { schema: RefundBodySchema } } } },
  responses: {
    201: jsonContent(RefundAnswerSchema, 'Refunded: the refund (requested until the provider confirms the card part) and the voucher.'),
    200: jsonContent(RefundAnswerSchema, 'This key had made this refund already: the same answer.'),
    409: problemContent('VOUCHER_NOT_REFUNDABLE (not Ready to Redeem) or REFUND_WINDOW_CLOSED (past day 14): the detail says which.'),
    422: problemContent('IDEMPOTENCY_CONFLICT: the key was used for another refund.'),
    ...commonErrors({ 400: 'Bad input: errors[] names each invalid field (walletConsent: WALLET_CONSENT_REQUIRED).' }),
    ...notFoundContent('No such voucher of this customer.'),
  },
});
