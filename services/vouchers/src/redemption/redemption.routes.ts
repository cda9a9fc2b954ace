import { commonErrors, createRoute, jsonContent, notFoundContent, problemContent } from '@shop/platform';
import { RedeemBodySchema, VoucherSchema } from '../contract.ts';

export const postRedemption = createRoute({
  method: 'post',
  path: '/redemptions',
  operationId: 'redeemVoucher',
  tags: ['Redemption'],
  summary: 'A merchant redeems a voucher by its code',
  description:
    "For the merchant's own deals (dealIds): Ready to Redeem (still valid) or Booked → Redeemed, in one conditional update with its event, " +
    'so a code redeems at most once however many tills try at the same moment (reliability M9). A code that is unknown or of another ' +
    "merchant's deal is a 404, the same answer; a voucher already used, refunded, cancelled or expired is a 409 VOUCHER_NOT_REDEEMABLE whose detail says which.",
  request: { body: { required: true, description: 'The code and the merchant.', content: { 'application/json': { schema: RedeemBodySchema } } } },
  responses: {
    200: jsonContent(VoucherSchema, 'Redeemed: the voucher as it now is.'),
    409: problemContent('VOUCHER_NOT_REDEEMABLE: the voucher is not in a status that can be redeemed (detail says which).'),
    ...commonErrors({ 400: 'Bad input: errors[] names each invalid field with its message.' }),
    ...notFoundContent('No such code among these deals.'),
  },
});
