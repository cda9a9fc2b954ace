import { z } from '@hono/zod-openapi';
import { commonErrors, createRoute, jsonContent } from '@shop/platform';

export const RunRemindersBodySchema = z
  .object({
    asOf: z
      .string()
      .datetime({ offset: true })
      .optional()
      .openapi({ description: 'Test shops only (createVouchersApp remindersAhead; elsewhere a 400 naming asOf): run as at this instant, from now to 400 days ahead, so the reminders due by then are sent now (the end-to-end journey cannot wait for a voucher to near its expiry). Default: now.' }),
  })
  .strict()
  .openapi('RunRemindersRequest');

export const RunRemindersAnswerSchema = z
  .object({ recorded: z.number().int().openapi({ description: 'Reminders newly due and recorded with their email.' }), sent: z.number().int().openapi({ description: 'Reminders handed to the mailer.' }) })
  .openapi('RunRemindersAnswer');

export const postRunReminders = createRoute({
  method: 'post',
  path: '/reminders/run',
  operationId: 'runExpiryReminders',
  tags: ['Reminders'],
  summary: 'Run the expiry reminders job now (operators)',
  description:
    'The job the shop runs every hour under its lease (remindExpiringVouchers): each voucher Ready to Redeem within 30, 7 or 1 days of its expiry gets that reminder once (the most urgent due), with links to extend it and, within 14 days of purchase, to refund it.',
  request: { body: { required: false, content: { 'application/json': { schema: RunRemindersBodySchema } } } },
  responses: { 200: jsonContent(RunRemindersAnswerSchema, 'What this run recorded and sent.'), ...commonErrors({ 400: 'Bad input: errors[] names asOf.' }) },
});
