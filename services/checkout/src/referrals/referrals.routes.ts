import { z } from '@hono/zod-openapi';
import { createRoute, jsonContent } from '@shop/platform';
import { errors } from '../lib/http.ts';

const SettleReferralsBodySchema = z
  .object({
    asOf: z
      .string()
      .datetime({ offset: true })
      .optional()
      .openapi({ description: 'Test shops only (createCheckoutApp referralsAhead; elsewhere a 400 naming asOf): run as at this instant, from now to 60 days ahead, so the referrals due by then settle now (the end-to-end journey cannot wait out a 14-day refund window). Default: now.' }),
  })
  .strict()
  .openapi('SettleReferralsRequest');

const SettleReferralsAnswerSchema = z
  .object({ credited: z.number().int().openapi({ description: 'Referrals credited by this run.' }), voided: z.number().int().openapi({ description: 'Referrals void (order refunded).' }) })
  .openapi('SettleReferralsAnswer');

export const settleReferralsRoute = createRoute({
  method: 'post',
  path: '/referrals/settle',
  operationId: 'settleReferrals',
  tags: ['Orders'],
  summary: 'Run the referral settle job now (operators)',
  description: 'The job the shop runs every 15 minutes under its lease: pending referrals past their refund window are credited (£10 to each side) or void when the order was refunded, each once.',
  request: { body: { required: false, content: { 'application/json': { schema: SettleReferralsBodySchema } } } },
  responses: { 200: jsonContent(SettleReferralsAnswerSchema, 'What this run settled.'), ...errors },
});
