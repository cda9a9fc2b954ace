/**
 * A Clearpay-like sandbox, its own Hono app mounted at /sandbox/clearpay. Clearpay's own sandbox
 * triggers were not found (reliability A2.7), so the outcomes follow OUR convention, by the
 * shopper's email at the approval page:
 *   an address containing "+declined" → the capture is declined;
 *   an address containing "+pending"  → the capture answers PENDING and becomes APPROVED after
 *                                       `pendingMs` (default 2 s) — lookup then finds it;
 *   any other address                 → approved.
 * Server side: POST /v2/checkouts → token; POST /v2/payments/capture (Idempotency-Key) → payment;
 * GET /v2/payments?merchantReference= (lookup), GET /v2/payments/{orderId} (with refunds[]),
 * POST /v2/payments/{orderId}/refund { requestId, amount, merchantReference } (Create Refund:
 * 201 with refundId; the same requestId and merchantReference answer it again; more than is
 * left: 422 invalid_amount). Browser side: GET /checkout?token=&origin=.
 * Totals from £1 to £1000 only (spec §5).
 */
import { isEmail } from '@shop/domain/accounts';
import type { Context, Hono } from 'hono';
import { CLEARPAY_MAX_PENCE, CLEARPAY_MIN_PENCE } from '@shop/domain/buying';
import { randomUUID } from 'node:crypto';
import { APPROVAL_SCRIPT, approvalForm, checkedTargetOrigin, decimalToPence, escapeHtml, openSandbox, penceToDecimal, randomId, sandboxPage, script, stylesheet, withFault, type CommittedAnswer, type FaultControl, type IdempotencyRefusals, type SandboxOptions } from '../common.ts';

type Money = { amount: string; currency: 'GBP' };
/** A refund (Create Refund): Clearpay's id, when, the amount and the merchant's references. */
export type ClearpayRefund = { refundId: string; refundedAt: string; requestId: string | null; amount: Money; merchantReference: string | null; refundMerchantReference: string | null };
export type ClearpayPayment = { id: string; token: string; merchantReference: string; status: 'APPROVED' | 'DECLINED' | 'PENDING'; amount: Money; created: string; settlesAt: number | null; refunds: ClearpayRefund[] };

export interface ClearpaySandbox {
  app: Hono;
  faults: FaultControl;
  payments(): ClearpayPayment[];
  /** APPROVED payments for a merchant reference (our order ref). */
  captures(reference: string): ClearpayPayment[];
  /** The refunds of a payment (by Clearpay's order id), oldest first. */
  refunds(orderId: string): ClearpayRefund[];
  /** What the approval page does, for tests. */
  confirm(token: string, email: string): { status: 'SUCCESS' } | { error: string };
  /** Resolves once the stored state (options.db) is loaded; requests wait for it themselves. */
  ready: Promise<void>;
}

type Checkout = { token: string; amount: number; reference: string; email: string | null; confirmedEmail: string | null; used: boolean; expiresAt: number };
type Json = Record<string, unknown>;
const CHECKOUT_TTL_MS = 3 * 60 * 60 * 1000;

export function createClearpaySandbox(options: SandboxOptions & { pendingMs?: number } = {}): ClearpaySandbox {
  const pendingMs = options.pendingMs ?? 2_000;
  const checkouts = new Map<string, Checkout>();
  const payments: ClearpayPayment[] = [];
  const { now, faults, state, idempotency, allowed, ready, app, auth } = openSandbox('clearpay', options, {
    payment: (_id, data) => {
      const payment = data as ClearpayPayment;
      payment.refunds ??= []; // stored before refunds existed
      payments.push(payment);
    },
    checkout: (id, data) => checkouts.set(id, data as Checkout),
  });
  app.use('/v2/*', auth);

  const error = (c: Context, status: number, errorCode: string, message: string) => c.json({ errorCode, errorId: randomUUID(), message, httpStatusCode: status }, status as 400);
  const failure = (status: number, errorCode: string, message: string) => ({ status, body: { errorCode, errorId: randomUUID(), message, httpStatusCode: status } });
  /** A pending payment settles once its time has come (looked at whenever it is read). */
  const shownPayment = ({ settlesAt: _s, ...p }: ClearpayPayment) => ({ ...p, originalAmount: p.amount, refunds: p.refunds.map((r) => ({ ...r })) });
  const settle = (p: ClearpayPayment) => {
    if (p.status === 'PENDING' && p.settlesAt !== null && p.settlesAt <= now().getTime()) {
      p.status = 'APPROVED';
      p.settlesAt = null;
      state.put('payment', p.id, p);
    }
    return p;
  };

  app.post('/v2/checkouts', async (c) => {
    const input = (await c.req.json().catch(() => null)) as Json | null;
    const money = input?.amount as { amount?: unknown; currency?: unknown } | undefined;
    const pence = decimalToPence(money?.amount);
    if (!input || pence === null || money?.currency !== 'GBP') return error(c, 400, 'invalid_object', 'amount must be { amount: "0.00", currency: "GBP" }.');
    if (pence < CLEARPAY_MIN_PENCE || pence > CLEARPAY_MAX_PENCE) return error(c, 422, 'invalid_amount', 'Clearpay is available for orders from £1 to £1000.');
    const reference = typeof input.merchantReference === 'string' ? input.merchantReference.slice(0, 255) : '';
    const consumer = input.consumer as { email?: unknown } | undefined;
    const checkout: Checkout = { token: randomId('cp_', 16), amount: pence, reference, email: typeof consumer?.email === 'string' ? consumer.email : null, confirmedEmail: null, used: false, expiresAt: now().getTime() + CHECKOUT_TTL_MS };
    checkouts.set(checkout.token, checkout);
    state.put('checkout', checkout.token, checkout);
    return c.json({ token: checkout.token, expires: new Date(checkout.expiresAt).toISOString(), redirectCheckoutUrl: `checkout?token=${checkout.token}` }, 201);
  });

  function confirm(token: string, email: string): ReturnType<ClearpaySandbox['confirm']> {
    const checkout = checkouts.get(token);
    if (!checkout || checkout.expiresAt <= now().getTime() || checkout.used) return { error: 'This Clearpay checkout has expired. Please start again.' };
    if (!isEmail(email)) return { error: 'Enter a valid email' };
    checkout.confirmedEmail = email.toLowerCase();
    state.put('checkout', checkout.token, checkout);
    return { status: 'SUCCESS' };
  }

  app.get('/checkout.js', (c) => script(c, APPROVAL_SCRIPT));
  app.get('/sandbox.css', (c) => stylesheet(c));
  app.get('/checkout', (c) => {
    const origin = checkedTargetOrigin(c, allowed);
    const checkout = checkouts.get(c.req.query('token') ?? '');
    if (!origin || !checkout) return c.text('origin or token is not allowed', 400);
    const body = approvalForm({
      action: 'checkout/confirm',
      origin,
      messageType: 'clearpay-sandbox:checkout',
      heading: `Clearpay (sandbox): 4 payments of £${penceToDecimal(Math.ceil(checkout.amount / 4))}`,
      note: 'Sandbox: an email with +declined is declined, with +pending stays pending for a moment; any other is approved.',
      fields: `<input type="hidden" name="token" value="${escapeHtml(checkout.token)}">
<p><label for="email">Email</label><br><input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(checkout.email ?? '')}" required></p>`,
      button: 'Confirm',
    });
    return sandboxPage(c, { title: 'Clearpay', body, script: 'checkout.js', frameAncestors: allowed });
  });
  app.post('/checkout/confirm', async (c) => {
    const input = (await c.req.json().catch(() => null)) as Json | null;
    const token = String(input?.token ?? '');
    const result = confirm(token, String(input?.email ?? '').trim());
    if ('error' in result) return c.json({ errors: [{ field: 'email', message: result.error }] }, 422);
    return c.json({ status: 'SUCCESS', orderToken: token, message: 'Confirmed' }, 201);
  });

  function capture(input: Json): { status: number; body: Json } {
    const checkout = checkouts.get(String(input.token ?? ''));
    if (!checkout || checkout.expiresAt <= now().getTime()) return { status: 404, body: { errorCode: 'invalid_token', message: 'The checkout token is not valid.', httpStatusCode: 404 } };
    if (!checkout.confirmedEmail) return { status: 412, body: { errorCode: 'not_confirmed', message: 'The consumer has not confirmed the checkout.', httpStatusCode: 412 } };
    if (checkout.used) return { status: 409, body: { errorCode: 'token_already_used', message: 'The checkout token has already been used.', httpStatusCode: 409 } };
    const reference = typeof input.merchantReference === 'string' && input.merchantReference ? input.merchantReference.slice(0, 255) : null;
    if (!reference) return { status: 400, body: { errorCode: 'invalid_object', message: 'merchantReference is required.', httpStatusCode: 400 } };
    checkout.used = true;
    state.put('checkout', checkout.token, checkout);
    const status: ClearpayPayment['status'] = checkout.confirmedEmail.includes('+declined') ? 'DECLINED' : checkout.confirmedEmail.includes('+pending') ? 'PENDING' : 'APPROVED';
    const payment: ClearpayPayment = {
      id: randomId('', 6),
      token: checkout.token,
      merchantReference: reference,
      status,
      amount: { amount: penceToDecimal(checkout.amount), currency: 'GBP' },
      created: now().toISOString(),
      settlesAt: status === 'PENDING' ? now().getTime() + pendingMs : null,
      refunds: [],
    };
    payments.push(payment);
    state.put('payment', payment.id, payment);
    const shown = { id: payment.id, token: payment.token, status: payment.status, merchantReference: reference, originalAmount: payment.amount, created: payment.created };
    if (status === 'DECLINED') return { status: 402, body: { ...shown, errorCode: 'payment_declined', message: 'Payment declined', httpStatusCode: 402 } };
    return { status: status === 'PENDING' ? 202 : 201, body: shown };
  }

  app.post('/v2/payments/capture', async (c) => {
    const input = (await c.req.json().catch(() => null)) as Json | null;
    if (!input) return error(c, 400, 'invalid_object', 'Invalid JSON.');
    const key = c.req.header('idempotency-key') || undefined;
    return idempotency.commit(c, key, input, faults, 'capture', () => capture(input));
  });

  app.get('/v2/payments', (c) => {
    const reference = c.req.query('merchantReference');
    if (!reference) return error(c, 400, 'invalid_object', 'merchantReference is required.');
    return withFault(
      c,
      faults,
      'search',
      () => payments.filter((p) => p.merchantReference === reference).map((p) => shownPayment(settle(p))),
      (results) => c.json({ results }),
    );
  });

  // Get Payment By Order ID, with its refunds.
  app.get('/v2/payments/:orderId', (c) => {
    const payment = payments.find((p) => p.id === c.req.param('orderId'));
    if (!payment) return error(c, 404, 'not_found', 'The payment could not be found.');
    return withFault(c, faults, 'search', () => shownPayment(settle(payment)), (shown) => c.json(shown));
  });

  // Create Refund: a full or partial refund of an APPROVED payment, `amount` a Money object;
  // several until their sum reaches the payment's amount (more: 422 invalid_amount). Idempotent
  // when `requestId` and `merchantReference` are both given: the same pair answers the first
  // refund again (a pair being worked on: 409; the pair with another body: 422).
  const refundRefusals: IdempotencyRefusals = (kind) =>
    kind === 'in_flight' ? failure(409, 'conflict', 'The original request is still being processed. Try again with the same requestId.') : failure(422, 'invalid_object', 'requestId was used for another request.');
  app.post('/v2/payments/:orderId/refund', async (c) => {
    const input = (await c.req.json().catch(() => null)) as Json | null;
    if (!input || typeof input !== 'object' || Array.isArray(input)) return error(c, 400, 'invalid_object', 'Invalid JSON.');
    const orderId = c.req.param('orderId');
    const requestId = typeof input.requestId === 'string' && input.requestId ? input.requestId : null;
    const merchantReference = typeof input.merchantReference === 'string' && input.merchantReference ? input.merchantReference : null;
    const key = requestId && merchantReference ? `refund:${requestId}:${merchantReference}` : undefined;
    return idempotency.commit(c, key, { orderId, ...input }, faults, 'refund', () => refund(orderId, input), refundRefusals);
  });

  function refund(orderId: string, input: Json): CommittedAnswer {
    const text = (field: string, max: number): string | null | undefined => {
      const value = input[field];
      if (value === undefined || value === null) return null;
      return typeof value === 'string' && value.length <= max ? value : undefined;
    };
    const requestId = text('requestId', 64);
    const merchantReference = text('merchantReference', 85);
    const refundMerchantReference = text('refundMerchantReference', 128);
    if (requestId === undefined) return failure(422, 'invalid_object', 'requestId must be a string of at most 64 characters.');
    if (merchantReference === undefined) return failure(422, 'invalid_object', 'merchantReference must be a string of at most 85 characters.');
    if (refundMerchantReference === undefined) return failure(422, 'invalid_object', 'The refundMerchantReference exceeded 128 characters.');
    const money = input.amount as { amount?: unknown; currency?: unknown } | undefined;
    if (!money || typeof money !== 'object') return failure(422, 'invalid_object', '{Money object}.amount Amount field required');
    const pence = decimalToPence(money.amount);
    if (pence === null) return failure(422, 'invalid_object', '{Money object}.amount Amount field must be a valid ISO 4217 format value');
    const payment = payments.find((p) => p.id === orderId);
    if (!payment || settle(payment).status !== 'APPROVED') return failure(412, 'precondition_failed', 'The orderId is invalid, does not exist, or is not eligible for a refund.');
    if (money.currency !== payment.amount.currency) return failure(422, 'invalid_object', 'The currency of the refund does not match the currency of the order.');
    if (pence <= 0) return failure(422, 'invalid_amount', 'The refund amount must be greater than zero.');
    const refunded = payment.refunds.reduce((sum, r) => sum + (decimalToPence(r.amount.amount) ?? 0), 0);
    if (pence > (decimalToPence(payment.amount.amount) ?? 0) - refunded) return failure(422, 'invalid_amount', 'The amount requested exceeded the amount available.');
    const made: ClearpayRefund = { refundId: randomId('', 6), refundedAt: now().toISOString(), requestId, amount: { amount: penceToDecimal(pence), currency: 'GBP' }, merchantReference, refundMerchantReference };
    payment.refunds.push(made);
    state.put('payment', payment.id, payment);
    return { status: 201, body: { ...made } };
  }

  return {
    app,
    faults,
    payments: () => payments.map((p) => ({ ...settle(p) })),
    captures: (reference) => payments.filter((p) => p.merchantReference === reference && settle(p).status === 'APPROVED'),
    refunds: (orderId) => (payments.find((p) => p.id === orderId)?.refunds ?? []).map((r) => ({ ...r })),
    confirm,
    ready,
  };
}
