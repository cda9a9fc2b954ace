/** The payment REST app on the database of the matrix, wired to the sandboxes over real HTTP. */
import type { OpenTestDatabase } from '@shop/platform/test-databases';
import { createPaymentApp, type PaymentApp } from '../app.ts';
import type { PaymentsOptions } from '../payments.ts';
import { sandboxProviders } from '../sandbox/index.ts';
import { MERCHANT_KEY, paymentsFixture, type PaymentsFixture } from './harness.ts';

export const SERVICE_TOKEN = 'test-service-token';

let n = 0;
/** A reference no test has used yet: `<prefix>-<time>-<n>`. */
export const fresh = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++n}`;
/** The body of POST /pay: a £24.99 card charge with the sandbox's valid nonce under a fresh orderRef. */
export const chargeBody = (overrides: Record<string, unknown> = {}) => ({
  orderRef: fresh('ord'),
  method: 'credit_card',
  amount: 2499,
  currency: 'GBP',
  token: 'fake-valid-nonce',
  email: 'shopper@example.co.uk',
  ...overrides,
});

export interface AppFixture extends PaymentsFixture {
  app: PaymentApp;
  call(method: string, path: string, options?: { body?: unknown; key?: string; headers?: Record<string, string> }): Promise<Response>;
}

export async function appFixture(open: OpenTestDatabase, options: Partial<PaymentsOptions> = {}): Promise<AppFixture> {
  const f = await paymentsFixture(open, options);
  const app = createPaymentApp({
    db: f.database.db,
    serviceToken: SERVICE_TOKEN,
    providers: sandboxProviders(f.sandboxes.origin, { merchantKey: MERCHANT_KEY, log: (message, fields) => void f.logged.push({ message, fields }) }),
    timeoutMs: options.timeoutMs ?? 500,
    log: (message, fields) => void f.logged.push({ message, fields }),
  });
  return {
    ...f,
    app,
    call: async (method, path, o = {}) =>
      app.request(path, {
        method,
        headers: {
          'x-service-token': SERVICE_TOKEN,
          ...(o.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(o.key ? { 'idempotency-key': o.key } : {}),
          ...o.headers,
        },
        body: o.body === undefined ? undefined : typeof o.body === 'string' ? o.body : JSON.stringify(o.body),
      }),
  };
}
