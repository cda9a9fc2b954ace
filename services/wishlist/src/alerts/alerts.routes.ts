import { z } from '@hono/zod-openapi';
import { commonErrors, createRoute, jsonContent, problemContent } from '@shop/platform';

export const AlertRunSchema = z
  .object({
    changes: z.number().int().openapi({ description: 'Changes found worth an email (a price drop of 5% or more, a deal back on sale).' }),
    alerts: z.number().int().openapi({ description: 'Alerts recorded: one per change and customer holding the deal.' }),
    sent: z.number().int().openapi({ description: 'Emails handed to the mailer this run.' }),
  })
  .openapi('WishlistAlertRun');

export const runAlerts = createRoute({
  method: 'post',
  path: '/alerts/run',
  operationId: 'runWishlistAlerts',
  tags: ['Wish list alerts'],
  summary: 'Runs the wish list alerts job now (operators and tests; the shop runs it every 15 minutes)',
  description:
    'Looks at every deal on a customer\'s list, records each change worth an email once per deal, customer and change, and sends what is not sent yet. ' +
    'Safe at any time and alongside the scheduled run: a change is found once and an alert is handed over with its own Message-ID. ' +
    '503 ALERTS_UNAVAILABLE when this service runs without the shop (the deals, users and mail it needs are the shop\'s).',
  responses: {
    200: jsonContent(AlertRunSchema, 'What the run did.'),
    ...commonErrors({ 400: 'Never: the route takes no input.' }),
    503: problemContent('The alerts job is not configured in this process (code ALERTS_UNAVAILABLE).'),
  },
});
