/**
 * The Clearpay adapter over HTTP to a Clearpay-like API at `baseUrl` (our sandbox at
 * /sandbox/clearpay): a checkout token for the browser's approval step, then the capture with an
 * idempotency key, and lookup by our reference. A PENDING capture is an unknown outcome: the
 * checkout's reconciliation asks again later.
 */
import { logFunction } from '@shop/platform';
import { PAYMENT_OUTCOME_WORDS, type PaymentOutcomeWords } from '@shop/domain/payment-messages';
import type { ChargeDeclined, ChargeRequest, ChargeResult, LookupResult, PaymentProvider, ProviderCallOptions, RefundRequest, RefundResult } from '../contract.ts';
import { penceToDecimal } from '../sandbox/common.ts';
import { callProvider, joinUrl, type FetchLike, type ProviderCall } from './http.ts';

export interface ClearpayProviderOptions {
  baseUrl: string;
  /** Where the browser reaches the approval page (default '/sandbox/clearpay'). */
  publicUrl?: string;
  fetch?: FetchLike;
  /** The sandbox's merchantKey (sent as a bearer token), when it has one. */
  merchantKey?: string;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

export type ClearpayCheckout = { token: string; expires: string; approvalUrl: string };

export interface ClearpayProvider extends PaymentProvider {
  name: 'clearpay';
  /** null when the provider did not answer; 'amount' when Clearpay refuses the total (outside £1–£1000). */
  createCheckout(input: { amount: number; currency: 'GBP'; orderRef: string; email: string }, options?: ProviderCallOptions): Promise<ClearpayCheckout | 'amount' | null>;
}

export function clearpayProvider(options: ClearpayProviderOptions): ClearpayProvider {
  const url = (path: string) => joinUrl(options.baseUrl, path);
  const auth: Record<string, string> = options.merchantKey ? { authorization: `Bearer ${options.merchantKey}` } : {};
  const send = (request: ProviderCall) => callProvider({ ...request, headers: { ...auth, ...request.headers } });
  const publicUrl = (options.publicUrl ?? '/sandbox/clearpay').replace(/\/+$/, '');
  const declined = (words: PaymentOutcomeWords, processorCode: string | null = null): ChargeDeclined => ({ status: 'declined', provider: 'clearpay', code: words.code, message: words.message, retryable: words.retryable, processorCode });
  const unknown = (): ChargeResult => ({ status: 'unknown', provider: 'clearpay' });

  async function createCheckout(input: { amount: number; currency: 'GBP'; orderRef: string; email: string }, call: ProviderCallOptions = {}) {
    const answer = await send({
      method: 'POST',
      url: url('/v2/checkouts'),
      body: { amount: { amount: penceToDecimal(input.amount), currency: input.currency }, consumer: { email: input.email }, merchantReference: input.orderRef },
      signal: call.signal,
      fetch: options.fetch,
    });
    if (answer.kind === 'unknown') return null;
    if (answer.status === 422 && answer.body.errorCode === 'invalid_amount') return 'amount' as const;
    const { token, expires } = answer.body as { token?: unknown; expires?: unknown };
    if (answer.status !== 201 || typeof token !== 'string' || typeof expires !== 'string') return null;
    return { token, expires, approvalUrl: `${publicUrl}/checkout?token=${encodeURIComponent(token)}` };
  }

  const log = options.log ?? logFunction();
  const fromPayment = (p: { id?: unknown; status?: unknown; merchantReference?: unknown; originalAmount?: { amount?: unknown; currency?: unknown } }, expected: { amount: number; currency: string } | null): ChargeResult | null => {
    if (typeof p.id !== 'string') return null;
    if (p.status === 'APPROVED') {
      if (expected !== null && (p.originalAmount?.amount !== penceToDecimal(expected.amount) || p.originalAmount?.currency !== expected.currency)) {
        // P7: an amount or currency we did not ask for is never a success; held for review.
        log('[payment] ALERT clearpay amount or currency mismatch: charge held for review', {
          paymentId: p.id,
          orderRef: typeof p.merchantReference === 'string' ? p.merchantReference : null,
          amount: p.originalAmount?.amount ?? null,
          currency: p.originalAmount?.currency ?? null,
          expected: `${penceToDecimal(expected.amount)} ${expected.currency}`,
        });
        return { status: 'unknown', provider: 'clearpay', review: true };
      }
      return { status: 'succeeded', provider: 'clearpay', transactionId: p.id, cardType: null, instrumentId: null };
    }
    if (p.status === 'DECLINED') return declined(PAYMENT_OUTCOME_WORDS.bnplDeclined, 'DECLINED');
    return null; // PENDING or anything else: not known yet
  };

  async function charge(req: ChargeRequest, call: ProviderCallOptions = {}): Promise<ChargeResult> {
    if (!req.token) return declined(PAYMENT_OUTCOME_WORDS.tokenUnusable);
    const answer = await send({
      method: 'POST',
      url: url('/v2/payments/capture'),
      headers: { 'idempotency-key': req.idempotencyKey },
      body: { token: req.token, merchantReference: req.orderRef },
      signal: call.signal,
      fetch: options.fetch,
      retry: true,
    });
    if (answer.kind === 'unknown') return unknown();
    const body = answer.body as { id?: unknown; status?: unknown; errorCode?: unknown; originalAmount?: { amount?: unknown } };
    if (answer.status === 201 || answer.status === 202 || answer.status === 402) return fromPayment(body, { amount: req.amount, currency: req.currency }) ?? unknown();
    if (answer.status === 409 && body.errorCode !== 'token_already_used') return unknown();
    if (answer.status === 404 || answer.status === 409 || answer.status === 412) return declined(PAYMENT_OUTCOME_WORDS.tokenUnusable, String(body.errorCode ?? ''));
    if (answer.status >= 400) return declined(PAYMENT_OUTCOME_WORDS.providerRefused, String(body.errorCode ?? ''));
    return unknown();
  }

  async function lookup(orderRef: string, call: ProviderCallOptions = {}): Promise<LookupResult> {
    const answer = await send({ method: 'GET', url: url(`/v2/payments?merchantReference=${encodeURIComponent(orderRef)}`), signal: call.signal, fetch: options.fetch, retry: true });
    if (answer.kind === 'unknown' || answer.status !== 200 || !Array.isArray(answer.body.results)) return unknown();
    const results = answer.body.results as Array<{ id?: unknown; status?: unknown }>;
    if (results.length === 0) return { status: 'none' };
    const approved = results.find((p) => p.status === 'APPROVED');
    if (approved) return fromPayment(approved, call.expected ?? null) ?? unknown();
    if (results.some((p) => p.status === 'PENDING')) return unknown();
    return fromPayment(results[results.length - 1]!, null) ?? unknown();
  }

  /**
   * Create Refund on the payment (Clearpay's order id), `requestId` and `merchantReference` both
   * our key: Clearpay then answers a retry (also after a lost answer) with the first refund.
   */
  async function refund(req: RefundRequest, call: ProviderCallOptions = {}): Promise<RefundResult> {
    const answer = await send({
      method: 'POST',
      url: url(`/v2/payments/${encodeURIComponent(req.transactionId)}/refund`),
      body: { requestId: req.idempotencyKey, amount: { amount: penceToDecimal(req.amount), currency: req.currency }, merchantReference: req.idempotencyKey },
      signal: call.signal,
      fetch: options.fetch,
      retry: true,
    });
    if (answer.kind === 'unknown') return { status: 'unknown' };
    const body = answer.body as { refundId?: unknown; amount?: { amount?: unknown }; errorCode?: unknown; message?: unknown };
    const message = typeof body.message === 'string' ? body.message : null;
    if (answer.status === 201 && typeof body.refundId === 'string') {
      if (body.amount?.amount !== undefined && body.amount.amount !== penceToDecimal(req.amount)) {
        log('[payment] ALERT clearpay refunded another amount than asked', { transactionId: req.transactionId, refundId: body.refundId, amount: body.amount.amount, expected: penceToDecimal(req.amount) });
      }
      return { status: 'refunded', reference: body.refundId };
    }
    if (answer.status === 409) return { status: 'unknown' }; // the original request is still being processed
    if (answer.status === 422 && body.errorCode === 'invalid_amount') return { status: 'refused', code: 'REFUND_EXCEEDS_CAPTURE', message: message ?? 'The amount requested exceeded the amount available.' };
    if (answer.status >= 400 && answer.status < 500) {
      log('[payment] clearpay refused the refund', { status: answer.status, errorCode: body.errorCode ?? null, transactionId: req.transactionId });
      return { status: 'refused', code: 'REFUND_REFUSED', message: message ?? `The provider refused the refund (${String(body.errorCode ?? answer.status)}).` };
    }
    return { status: 'unknown' };
  }

  return { name: 'clearpay', charge, lookup, refund, createCheckout };
}
