/**
 * The three provider sandboxes, for the shop to mount on its own origin:
 *   const merchantKey = randomBytes(24).toString('base64url');
 *   const sandboxes = createSandboxes({ faults: env.PAYMENT_SANDBOX_FAULTS, merchantKey });
 *   shop.route('/sandbox/braintree', sandboxes.braintree.app); … klarna, clearpay
 * and the adapters pointed at them: `sandboxProviders('http://127.0.0.1:PORT', { merchantKey })`.
 */
import { braintreeProvider, type BraintreeProvider } from '../providers/braintree.ts';
import { clearpayProvider, type ClearpayProvider } from '../providers/clearpay.ts';
import type { FetchLike } from '../providers/http.ts';
import { klarnaProvider, type KlarnaProvider } from '../providers/klarna.ts';
import { createBraintreeSandbox, type BraintreeSandbox } from './braintree/app.ts';
import { createClearpaySandbox, type ClearpaySandbox } from './clearpay/app.ts';
import type { SandboxOptions } from './common.ts';
import { createKlarnaSandbox, type KlarnaSandbox } from './klarna/app.ts';

export const SANDBOX_PATHS = { braintree: '/sandbox/braintree', klarna: '/sandbox/klarna', clearpay: '/sandbox/clearpay' } as const;

export interface Sandboxes {
  braintree: BraintreeSandbox;
  klarna: KlarnaSandbox;
  clearpay: ClearpaySandbox;
}

export function createSandboxes(options: SandboxOptions & { clearpayPendingMs?: number } = {}): Sandboxes {
  return {
    braintree: createBraintreeSandbox(options),
    klarna: createKlarnaSandbox(options),
    clearpay: createClearpaySandbox({ ...options, pendingMs: options.clearpayPendingMs }),
  };
}

/**
 * The adapters for sandboxes mounted at SANDBOX_PATHS on `origin` (how our server reaches them,
 * e.g. http://127.0.0.1:8080); the browser reaches the approval pages at the same paths on the
 * shop's public origin.
 */
export function sandboxProviders(origin: string, options: { fetch?: FetchLike; merchantKey?: string; log?: (message: string, fields: Record<string, unknown>) => void } = {}): [BraintreeProvider, KlarnaProvider, ClearpayProvider] {
  const base = origin.replace(/\/+$/, '');
  return [
    braintreeProvider({ baseUrl: `${base}${SANDBOX_PATHS.braintree}`, fetch: options.fetch, merchantKey: options.merchantKey, log: options.log }),
    klarnaProvider({ baseUrl: `${base}${SANDBOX_PATHS.klarna}`, publicUrl: SANDBOX_PATHS.klarna, fetch: options.fetch, merchantKey: options.merchantKey, log: options.log }),
    clearpayProvider({ baseUrl: `${base}${SANDBOX_PATHS.clearpay}`, publicUrl: SANDBOX_PATHS.clearpay, fetch: options.fetch, merchantKey: options.merchantKey, log: options.log }),
  ];
}
