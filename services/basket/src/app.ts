/**
 * The basket service (README.md is the contract): baskets by token or customer, lines with the
 * spec §4 merge rules and gifting transitions, add-ons, the VIP status, and the guest basket's
 * merge on login. The shop mounts it under /api/basket; the gateway calls `app.fetch` on paths
 * without that prefix.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { createServiceApp, requireJsonBody } from '@shop/platform';
import type { Kysely } from 'kysely';
import { registerAddonRoutes } from './addons/addons.handlers.ts';
import { registerBasketRoutes } from './baskets/baskets.handlers.ts';
import type { BasketDb } from './db/database.ts';
import type { BasketDeps } from './lib/deps.ts';
import { registerLineRoutes } from './lines/lines.handlers.ts';
import type { ProductCheck } from './lines/product-check.ts';

export { basketJson } from './baskets/change.ts';

export const BASKET_BASE_PATH = '/api/basket';

export interface BasketAppOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop passes its one schema-agnostic handle
  db: BasketDb | Kysely<any>;
  /** Callers must send it in x-service-token (everything but the docs). */
  serviceToken: string;
  /** Public path the app is mounted at (OpenAPI servers, Location headers); default /api/basket. */
  basePath?: string;
  /**
   * The catalogue check of new and changed lines (lines/product-check.ts); the shop wires the
   * deals service's stockView. Without it lines are kept as given: the checkout still prices and
   * holds them from the catalogue.
   */
  productCheck?: ProductCheck;
  /** apply-vip-discount's catalogue read (BasketDeps.vipEquivalents); the shop wires the deals service's vipEquivalents. */
  vipEquivalents?: BasketDeps['vipEquivalents'];
  now?: () => Date;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

export function createBasketApp(options: BasketAppOptions): OpenAPIHono {
  const deps: BasketDeps = {
    db: options.db as BasketDb,
    now: options.now ?? (() => new Date()),
    basePath: options.basePath ?? BASKET_BASE_PATH,
    productCheck: options.productCheck ?? null,
    ...(options.vipEquivalents ? { vipEquivalents: options.vipEquivalents } : {}),
  };
  const app = createServiceApp({
    // A validation 400 says the domain's words (the gateway may show them).
    fieldNaming: { detail: ERROR_MESSAGES.VALIDATION_FAILED },
    title: 'Basket service',
    version: '1.0.0',
    description:
      'Baskets by token or customer, lines with the spec §4 merge rules and gifting transitions, the VVE add-on, the VIP status and the guest basket merge on login (spec §3, §4, §5, §7 "Basket and checkout"). ' +
      'It does not price lines or take stock: the checkout does. A basket of a customer is answered only with their customerToken.',
    serviceToken: options.serviceToken,
    basePath: deps.basePath,
    tags: [
      { name: 'Basket', description: 'Baskets: create, read, replace, merge.' },
      { name: 'Lines', description: 'Deal options in a basket, their quantity and gifting.' },
      { name: 'Add-ons', description: 'The VIP add-on (VVE).' },
    ],
    ...(options.log ? { log: options.log } : {}),
  });
  app.use('*', requireJsonBody({ detail: ERROR_MESSAGES.VALIDATION_FAILED }));
  registerBasketRoutes(app, deps);
  registerLineRoutes(app, deps);
  registerAddonRoutes(app, deps);
  return app;
}
