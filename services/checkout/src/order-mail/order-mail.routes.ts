import { z } from '@hono/zod-openapi';
import { createRoute, jsonContent } from '@shop/platform';
import { errors } from '../lib/http.ts';

const DeliverOrderMailBodySchema = z
  .object({
    asOf: z
      .string()
      .datetime({ offset: true })
      .optional()
      .openapi({ description: 'Test shops only (createCheckoutApp mailAhead; elsewhere a 400 naming asOf): run as at this instant, from now to 60 days ahead, so order mail held until then (a dated e-gift, issue 18 point 2) goes now. Default: now.' }),
  })
  .strict()
  .openapi('DeliverOrderMailRequest');

const DeliverOrderMailAnswerSchema = z.object({ sent: z.number().int().openapi({ description: 'Messages handed to the mailer by this run.' }) }).openapi('DeliverOrderMailAnswer');

export const deliverOrderMailRoute = createRoute({
  method: 'post',
  path: '/order-mail/deliver',
  operationId: 'deliverOrderMail',
  tags: ['Orders'],
  summary: 'Run the order mail sender now (operators)',
  description: 'The sender the shop runs under its lease: unsent order mail that is due (a dated e-gift from the start of its London day) is handed to the mailer, at least once.',
  request: { body: { required: false, content: { 'application/json': { schema: DeliverOrderMailBodySchema } } } },
  responses: { 200: jsonContent(DeliverOrderMailAnswerSchema, 'What this run sent.'), ...errors },
});
