import { commonErrors, createRoute, notFoundContent } from '@shop/platform';
import { z } from '@hono/zod-openapi';
import { PrintBodySchema } from '../contract.ts';

export const postPrintVoucher = createRoute({
  method: 'post',
  path: '/deal/print-voucher',
  operationId: 'printVoucher',
  tags: ['Vouchers'],
  summary: 'The printable voucher, a PDF (spec §7 /deal/print-voucher)',
  description:
    "An A4 PDF of one voucher of its holder: the code, the deal and merchant, how to redeem, the terms, the expiry and a QR code of the voucher's signed " +
    'redemption link (never the bare code). The deal words come from the caller (the gateway reads them from the deals service). Another customer\'s voucher is a 404, like an unknown id.',
  request: { body: { required: true, description: 'The voucher, its holder and the deal words.', content: { 'application/json': { schema: PrintBodySchema } } } },
  responses: {
    200: { description: 'The PDF.', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } },
    ...commonErrors({ 400: 'Bad input: errors[] names each invalid field with its message.' }),
    ...notFoundContent('No such voucher of this customer.'),
  },
});
