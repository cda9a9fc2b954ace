/**
 * Reconcile: the route table. Settling pending orders with their providers now.
 * The handlers (reconcile.handlers.ts) are typed by it: an answer of another shape or an
 * undocumented status fails the typecheck.
 */
import { createRoute, jsonContent } from '@shop/platform';
import { ReconcileReportSchema } from '../contract.ts';
import { errors } from '../lib/http.ts';

export const reconcile = createRoute({
  method: 'post',
  path: '/checkout/reconcile',
  operationId: 'reconcile',
  tags: ['Orders'],
  summary: 'Reconcile pending orders with their providers now',
  description:
    "What the shop runs every 30 s: each PENDING order is settled by our own record of its charge, else looked up at its provider by reference, and paid or failed. A capture whose order can no longer be fulfilled is voided or refunded (recorded) before the order fails. Never charges.",
  responses: { 200: jsonContent(ReconcileReportSchema, 'What the run did.'), ...errors },
});
