/**
 * The Klarna adapter over HTTP to a Klarna-like API at `baseUrl` (our sandbox at /sandbox/klarna):
 * a payment session for the browser's approval step, then the order from the one-time
 * authorization token with Klarna-Idempotency-Key, and lookup by our reference.
 */
import { logFunction } from '@shop/platform';
import { PAYMENT_OUTCOME_WORDS, type PaymentOutcomeWords } from '@shop/domain/payment-messages';
import type { ChargeDeclined, ChargeRequest, ChargeResult, LookupResult, PaymentProvider, ProviderCallOptions, RefundRequest, RefundResult } from '../contract.ts';
import { callProvider, joinUrl, type FetchLike, type ProviderCall } from './http.ts';

export interface KlarnaProviderOptions {
  /** Where our server reaches the API, e.g. http://127.0.0.1:8080/sandbox/klarna */
  baseUrl: string;
  /** Where the browser reaches the approval page (default '/sandbox/klarna', the shop's own origin). */
  publicUrl?: string;
  fetch?: FetchLike;
  /** The sandbox's merchantKey (sent as a bearer token), when it has one. */
  merchantKey?: string;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

/** Klarna order statuses that mean the money was authorised or captured (CANCELLED is skipped; anything else is not known). */
const KNOWN_ORDER_STATUSES = new Set(['AUTHORIZED', 'PART_CAPTURED', 'CAPTURED', 'CLOSED']);

export type KlarnaSession = { sessionId: string; clientToken: string; approvalUrl: string };

export interface KlarnaProvider extends PaymentProvider {
  name: 'klarna';
  createSession(input: { amount: number; currency: 'GBP'; orderRef: string | null }, options?: ProviderCallOptions): Promise<KlarnaSession | null>;
}

export function klarnaProvider(options: KlarnaProviderOptions): KlarnaProvider {
  const url = (path: string) => joinUrl(options.baseUrl, path);
  const auth: Record<string, string> = options.merchantKey ? { authorization: `Bearer ${options.merchantKey}` } : {};
  const send = (request: ProviderCall) => callProvider({ ...request, headers: { ...auth, ...request.headers } });
  const publicUrl = (options.publicUrl ?? '/sandbox/klarna').replace(/\/+$/, '');
  const declined = (words: PaymentOutcomeWords, processorCode: string | null = null): ChargeDeclined => ({ status: 'declined', provider: 'klarna', code: words.code, message: words.message, retryable: words.retryable, processorCode });
  const unknown = (): ChargeResult => ({ status: 'unknown', provider: 'klarna' });
  const log = options.log ?? logFunction();
  const mismatch = (orderId: string, orderRef: string, amount: unknown, currency: unknown, expected: { amount: number; currency: string }): ChargeResult => {
    log('[payment] ALERT klarna amount or currency mismatch: charge held for review', { orderId, orderRef, amount, currency, expected: `${expected.amount} ${expected.currency}` });
    return { status: 'unknown', provider: 'klarna', review: true };
  };

  async function createSession(input: { amount: number; currency: 'GBP'; orderRef: string | null }, call: ProviderCallOptions = {}): Promise<KlarnaSession | null> {
    const answer = await send({
      method: 'POST',
      url: url('/payments/v1/sessions'),
      body: { purchase_country: 'GB', purchase_currency: input.currency, locale: 'en-GB', order_amount: input.amount, merchant_reference1: input.orderRef ?? undefined },
      signal: call.signal,
      fetch: options.fetch,
    });
    if (answer.kind === 'unknown' || answer.status !== 200) return null;
    const { session_id: sessionId, client_token: clientToken } = answer.body as { session_id?: unknown; client_token?: unknown };
    if (typeof sessionId !== 'string' || typeof clientToken !== 'string') return null;
    return { sessionId, clientToken, approvalUrl: `${publicUrl}/approve?session=${encodeURIComponent(sessionId)}` };
  }

  async function charge(req: ChargeRequest, call: ProviderCallOptions = {}): Promise<ChargeResult> {
    if (!req.token) return declined(PAYMENT_OUTCOME_WORDS.tokenUnusable);
    const answer = await send({
      method: 'POST',
      url: url(`/payments/v1/authorizations/${encodeURIComponent(req.token)}/order`),
      headers: { 'klarna-idempotency-key': req.idempotencyKey },
      // auto_capture: the shop takes the money when the order is placed (what it refunds later).
      body: { purchase_currency: req.currency, order_amount: req.amount, merchant_reference1: req.orderRef, auto_capture: true },
      signal: call.signal,
      fetch: options.fetch,
      retry: true,
    });
    if (answer.kind === 'unknown') return unknown();
    const body = answer.body as { order_id?: unknown; fraud_status?: unknown; order_amount?: unknown; purchase_currency?: unknown; error_code?: unknown };
    if (answer.status === 200 && typeof body.order_id === 'string') {
      // P7: never a success for an amount or currency we did not ask for (held for review), nor without a known fraud status.
      if ((body.order_amount !== undefined && body.order_amount !== req.amount) || (body.purchase_currency !== undefined && body.purchase_currency !== req.currency)) {
        return mismatch(body.order_id, req.orderRef, body.order_amount, body.purchase_currency, { amount: req.amount, currency: req.currency });
      }
      if (body.fraud_status === 'REJECTED') return declined(PAYMENT_OUTCOME_WORDS.bnplDeclined, 'REJECTED');
      if (body.fraud_status !== 'ACCEPTED') {
        log('[payment] klarna order without a known fraud status: unknown', { orderRef: req.orderRef, fraudStatus: body.fraud_status ?? null });
        return unknown();
      }
      return { status: 'succeeded', provider: 'klarna', transactionId: body.order_id, cardType: null, instrumentId: null };
    }
    if (answer.status === 409 && body.error_code !== 'TOKEN_ALREADY_USED') return unknown(); // our key still in flight at Klarna
    if (answer.status === 403) return declined(PAYMENT_OUTCOME_WORDS.bnplDeclined, String(body.error_code ?? 'DECLINED'));
    if (answer.status === 404 || answer.status === 409) return declined(PAYMENT_OUTCOME_WORDS.tokenUnusable, String(body.error_code ?? ''));
    if (answer.status >= 400) return declined(PAYMENT_OUTCOME_WORDS.providerRefused, String(body.error_code ?? ''));
    return unknown();
  }

  async function lookup(orderRef: string, call: ProviderCallOptions = {}): Promise<LookupResult> {
    const answer = await send({ method: 'GET', url: url(`/ordermanagement/v1/orders?merchant_reference1=${encodeURIComponent(orderRef)}`), signal: call.signal, fetch: options.fetch, retry: true });
    if (answer.kind === 'unknown' || answer.status !== 200 || !Array.isArray(answer.body.orders)) return unknown();
    const orders = answer.body.orders as Array<{ order_id?: unknown; status?: unknown; order_amount?: unknown; purchase_currency?: unknown }>;
    const order = orders.find((o) => typeof o.order_id === 'string' && o.status !== 'CANCELLED');
    if (!order) return { status: 'none' };
    if (!KNOWN_ORDER_STATUSES.has(String(order.status))) {
      log('[payment] klarna order status not known: unknown', { orderRef, status: order.status ?? null });
      return unknown();
    }
    const expected = call.expected ?? null;
    if (expected && (order.order_amount !== expected.amount || order.purchase_currency !== expected.currency)) {
      return mismatch(String(order.order_id), orderRef, order.order_amount, order.purchase_currency, expected);
    }
    return { status: 'succeeded', provider: 'klarna', transactionId: order.order_id as string, cardType: null, instrumentId: null };
  }

  /**
   * Order Management's refund: `refunded_amount` of the order's capture, with
   * Klarna-Idempotency-Key (so a retry, also after a lost answer, never refunds twice: Klarna
   * answers the first refund again). 201 carries the refund's id in Refund-Id (or Location).
   */
  async function refund(req: RefundRequest, call: ProviderCallOptions = {}): Promise<RefundResult> {
    const answer = await send({
      method: 'POST',
      url: url(`/ordermanagement/v1/orders/${encodeURIComponent(req.transactionId)}/refunds`),
      headers: { 'klarna-idempotency-key': req.idempotencyKey },
      body: { refunded_amount: req.amount, reference: req.idempotencyKey },
      signal: call.signal,
      fetch: options.fetch,
      retry: true,
    });
    if (answer.kind === 'unknown') return { status: 'unknown' };
    const errorCode = typeof answer.body.error_code === 'string' ? answer.body.error_code : '';
    const messages = Array.isArray(answer.body.error_messages) ? (answer.body.error_messages as unknown[]).filter((m): m is string => typeof m === 'string') : [];
    if (answer.status === 201) {
      const id = answer.headers.get('refund-id') ?? answer.headers.get('location')?.replace(/\/+$/, '').split('/').pop() ?? '';
      if (id) return { status: 'refunded', reference: id };
      log('[payment] klarna refund answered without its id: unknown', { transactionId: req.transactionId });
      return { status: 'unknown' };
    }
    if (answer.status === 409) return { status: 'unknown' }; // the key is still being worked on at Klarna
    if (answer.status === 403 && errorCode === 'REFUND_NOT_ALLOWED' && !messages.some((m) => /no captures/i.test(m))) {
      return { status: 'refused', code: 'REFUND_EXCEEDS_CAPTURE', message: messages[0] ?? 'Refund not allowed.' };
    }
    if (answer.status >= 400 && answer.status < 500) {
      log('[payment] klarna refused the refund', { status: answer.status, errorCode, transactionId: req.transactionId });
      return { status: 'refused', code: 'REFUND_REFUSED', message: messages[0] ?? `The provider refused the refund (${errorCode || answer.status}).` };
    }
    return { status: 'unknown' };
  }

  return { name: 'klarna', charge, lookup, refund, createSession };
}
