/**
 * A Klarna-like sandbox (reliability A2.7, D1), its own Hono app mounted at /sandbox/klarna.
 *
 * Server side (our adapter): POST /payments/v1/sessions → session_id + client_token;
 * POST /payments/v1/authorizations/{authorizationToken}/order (Klarna-Idempotency-Key) → order;
 * GET /ordermanagement/v1/orders?merchant_reference1= (lookup).
 * Browser side: GET /approve?session=&origin= (the approval page) posting to POST /approve.
 * Playground rules (A2.7): customer@email.co.uk is approved; customer+denied@email.co.uk is a hard
 * decline ("Your purchase can not be accepted"); the one-time passcode is any 6 digits but 999999,
 * which fails. An authorization token is single-use and bound to the session's amount.
 */
import { isEmail } from '@shop/domain/accounts';
import type { Context, Hono } from 'hono';
import { APPROVAL_SCRIPT, approvalForm, checkedTargetOrigin, escapeHtml, openSandbox, randomId, sandboxPage, script, stylesheet, withFault, type FaultControl, type SandboxOptions } from '../common.ts';

export const KLARNA_DENIED_MESSAGE = 'Your purchase can not be accepted. Please choose another payment method.';
export const KLARNA_FAILED_OTP = '999999';

export type KlarnaOrder = { order_id: string; merchant_reference1: string; order_amount: number; purchase_currency: 'GBP'; status: 'AUTHORIZED'; fraud_status: 'ACCEPTED'; email: string; created_at: string };

export interface KlarnaSandbox {
  app: Hono;
  faults: FaultControl;
  orders(): KlarnaOrder[];
  /** Orders created for a merchant reference (our order ref). */
  captures(reference: string): KlarnaOrder[];
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
    order: (_id, data) => orders.push(data as KlarnaOrder),
    session: (id, data) => sessions.set(id, data as Session),
    authorization: (id, data) => authorizations.set(id, data as Authorization),
  });
  app.use('/payments/*', auth);
  app.use('/ordermanagement/*', auth);

  const error = (c: Context, status: number, code: string, message: string) => c.json({ error_code: code, error_messages: [message] }, status as 400);

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
    const order: KlarnaOrder = {
      order_id: randomId('ko_', 10),
      merchant_reference1: reference,
      order_amount: authorization.amount,
      purchase_currency: 'GBP',
      status: 'AUTHORIZED',
      fraud_status: 'ACCEPTED',
      email: authorization.email,
      created_at: now().toISOString(),
    };
    orders.push(order);
    state.put('order', order.order_id, order);
    return { status: 200, body: { order_id: order.order_id, fraud_status: order.fraud_status, order_amount: order.order_amount, redirect_url: null } };
  }

  app.get('/ordermanagement/v1/orders', (c) => {
    const reference = c.req.query('merchant_reference1');
    if (!reference) return error(c, 400, 'BAD_VALUE', 'merchant_reference1 is required.');
    return withFault(c, faults, 'search', () => orders.filter((o) => o.merchant_reference1 === reference).map(({ email: _email, ...o }) => o), (found) => c.json({ orders: found }));
  });

  return {
    app,
    faults,
    orders: () => orders.map((o) => ({ ...o })),
    captures: (reference) => orders.filter((o) => o.merchant_reference1 === reference),
    approve,
    ready,
  };
}
