import { createRoute, commonErrors, jsonContent, notFoundContent } from '@shop/platform';
import { ExtensionQuerySchema, VoucherExtensionSchema } from './extension.contract.ts';

export const getExtension = createRoute({
  method: 'get',
  path: '/voucher/vve',
  operationId: 'getVoucherExtension',
  tags: ['Vouchers'],
  summary: 'What validity extension a voucher can still get (spec §7 voucher/vve, §9 up to 3 months)',
  description:
    'The months already added, the months left of the 3 in all, and each option (1 to the months left) with its price and the new expiry; or why it cannot be extended. ' +
    "Paid through the checkout's POST /order-addon with this voucher's id. Another customer's voucher is a 404 like an unknown id.",
  request: { query: ExtensionQuerySchema },
  responses: {
    200: jsonContent(VoucherExtensionSchema, 'The extension it can get, or why not.'),
    ...commonErrors({ 400: 'Bad input: errors[] names each invalid field.' }),
    ...notFoundContent('No such voucher of this customer.'),
  },
});
