/**
 * Test harness: the sandboxes served over real HTTP on 127.0.0.1 (a random port), the payment
 * schema migrated on the database of the matrix, and createPayments wired to the sandboxes.
 */
import { Hono } from 'hono';
import { serveOnLoopback, type Database, type LoopbackServer } from '@shop/platform';
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import { migratePayment } from '../db/database.ts';
import { createPayments, type Payments, type PaymentsOptions } from '../payments.ts';
import { braintreeProvider } from '../providers/braintree.ts';
import { createBraintreeSandbox, type BraintreeSandbox } from '../sandbox/braintree/app.ts';
import type { ChargeRequest } from '../contract.ts';

export interface Sandboxes {
  server: LoopbackServer;
  origin: string;
  braintree: BraintreeSandbox;
  close(): Promise<void>;
}

/** The sandboxes mounted as the shop mounts them, under /sandbox/<provider>, served on loopback. */
export async function serveSandboxes(options: { faults?: boolean; allowedOrigins?: string[] } = {}): Promise<Sandboxes> {
  const braintree = createBraintreeSandbox({ faults: options.faults ?? true, allowedOrigins: options.allowedOrigins });
  const shop = new Hono();
  shop.route('/sandbox/braintree', braintree.app);
  const server = await serveOnLoopback(shop.fetch, 0);
  return { server, origin: `http://127.0.0.1:${server.port}`, braintree, close: () => server.close() };
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
      providers: [braintreeProvider({ baseUrl: `${sandboxes.origin}/sandbox/braintree`, log })],
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
