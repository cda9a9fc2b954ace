/**
 * A Klarna-like sandbox (reliability A2.7, D1), its own Hono app mounted at /sandbox/klarna.
 *
 * Server side (our adapter): POST /payments/v1/sessions → session_id + client_token;
 * POST /payments/v1/authorizations/{authorizationToken}/order (Klarna-Idempotency-Key) → order;
 * GET /ordermanagement/v1/orders?merchant_reference1= (lookup); order management: GET
 * /ordermanagement/v1/orders/{order_id} (captured_amount, refunded_amount, refunds[]) and POST
 * …/{order_id}/refunds { refunded_amount, reference?, description? } (Klarna-Idempotency-Key: 201,
 * Refund-Id and Location headers, no body; more than captured and not refunded: 403
 * REFUND_NOT_ALLOWED).
 * Browser side: GET /approve?session=&origin= (the approval page) posting to POST /approve.
 * Playground rules (A2.7): customer@email.co.uk is approved; customer+denied@email.co.uk is a hard
 * decline ("Your purchase can not be accepted"); the one-time passcode is any 6 digits but 999999,
 * which fails. An authorization token is single-use and bound to the session's amount.
 */
import { isEmail } from '@shop/domain/accounts';
import type { Context, Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import { APPROVAL_SCRIPT, approvalForm, checkedTargetOrigin, escapeHtml, openSandbox, randomId, sandboxPage, script, stylesheet, withFault, type CommittedAnswer, type FaultControl, type IdempotencyRefusals, type SandboxOptions } from '../common.ts';

export const KLARNA_DENIED_MESSAGE = 'Your purchase can not be accepted. Please choose another payment method.';
export const KLARNA_FAILED_OTP = '999999';

/** A refund of an order (Order Management API): its id, amount in minor units, and our reference. */
export type KlarnaRefund = { refund_id: string; refunded_amount: number; reference: string | null; description: string | null; refunded_at: string };
/**
 * An order: AUTHORIZED, or CAPTURED when it was created with `auto_capture: true` (what our
 * adapter asks: the shop takes the money when the order is placed). Refunds only of what was
 * captured, never more in all.
 */
export type KlarnaOrder = {
  order_id: string;
  merchant_reference1: string;
  order_amount: number;
  purchase_currency: 'GBP';
  status: 'AUTHORIZED' | 'CAPTURED';
  fraud_status: 'ACCEPTED';
  email: string;
  created_at: string;
  captured_amount: number;
  refunded_amount: number;
  refunds: KlarnaRefund[];
};

export interface KlarnaSandbox {
  app: Hono;
  faults: FaultControl;
  orders(): KlarnaOrder[];
  /** Orders created for a merchant reference (our order ref). */
  captures(reference: string): KlarnaOrder[];
  /** The refunds of an order (by Klarna's order id), oldest first. */
  refunds(orderId: string): KlarnaRefund[];
  /** What the approval page does, for tests: the authorization token or the refusal. */
  approve(sessionId: string, email: string, otp: string): { authorization_token: string } | { declined: true } | { error: string };
  /** Resolves once the stored state (options.db) is loaded; requests wait for it themselves. */
  ready: Promise<void>;
}

type Session = { id: string; amount: number; currency: string; reference: string; expiresAt: number; denied: boolean };
type Authorization = { token: string; sessionId: string; amount: number; email: string; used: boolean; expiresAt: number };
type Json = Record<string, unknown>;
const SESSION_TTL_MS = 48 * 60 * 60 * 1000;
const AUTHORIZATION_TTL_MS = 60 * 60 * 1000;

export function createKlarnaSandbox(options: SandboxOptions = {}): KlarnaSandbox {
  const sessions = new Map<string, Session>();
  const authorizations = new Map<string, Authorization>();
  const orders: KlarnaOrder[] = [];
  const { now, faults, state, idempotency, allowed, ready, app, auth } = openSandbox('klarna', options, {
    order: (_id, data) => {
      const order = data as KlarnaOrder;
      // Orders stored before refunds existed: the shop always took the order as the payment.
      if (order.captured_amount === undefined) Object.assign(order, { status: 'CAPTURED', captured_amount: order.order_amount, refunded_amount: 0, refunds: [] });
      orders.push(order);
    },
    session: (id, data) => sessions.set(id, data as Session),
    authorization: (id, data) => authorizations.set(id, data as Authorization),
  });
  app.use('/payments/*', auth);
  app.use('/ordermanagement/*', auth);

  const error = (c: Context, status: number, code: string, message: string) => c.json({ error_code: code, error_messages: [message], correlation_id: randomUUID() }, status as 400);
  const failure = (status: number, code: string, message: string) => ({ status, body: { error_code: code, error_messages: [message], correlation_id: randomUUID() } });

  app.post('/payments/v1/sessions', async (c) => {
    const input = (await c.req.json().catch(() => null)) as Json | null;
    const amount = input?.order_amount;
    if (!input || !Number.isSafeInteger(amount) || (amount as number) <= 0) return error(c, 400, 'BAD_VALUE', 'order_amount must be a positive integer in minor units.');
    if (input.purchase_currency !== 'GBP') return error(c, 400, 'BAD_VALUE', 'purchase_currency must be GBP.');
    const reference = typeof input.merchant_reference1 === 'string' ? input.merchant_reference1.slice(0, 255) : '';
    const session: Session = { id: randomId('ks_', 12), amount: amount as number, currency: 'GBP', reference, expiresAt: now().getTime() + SESSION_TTL_MS, denied: false };
    sessions.set(session.id, session);
    state.put('session', session.id, session);
    return c.json({ session_id: session.id, client_token: Buffer.from(JSON.stringify({ session_id: session.id, env: 'sandbox' })).toString('base64'), payment_method_categories: [{ identifier: 'pay_over_time', name: 'Pay in 3 instalments' }] });
  });

  function approve(sessionId: string, email: string, otp: string): ReturnType<KlarnaSandbox['approve']> {
    const session = sessions.get(sessionId);
    if (!session || session.expiresAt <= now().getTime()) return { error: 'This Klarna session has expired. Please start again.' };
    if (!isEmail(email)) return { error: 'Enter a valid email' };
    if (!/^\d{6}$/.test(otp) || otp === KLARNA_FAILED_OTP) return { error: 'The code you entered is incorrect. Please try again.' };
    if (/\+denied@/i.test(email)) {
      session.denied = true;
      state.put('session', session.id, session);
      return { declined: true };
    }
    const token = randomId('kat_', 16);
    const authorization = { token, sessionId, amount: session.amount, email: email.toLowerCase(), used: false, expiresAt: now().getTime() + AUTHORIZATION_TTL_MS };
    authorizations.set(token, authorization);
    state.put('authorization', token, authorization);
    return { authorization_token: token };
  }

  app.get('/approve.js', (c) => script(c, APPROVAL_SCRIPT));
  app.get('/sandbox.css', (c) => stylesheet(c));
  app.get('/approve', (c) => {
    const origin = checkedTargetOrigin(c, allowed);
    const sessionId = c.req.query('session') ?? '';
    if (!origin || !sessions.has(sessionId)) return c.text('origin or session is not allowed', 400);
    const body = approvalForm({
      action: 'approve',
      origin,
      messageType: 'klarna-sandbox:authorization',
      heading: 'Klarna (sandbox)',
      note: 'Sandbox: customer@email.co.uk is approved, customer+denied@email.co.uk is declined; any 6-digit code but 999999 works.',
      fields: `<input type="hidden" name="session" value="${escapeHtml(sessionId)}">
<p><label for="email">Email</label><br><input id="email" name="email" type="email" autocomplete="email" required></p>
<p><label for="otp">One-time code</label><br><input id="otp" name="otp" inputmode="numeric" autocomplete="one-time-code" required></p>`,
      button: 'Confirm and continue',
    });
    return sandboxPage(c, { title: 'Klarna', body, script: 'approve.js', frameAncestors: allowed });
  });
  app.post('/approve', async (c) => {
    const input = (await c.req.json().catch(() => null)) as Json | null;
    const result = approve(String(input?.session ?? ''), String(input?.email ?? '').trim(), String(input?.otp ?? '').trim());
    if ('declined' in result) return c.json({ approved: false, final: true, errors: [{ field: 'email', message: KLARNA_DENIED_MESSAGE }] }, 403);
    if ('error' in result) return c.json({ approved: false, errors: [{ field: 'otp', message: result.error }] }, 422);
    return c.json({ approved: true, authorization_token: result.authorization_token, message: 'Approved' }, 201);
  });

  app.post('/payments/v1/authorizations/:token/order', async (c) => {
    const input = (await c.req.json().catch(() => null)) as Json | null;
    if (!input) return error(c, 400, 'BAD_VALUE', 'Invalid JSON.');
    const key = c.req.header('klarna-idempotency-key') || undefined;
    const token = c.req.param('token');
    return idempotency.commit(c, key, { token, ...input }, faults, 'order', () => createOrder(token, input));
  });

  function createOrder(token: string, input: Json): { status: number; body: Json } {
    const authorization = authorizations.get(token);
    if (!authorization || authorization.expiresAt <= now().getTime()) return { status: 404, body: { error_code: 'NOT_FOUND', error_messages: ['Invalid authorization token.'] } };
    if (authorization.used) return { status: 409, body: { error_code: 'TOKEN_ALREADY_USED', error_messages: ['The authorization token has already been used.'] } };
    if (input.order_amount !== authorization.amount || input.purchase_currency !== 'GBP') return { status: 400, body: { error_code: 'BAD_VALUE', error_messages: ['order_amount does not match the authorised amount.'] } };
    const reference = typeof input.merchant_reference1 === 'string' && input.merchant_reference1 ? input.merchant_reference1.slice(0, 255) : null;
    if (!reference) return { status: 400, body: { error_code: 'BAD_VALUE', error_messages: ['merchant_reference1 is required.'] } };
    authorization.used = true;
    state.put('authorization', token, authorization);
    const captured = input.auto_capture === true;
    const order: KlarnaOrder = {
      order_id: randomId('ko_', 10),
      merchant_reference1: reference,
      order_amount: authorization.amount,
      purchase_currency: 'GBP',
      status: captured ? 'CAPTURED' : 'AUTHORIZED',
      fraud_status: 'ACCEPTED',
      email: authorization.email,
      created_at: now().toISOString(),
      captured_amount: captured ? authorization.amount : 0,
      refunded_amount: 0,
      refunds: [],
    };
    orders.push(order);
    state.put('order', order.order_id, order);
    return { status: 200, body: { order_id: order.order_id, fraud_status: order.fraud_status, order_amount: order.order_amount, redirect_url: null } };
  }

  /** An order as the Order Management API shows it (no shopper email). */
  const shownOrder = ({ email: _email, ...o }: KlarnaOrder) => ({ ...o, remaining_authorized_amount: o.order_amount - o.captured_amount, refunds: o.refunds.map((r) => ({ ...r })) });
  app.get('/ordermanagement/v1/orders', (c) => {
    const reference = c.req.query('merchant_reference1');
    if (!reference) return error(c, 400, 'BAD_VALUE', 'merchant_reference1 is required.');
    return withFault(c, faults, 'search', () => orders.filter((o) => o.merchant_reference1 === reference).map(shownOrder), (found) => c.json({ orders: found }));
  });

  // Order management: one order (GET), its refunds. A refund (POST …/refunds) gives back
  // `refunded_amount` (minor units) of what was captured, never more in all (403
  // REFUND_NOT_ALLOWED, as for an order with no capture); 201 with no body, the refund's id in
  // the Refund-Id and Location headers. Klarna-Idempotency-Key: only the key matters (the body
  // is not compared): the same key answers the first refund again and makes no second one.
  app.get('/ordermanagement/v1/orders/:orderId', (c) => {
    const order = orders.find((o) => o.order_id === c.req.param('orderId'));
    if (!order) return error(c, 404, 'NO_SUCH_ORDER', `Order ${c.req.param('orderId')} cannot be found`);
    return withFault(c, faults, 'search', () => shownOrder(order), (shown) => c.json(shown));
  });
  app.get('/ordermanagement/v1/orders/:orderId/refunds/:refundId', (c) => {
    const order = orders.find((o) => o.order_id === c.req.param('orderId'));
    const refund = order?.refunds.find((r) => r.refund_id === c.req.param('refundId'));
    if (!order || !refund) return error(c, 404, 'NOT_FOUND', `Refund ${c.req.param('refundId')} cannot be found for order ${c.req.param('orderId')}`);
    return c.json(refund);
  });
  const refundRefusals: IdempotencyRefusals = (kind) =>
    kind === 'in_flight' ? failure(409, 'CONFLICT', 'A request with this Klarna-Idempotency-Key is still being processed.') : failure(409, 'CONFLICT', 'Klarna-Idempotency-Key was used for another request.');
  app.post('/ordermanagement/v1/orders/:orderId/refunds', async (c) => {
    const input = (await c.req.json().catch(() => null)) as Json | null;
    if (!input || typeof input !== 'object' || Array.isArray(input)) return error(c, 400, 'BAD_VALUE', 'Invalid JSON.');
    const key = c.req.header('klarna-idempotency-key') || undefined;
    const orderId = c.req.param('orderId');
    const location = c.req.url.replace(/[?#].*$/, '');
    return idempotency.commit(c, key ? `refund:${key}` : undefined, { refund: true }, faults, 'refund', () => refund(orderId, input, location), refundRefusals);
  });

  function refund(orderId: string, input: Json, location: string): CommittedAnswer {
    const order = orders.find((o) => o.order_id === orderId);
    if (!order) return failure(404, 'NO_SUCH_ORDER', `Order ${orderId} cannot be found`);
    const amount = input.refunded_amount;
    if (!Number.isSafeInteger(amount) || (amount as number) <= 0 || (amount as number) > 200_000_000) return failure(400, 'BAD_VALUE', 'refunded_amount must be a positive integer in minor units.');
    const text = (field: 'reference' | 'description') => {
      const value = input[field];
      if (value === undefined || value === null) return null;
      return typeof value === 'string' && value.length <= 255 ? value : undefined;
    };
    const reference = text('reference');
    const description = text('description');
    if (reference === undefined || description === undefined) return failure(400, 'BAD_VALUE', 'reference and description are strings of at most 255 characters.');
    if (order.captured_amount <= 0) return failure(403, 'REFUND_NOT_ALLOWED', 'Order has no captures. Refund not possible');
    const remaining = order.captured_amount - order.refunded_amount;
    if ((amount as number) > remaining) return failure(403, 'REFUND_NOT_ALLOWED', `Refunded amount ${amount as number} exceeds the captured amount not yet refunded (${remaining}). Refund not possible`);
    const made: KlarnaRefund = { refund_id: randomUUID(), refunded_amount: amount as number, reference, description, refunded_at: now().toISOString() };
    order.refunds.push(made);
    order.refunded_amount += made.refunded_amount;
    state.put('order', order.order_id, order);
    return { status: 201, body: null, headers: { location: `${location}/${made.refund_id}`, 'refund-id': made.refund_id } };
  }

  return {
    app,
    faults,
    orders: () => orders.map((o) => ({ ...o })),
    captures: (reference) => orders.filter((o) => o.merchant_reference1 === reference),
    refunds: (orderId) => (orders.find((o) => o.order_id === orderId)?.refunds ?? []).map((r) => ({ ...r })),
    approve,
    ready,
  };
}
