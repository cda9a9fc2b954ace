import { z } from '@hono/zod-openapi';
import { commonErrors, createRoute, CustomerTokenSchema, jsonContent } from '@shop/platform';

export const RunExpiryBodySchema = z
  .object({
    asOf: z
      .string()
      .datetime({ offset: true })
      .optional()
      .openapi({ description: 'Test shops only (createVouchersApp remindersAhead; elsewhere a 400 naming asOf): run as at this instant, from now to 400 days ahead, so the vouchers due by then expire now (the end-to-end journey cannot wait months for a voucher to expire). Default: now.' }),
    customerToken: CustomerTokenSchema.optional().openapi({ description: "Only this customer's vouchers (default: every holder's, and guests')." }),
  })
  .strict()
  .openapi('RunExpiryRequest');

export const RunExpiryAnswerSchema = z.object({ expired: z.number().int().openapi({ description: 'Vouchers this run moved to Expired.' }) }).openapi('RunExpiryAnswer');

export const postRunExpiry = createRoute({
  method: 'post',
  path: '/expiry/run',
  operationId: 'runVoucherExpiry',
  tags: ['Vouchers'],
  summary: 'Run the voucher expiry job now (operators)',
  description:
    'The job the shop runs every 15 minutes under its lease (expireVouchers): vouchers Ready to Redeem or Booked whose validity has passed become Expired, each with its event, once.',
  request: { body: { required: false, content: { 'application/json': { schema: RunExpiryBodySchema } } } },
  responses: { 200: jsonContent(RunExpiryAnswerSchema, 'How many vouchers this run expired.'), ...commonErrors({ 400: 'Bad input: errors[] names asOf or customerToken.' }) },
});
