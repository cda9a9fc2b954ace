/**
 * Reconcile: the handlers of reconcile.routes.ts. Settling pending orders with their providers now.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { CheckoutDeps } from '../lib/deps.ts';
import { reconcilePendingOrders, type ReconcileOptions } from './reconcile.ts';
import * as routes from './reconcile.routes.ts';

export function registerReconcileRoutes(app: OpenAPIHono, deps: CheckoutDeps, reconcileOptions: ReconcileOptions = {}): void {
  app.openapi(
    routes.reconcile,
    async (c) => c.json(await reconcilePendingOrders(deps, reconcileOptions), 200),
  );
}
