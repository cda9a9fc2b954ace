/**
 * Test harness: the sandboxes served over real HTTP on 127.0.0.1 (a random port), the payment
 * schema migrated on the database of the matrix, and createPayments wired to the sandboxes.
 */
import { Hono } from 'hono';
import { serveOnLoopback, type Database, type LoopbackServer } from '@shop/platform';
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import { migratePayment } from '../db/database.ts';
import { createPayments, type Payments, type PaymentsOptions } from '../payments.ts';
import type { BraintreeSandbox } from '../sandbox/braintree/app.ts';
import type { ClearpaySandbox } from '../sandbox/clearpay/app.ts';
import { createSandboxes, sandboxProviders, SANDBOX_PATHS } from '../sandbox/index.ts';
import type { KlarnaSandbox } from '../sandbox/klarna/app.ts';
import type { ChargeRequest } from '../contract.ts';

export interface Sandboxes {
  server: LoopbackServer;
  origin: string;
  braintree: BraintreeSandbox;
  klarna: KlarnaSandbox;
  clearpay: ClearpaySandbox;
  close(): Promise<void>;
}

/** The sandboxes mounted as the shop mounts them, under /sandbox/<provider>, served on loopback. */
export const MERCHANT_KEY = 'test-merchant-key';

export async function serveSandboxes(options: { faults?: boolean; allowedOrigins?: string[] } = {}): Promise<Sandboxes> {
  const sandboxes = createSandboxes({ faults: options.faults ?? true, allowedOrigins: options.allowedOrigins, clearpayPendingMs: 300, merchantKey: MERCHANT_KEY });
  const shop = new Hono();
  shop.route(SANDBOX_PATHS.braintree, sandboxes.braintree.app);
  shop.route(SANDBOX_PATHS.klarna, sandboxes.klarna.app);
  shop.route(SANDBOX_PATHS.clearpay, sandboxes.clearpay.app);
  const server = await serveOnLoopback(shop.fetch, 0);
  return { server, origin: `http://127.0.0.1:${server.port}`, ...sandboxes, close: () => server.close() };
}

export interface PaymentsFixture {
  database: Database;
  sandboxes: Sandboxes;
  payments: Payments;
  logged: Array<{ message: string; fields: Record<string, unknown> }>;
  make(options?: Partial<PaymentsOptions>): Payments;
  close(): Promise<void>;
}

export async function paymentsFixture(open: OpenTestDatabase, options: Partial<PaymentsOptions> = {}): Promise<PaymentsFixture> {
  const database = await open();
  await migratePayment(database.db);
  const sandboxes = await serveSandboxes();
  const logged: PaymentsFixture['logged'] = [];
  const log = (message: string, fields: Record<string, unknown>) => void logged.push({ message, fields });
  const make = (extra: Partial<PaymentsOptions> = {}) =>
    createPayments({
      db: database.db,
      providers: sandboxProviders(sandboxes.origin, { log, merchantKey: MERCHANT_KEY }),
      timeoutMs: 500,
      log,
      ...options,
      ...extra,
    });
  return {
    database,
    sandboxes,
    payments: make(),
    logged,
    make,
    async close() {
      await sandboxes.close();
      await database.close();
    },
  };
}

let counter = 0;
/** A charge request with a fresh key and order reference. */
export function chargeRequest(overrides: Partial<ChargeRequest> = {}): ChargeRequest {
  counter += 1;
  const id = `${Date.now().toString(36)}-${process.pid}-${counter}`;
  return {
    idempotencyKey: `key-${id}`,
    orderRef: `order-${id}`,
    method: 'credit_card',
    amount: 1999,
    currency: 'GBP',
    token: 'fake-valid-nonce',
    savedInstrumentId: null,
    saveInstrument: false,
    customerToken: null,
    email: 'shopper@example.co.uk',
    ...overrides,
  };
}
