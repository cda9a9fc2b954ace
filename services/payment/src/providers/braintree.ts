/**
 * The Braintree adapter: card, PayPal, PayPal Credit, Google Pay and Apple Pay, over HTTP to a
 * Braintree-like API at `baseUrl` (our sandbox at /sandbox/braintree). Every sale carries the
 * provider idempotency key; the outcome words come from domain/src/payment-messages.ts.
 */
import { logFunction } from '@shop/platform';
import { METHOD_OF_INSTRUMENT } from '@shop/domain/buying';
import { gatewayRejectionWords, PAYMENT_OUTCOME_WORDS, processorDeclineWords, type PaymentOutcomeWords } from '@shop/domain/payment-messages';
import type { ChargeDeclined, ChargeRequest, ChargeResult, ChargeSucceededWithVault, LookupResult, PaymentProvider, ProviderCallOptions, RefundRequest, RefundResult, ReverseResult } from '../contract.ts';
import { penceToDecimal } from '../sandbox/common.ts';
import { THREE_DS_UNAVAILABLE } from '../sandbox/braintree/values.ts';
import { callProvider, joinUrl, type FetchLike, type ProviderCall } from './http.ts';

export interface BraintreeProviderOptions {
  /** e.g. http://127.0.0.1:8080/sandbox/braintree */
  baseUrl: string;
  fetch?: FetchLike;
  /** The sandbox's merchantKey (sent as a bearer token), when it has one. */
  merchantKey?: string;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

export interface BraintreeProvider extends PaymentProvider {
  name: 'braintree';
  /** A client token for the browser's hosted fields and approval pages (null when the provider did not answer). */
  clientToken(options?: ProviderCallOptions): Promise<string | null>;
  /** Customer.create with our id; an id already taken is found instead. Null when the provider did not answer. */
  ensureCustomer(customerId: string, options?: ProviderCallOptions): Promise<{ customerId: string; created: boolean } | null>;
  /** PaymentMethodNonce.create from a vault token: a fresh single-use nonce; 'not_found' for a token the vault does not hold. */
  vaultNonce(vaultToken: string, options?: ProviderCallOptions): Promise<VaultNonce | 'not_found' | null>;
}

export type VaultNonce = { nonce: string; type: string; cardType: string | null; last4: string | null };

type Transaction = {
  id?: unknown;
  status?: unknown;
  amount?: unknown;
  currencyIsoCode?: unknown;
  orderId?: unknown;
  refundedTransactionId?: unknown;
  processorResponseCode?: unknown;
  processorSettlementResponseCode?: unknown;
  gatewayRejectionReason?: unknown;
  paymentInstrumentType?: unknown;
  creditCard?: { cardType?: unknown; last4?: unknown; expirationMonth?: unknown; expirationYear?: unknown };
  threeDSecureInfo?: { status?: unknown } | null;
  paymentMethodToken?: unknown;
  type?: unknown;
};

/** Braintree's paymentInstrumentType → our instrument type. */
const INSTRUMENT_TYPES: Record<string, 'card' | 'paypal' | 'google' | 'apple'> = {
  credit_card: 'card',
  paypal_account: 'paypal',
  android_pay_card: 'google',
  apple_pay_card: 'apple',
};

export function braintreeProvider(options: BraintreeProviderOptions): BraintreeProvider {
  const url = (path: string) => joinUrl(options.baseUrl, path);
  const auth: Record<string, string> = options.merchantKey ? { authorization: `Bearer ${options.merchantKey}` } : {};
  const send = (request: ProviderCall) => callProvider({ ...request, headers: { ...auth, ...request.headers } });
  const log = options.log ?? logFunction();
  const declined = (words: PaymentOutcomeWords, processorCode: string | null): ChargeDeclined => ({
    status: 'declined',
    provider: 'braintree',
    code: words.code,
    message: words.message,
    retryable: words.retryable,
    processorCode,
  });
  const unknown = (): ChargeResult => ({ status: 'unknown', provider: 'braintree' });

  /**
   * A recorded transaction as our result; null when it is not one we can read (treated as
   * unknown). A capture of another amount or currency than `expected` is unknown and held for
   * review (P7), with an alert logged.
   */
  function fromTransaction(tx: Transaction, method: string, expected: { amount: number; currency: string } | null): ChargeResult | ChargeSucceededWithVault | null {
    if (typeof tx.id !== 'string' || typeof tx.status !== 'string') {
      log('[payment] braintree answer without a transaction id or status: unknown', { orderRef: typeof tx.orderId === 'string' ? tx.orderId : null });
      return null;
    }
    const code = typeof tx.processorResponseCode === 'string' && tx.processorResponseCode ? tx.processorResponseCode : null;
    switch (tx.status) {
      case 'submitted_for_settlement':
      case 'settling':
      case 'settled':
      case 'authorized': {
        if (expected !== null && (tx.amount !== penceToDecimal(expected.amount) || tx.currencyIsoCode !== expected.currency)) {
          // P7: an amount or currency we did not ask for is never a success; held for review.
          log('[payment] ALERT braintree amount or currency mismatch: charge held for review', {
            transactionId: tx.id,
            orderRef: typeof tx.orderId === 'string' ? tx.orderId : null,
            amount: tx.amount,
            currency: tx.currencyIsoCode,
            expected: `${penceToDecimal(expected.amount)} ${expected.currency}`,
          });
          return { status: 'unknown', provider: 'braintree', review: true };
        }
        const kind = typeof tx.paymentInstrumentType === 'string' ? tx.paymentInstrumentType : 'credit_card';
        const cc = tx.creditCard ?? {};
        const cardType = typeof cc.cardType === 'string' ? cc.cardType : null;
        const vaultToken = typeof tx.paymentMethodToken === 'string' ? tx.paymentMethodToken : null;
        return {
          status: 'succeeded',
          provider: 'braintree',
          transactionId: tx.id,
          cardType,
          instrumentId: null,
          vaulted: vaultToken
            ? {
                vaultToken,
                type: INSTRUMENT_TYPES[kind] ?? 'card',
                cardType,
                last4: typeof cc.last4 === 'string' ? cc.last4 : null,
                expiryMonth: typeof cc.expirationMonth === 'number' ? cc.expirationMonth : null,
                expiryYear: typeof cc.expirationYear === 'number' ? cc.expirationYear : null,
              }
            : null,
        };
      }
      case 'processor_declined':
        return declined(processorDeclineWords(code ?? '2000', method), code);
      case 'settlement_declined': {
        // Authorised, then refused at settlement (P6): the money never arrived.
        const settlementCode = typeof tx.processorSettlementResponseCode === 'string' && tx.processorSettlementResponseCode ? tx.processorSettlementResponseCode : null;
        return declined(PAYMENT_OUTCOME_WORDS.tokenUnusable, settlementCode);
      }
      case 'failed':
        return declined(processorDeclineWords(code ?? '3000', method), code ?? '3000');
      case 'gateway_rejected': {
        const reason = typeof tx.gatewayRejectionReason === 'string' ? tx.gatewayRejectionReason : '';
        const threeDs = typeof tx.threeDSecureInfo?.status === 'string' ? tx.threeDSecureInfo.status : '';
        if (reason === 'three_d_secure' && (THREE_DS_UNAVAILABLE as readonly string[]).includes(threeDs)) return declined(PAYMENT_OUTCOME_WORDS.authenticationUnavailable, null);
        return declined(gatewayRejectionWords(reason), null);
      }
      default:
        log('[payment] braintree transaction status not known: unknown', { transactionId: tx.id, status: tx.status });
        return null;
    }
  }

  async function charge(req: ChargeRequest, call: ProviderCallOptions = {}): Promise<ChargeResult | ChargeSucceededWithVault> {
    const vaultToken = call.vaultToken ?? null;
    if (!vaultToken && !req.token) return declined(PAYMENT_OUTCOME_WORDS.tokenUnusable, null);
    // American Express and Diners (spec §5) are refused by the merchant account itself: the sale
    // answers validation error 81703 and no money moves (one call, no nonce lookup first).
    const answer = await send({
      method: 'POST',
      url: url('/transactions'),
      headers: { 'idempotency-key': req.idempotencyKey },
      body: {
        amount: penceToDecimal(req.amount),
        orderId: req.orderRef,
        ...(vaultToken ? { paymentMethodToken: vaultToken } : { paymentMethodNonce: req.token }),
        options: { submitForSettlement: true, storeInVaultOnSuccess: req.saveInstrument && !vaultToken },
        customer: { email: req.email },
      },
      signal: call.signal,
      fetch: options.fetch,
      retry: true,
    });
    if (answer.kind === 'unknown') return unknown();
    const body = answer.body as { success?: unknown; transaction?: Transaction; verification?: { processorResponseCode?: unknown }; errors?: Array<{ code?: unknown }> };
    if (answer.status === 200 && body.transaction) return fromTransaction(body.transaction, req.method, { amount: req.amount, currency: req.currency }) ?? unknown();
    if (answer.status === 200 && body.verification) {
      const code = typeof body.verification.processorResponseCode === 'string' ? body.verification.processorResponseCode : '2000';
      return declined(processorDeclineWords(code, req.method), code);
    }
    if (answer.status === 409) return unknown(); // the same key is still being worked on at the provider
    const errorCode = Array.isArray(body.errors) && typeof body.errors[0]?.code === 'string' ? body.errors[0].code : '';
    if (answer.status === 422 && ['93107', '91565', '91518', '91508'].includes(errorCode)) return declined(PAYMENT_OUTCOME_WORDS.tokenUnusable, null);
    if (answer.status === 422 && errorCode === '81715') return declined(PAYMENT_OUTCOME_WORDS.invalidCard, null);
    if (answer.status === 422 && errorCode === '81703') return declined(PAYMENT_OUTCOME_WORDS.cardNotAccepted, null);
    if (answer.status >= 400 && answer.status < 500) {
      log('[payment] braintree refused the request', { status: answer.status, errorCode, orderRef: req.orderRef });
      return declined(PAYMENT_OUTCOME_WORDS.providerRefused, null);
    }
    return unknown();
  }

  async function lookup(orderRef: string, call: ProviderCallOptions = {}): Promise<LookupResult> {
    const answer = await send({ method: 'GET', url: url(`/transactions?orderId=${encodeURIComponent(orderRef)}`), signal: call.signal, fetch: options.fetch, retry: true });
    if (answer.kind === 'unknown' || answer.status !== 200 || !Array.isArray(answer.body.transactions)) return unknown();
    // Refunds (credit transactions) are not charges.
    const transactions = (answer.body.transactions as Transaction[]).filter((tx) => tx.type !== 'credit');
    if (transactions.length === 0) return { status: 'none' };
    const method = (tx: Transaction) => METHOD_OF_INSTRUMENT[INSTRUMENT_TYPES[String(tx.paymentInstrumentType)] ?? 'card'];
    // A capture wins over the declines of earlier attempts.
    const captured = transactions.find((tx) => ['submitted_for_settlement', 'settling', 'settled', 'authorized'].includes(String(tx.status)));
    if (captured) {
      const result = fromTransaction(captured, method(captured), call.expected ?? null);
      if (!result) return unknown();
      // The vault token goes to createPayments, which saves it only for a charge that asked (P3).
      return result;
    }
    const last = transactions[transactions.length - 1]!;
    return fromTransaction(last, method(last), call.expected ?? null) ?? unknown();
  }

  // Never a customerId: the browser's token is a guest's (Drop-in lists no vaulted methods with it).
  async function clientToken(call: ProviderCallOptions = {}): Promise<string | null> {
    const answer = await send({ method: 'POST', url: url('/client_token'), body: {}, signal: call.signal, fetch: options.fetch, retry: true });
    if (answer.kind === 'unknown' || answer.status !== 200 || typeof answer.body.clientToken !== 'string') return null;
    return answer.body.clientToken;
  }

  async function ensureCustomer(customerId: string, call: ProviderCallOptions = {}): Promise<{ customerId: string; created: boolean } | null> {
    const created = await send({ method: 'POST', url: url('/customers'), body: { id: customerId }, signal: call.signal, fetch: options.fetch, retry: true });
    if (created.kind === 'unknown') return null;
    const customer = created.body.customer as { id?: unknown } | undefined;
    if (created.status === 201 && customer?.id === customerId) return { customerId, created: true };
    const errors = created.body.errors as Array<{ code?: unknown }> | undefined;
    // 91609: the id is taken, i.e. an earlier attempt (whose answer we lost) created it: find it.
    if (created.status !== 422 || !Array.isArray(errors) || errors[0]?.code !== '91609') {
      log('[payment] braintree refused the customer', { status: created.status });
      return null;
    }
    const found = await send({ method: 'GET', url: url(`/customers/${encodeURIComponent(customerId)}`), signal: call.signal, fetch: options.fetch, retry: true });
    if (found.kind === 'unknown' || found.status !== 200 || (found.body.customer as { id?: unknown } | undefined)?.id !== customerId) return null;
    return { customerId, created: false };
  }

  async function vaultNonce(vaultToken: string, call: ProviderCallOptions = {}): Promise<VaultNonce | 'not_found' | null> {
    const answer = await send({ method: 'POST', url: url('/payment_method_nonces'), body: { paymentMethodToken: vaultToken }, signal: call.signal, fetch: options.fetch, retry: true });
    if (answer.kind === 'unknown') return null;
    if (answer.status === 404) return 'not_found';
    const created = answer.body.paymentMethodNonce as { nonce?: unknown; type?: unknown; details?: { cardType?: unknown; lastFour?: unknown } } | undefined;
    if (answer.status !== 201 || typeof created?.nonce !== 'string') return null;
    return {
      nonce: created.nonce,
      type: typeof created.type === 'string' ? created.type : 'credit_card',
      cardType: typeof created.details?.cardType === 'string' ? created.details.cardType : null,
      last4: typeof created.details?.lastFour === 'string' ? created.details.lastFour : null,
    };
  }

  const errorCode = (body: Record<string, unknown>) => {
    const errors = body.errors as Array<{ code?: unknown }> | undefined;
    return Array.isArray(errors) && typeof errors[0]?.code === 'string' ? errors[0].code : '';
  };

  /**
   * The refund (credit) of sale `saleId` that we named `reference` (its orderId), found by
   * Transaction.search: Braintree has no idempotency key on refunds, so this is how a retry
   * learns that an attempt whose answer was lost went through. 'unknown' when the search failed.
   */
  async function findRefund(saleId: string, reference: string, call: ProviderCallOptions): Promise<Transaction | null | 'unknown'> {
    const answer = await send({ method: 'GET', url: url(`/transactions?orderId=${encodeURIComponent(reference)}`), signal: call.signal, fetch: options.fetch, retry: true });
    if (answer.kind === 'unknown' || answer.status !== 200 || !Array.isArray(answer.body.transactions)) return 'unknown';
    const found = (answer.body.transactions as Array<Transaction & { refundedTransactionId?: unknown }>).find((tx) => tx.type === 'credit' && tx.refundedTransactionId === saleId && typeof tx.id === 'string');
    return found ?? null;
  }

  /**
   * Transaction.refund with `amount` (decimal) and our refund's key as the credit's orderId. Not
   * retried on a 5xx (no idempotency key: a repeat could refund twice): unknown, and the caller's
   * later attempt (options.resumed) searches for the credit first and asks again only if none.
   */
  async function refund(req: RefundRequest, call: ProviderCallOptions = {}): Promise<RefundResult> {
    if (call.resumed) {
      const earlier = await findRefund(req.transactionId, req.idempotencyKey, call);
      if (earlier === 'unknown') return { status: 'unknown' };
      if (earlier) return { status: 'refunded', reference: earlier.id as string };
    }
    const answer = await send({
      method: 'POST',
      url: url(`/transactions/${encodeURIComponent(req.transactionId)}/refund`),
      body: { amount: penceToDecimal(req.amount), orderId: req.idempotencyKey },
      signal: call.signal,
      fetch: options.fetch,
    });
    if (answer.kind === 'unknown') return { status: 'unknown' };
    const credit = answer.body.transaction as Transaction | undefined;
    if (answer.status === 200 && typeof credit?.id === 'string') {
      if (credit.amount !== undefined && credit.amount !== penceToDecimal(req.amount)) {
        log('[payment] ALERT braintree refunded another amount than asked', { transactionId: req.transactionId, refundId: credit.id, amount: credit.amount, expected: penceToDecimal(req.amount) });
      }
      return { status: 'refunded', reference: credit.id };
    }
    const code = errorCode(answer.body);
    if (answer.status === 422 && (code === '91521' || code === '91512')) return { status: 'refused', code: 'REFUND_EXCEEDS_CAPTURE', message: code === '91521' ? 'Refund amount is too large.' : 'Transaction has already been fully refunded.' };
    if (answer.status === 422 && code === '91506') return { status: 'refused', code: 'REFUND_NOT_SETTLED', message: 'Cannot refund a transaction unless it is settled.' };
    if (answer.status >= 400 && answer.status < 500) {
      log('[payment] braintree refused the refund', { status: answer.status, errorCode: code, transactionId: req.transactionId });
      return { status: 'refused', code: 'REFUND_REFUSED', message: `The provider refused the refund (${code || answer.status}).` };
    }
    return { status: 'unknown' };
  }

  /**
   * Transaction.void while the capture is not settled, Transaction.refund of what is left once it
   * is (its credit named `reversal-<sale>`, found by a retry as refund's are).
   */
  async function reverse(transactionId: string, call: ProviderCallOptions = {}): Promise<ReverseResult> {
    const path = (op: string) => url(`/transactions/${encodeURIComponent(transactionId)}/${op}`);
    const voided = await send({ method: 'POST', url: path('void'), body: {}, signal: call.signal, fetch: options.fetch, retry: true });
    if (voided.kind === 'unknown') return { status: 'unknown' };
    if (voided.status === 200 && (voided.body.transaction as Transaction | undefined)?.status === 'voided') return { status: 'reversed', kind: 'void', reference: transactionId };
    if (voided.status !== 422 || errorCode(voided.body) !== '91504') {
      log('[payment] braintree refused the void', { status: voided.status, transactionId });
      return { status: 'unknown' };
    }
    const reference = `reversal-${transactionId}`;
    const earlier = await findRefund(transactionId, reference, call);
    if (earlier === 'unknown') return { status: 'unknown' };
    if (earlier) return { status: 'reversed', kind: 'refund', reference: earlier.id as string };
    const refunded = await send({ method: 'POST', url: path('refund'), body: { orderId: reference }, signal: call.signal, fetch: options.fetch });
    const credit = refunded.kind === 'unknown' ? undefined : (refunded.body.transaction as Transaction | undefined);
    if (refunded.kind === 'unknown' || refunded.status !== 200 || typeof credit?.id !== 'string') {
      if (refunded.kind !== 'unknown') log('[payment] braintree refused the refund', { status: refunded.status, errorCode: errorCode(refunded.body), transactionId });
      return { status: 'unknown' };
    }
    return { status: 'reversed', kind: 'refund', reference: credit.id };
  }

  return { name: 'braintree', charge, lookup, reverse, refund, clientToken, ensureCustomer, vaultNonce };
}
