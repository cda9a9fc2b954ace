/**
 * The merchants service (README.md is the contract; issue 17): businesses and their members,
 * merchant applications and their approval by staff, and the merchant dashboard URL. The shop
 * mounts it under /api/merchants.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { ERROR_MESSAGES } from '@shop/domain/error-codes';
import { createServiceApp, defaultLogger, logFunction, type Mailer } from '@shop/platform';
import type { Kysely } from 'kysely';
import { registerApplicationRoutes } from './applications/applications.handlers.ts';
import { registerBusinessRoutes } from './businesses/businesses.handlers.ts';
import { registerDashboardRoutes } from './dashboard/dashboard.handlers.ts';
import { registerCommissionRoutes } from './commission/commission.handlers.ts';
import type { MerchantsDb } from './db/database.ts';
import type { ApplicationLimits, MerchantsDeps } from './lib/deps.ts';
import { APPLICATION_LIMITS } from './applications/applications.handlers.ts';

export const MERCHANTS_BASE_PATH = '/api/merchants';

export interface MerchantsAppOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the shop passes its one schema-agnostic handle
  db: MerchantsDb | Kysely<any>;
  /** Callers must send it in x-service-token (everything but the docs). */
  serviceToken: string;
  mailer: Mailer;
  /** The shop's public origin, for the sign-in and registration links in the mail. */
  publicBaseUrl: string;
  /** Public path the app is mounted at, used in the OpenAPI servers (default /api/merchants). */
  basePath?: string;
  now?: () => Date;
  log?: (message: string, fields: Record<string, unknown>) => void;
  /** The "Become a merchant" form's limits (default APPLICATION_LIMITS: 10 an hour per client address, 3 per email). */
  applicationLimits?: ApplicationLimits;
}

export function createMerchantsApp(options: MerchantsAppOptions): OpenAPIHono {
  const log = options.log ?? logFunction(defaultLogger(), 'warn');
  const deps: MerchantsDeps = { db: options.db as MerchantsDb, mailer: options.mailer, publicBaseUrl: options.publicBaseUrl.replace(/\/+$/, ''), now: options.now ?? (() => new Date()), log, applicationLimits: options.applicationLimits ?? APPLICATION_LIMITS };
  const app = createServiceApp({
    fieldNaming: { detail: ERROR_MESSAGES.VALIDATION_FAILED },
    title: 'Merchants service',
    version: '1.0.0',
    description:
      'The businesses that sell on the shop and their members (users-service accounts), the "Become a merchant" applications and their approval by staff, ' +
      'and the merchant dashboard URL (spec §1, §6, §7; issue 17).',
    serviceToken: options.serviceToken,
    basePath: options.basePath ?? MERCHANTS_BASE_PATH,
    tags: [
      { name: 'Applications', description: '"Become a merchant" applications, and their approval or rejection by staff.' },
      { name: 'Businesses', description: 'The businesses an account is a member of (the merchant screens).' },
      { name: 'Dashboard', description: "The merchant dashboard's URL." },
    ],
    ...(options.log ? { log: options.log } : {}),
  });
  registerApplicationRoutes(app, deps);
  registerBusinessRoutes(app, deps);
  registerCommissionRoutes(app, deps);
  registerDashboardRoutes(app);
  return app;
}
