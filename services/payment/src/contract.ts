/**
 * The payment service's contract (services/checkout/README.md "@shop/payment"): what a charge
 * asks, what it answers, and the interface every provider adapter implements.
 */
import type { PaymentMethod, PaymentProviderName } from '@shop/domain/buying';

export type { PaymentMethod, PaymentProviderName };

export type ChargeRequest = {
  /** The provider idempotency key (the checkout passes the order id). */
  idempotencyKey: string;
  /** Our reference for the charge (the order id); lookup() finds the charge by it. */
  orderRef: string;
  method: PaymentMethod;
  /** Integer pence, > 0. */
  amount: number;
  currency: 'GBP';
  /** One-time token from the sandbox (nonce, Klarna authorization token, Clearpay checkout token), or null with savedInstrumentId. */
  token: string | null;
  savedInstrumentId: string | null;
  saveInstrument: boolean;
  customerToken: string | null;
  email: string;
  /** POST /bt/addon: the add-on this charge pays for and its parent order, recorded on the charge. */
  addon?: { type: 'VVE'; parentOrderRef: string } | null;
};

export type DeclineCode = 'PAYMENT_DECLINED' | 'PAYMENT_FAILED' | 'CARD_NOT_ACCEPTED';

export type ChargeSucceeded = {
  status: 'succeeded';
  provider: PaymentProviderName;
  transactionId: string;
  cardType: string | null;
  instrumentId: string | null;
};
export type ChargeDeclined = {
  status: 'declined';
  provider: PaymentProviderName;
  code: DeclineCode;
  /** A BUYING_MESSAGES word (spec §8). */
  message: string;
  /** The shopper may try again (same or another method) without changing anything. */
  retryable: boolean;
  processorCode: string | null;
};
/** `review`: the provider answered with an amount or currency we did not ask for (P7): never a success, held for a person to look at. */
export type ChargeUnknown = { status: 'unknown'; provider: PaymentProviderName; review?: true };
export type ChargeResult = ChargeSucceeded | ChargeDeclined | ChargeUnknown;
export type LookupResult = ChargeResult | { status: 'none' };

/**
 * What an adapter gets besides the request: the deadline's abort signal, and for a saved
 * instrument the provider's vault token instead of a one-time token.
 */
export type ProviderCallOptions = {
  signal?: AbortSignal;
  /** The vault token of the saved instrument being charged (req.savedInstrumentId resolved by createPayments). */
  vaultToken?: string | null;
  /** lookup: what the charge asked for, so an answer for another amount or currency is not taken as ours. */
  expected?: { amount: number; currency: string } | null;
  /**
   * refund: an earlier attempt with this key may have reached the provider (its answer was lost):
   * an adapter whose provider has no idempotency key (Braintree) looks for that refund first.
   */
  resumed?: boolean;
};

/** What a successful charge tells createPayments about the instrument, so it can save it. */
export type ChargeSucceededWithVault = ChargeSucceeded & {
  vaulted?: { vaultToken: string; type: 'card' | 'paypal' | 'google' | 'apple' | 'klarna' | 'clearpay'; cardType: string | null; last4: string | null; expiryMonth: number | null; expiryYear: number | null } | null;
};

/** A captured charge given back: voided before settlement, or refunded (reference: the refund's id). */
export type ReverseResult = { status: 'reversed'; kind: 'void' | 'refund'; reference: string } | { status: 'unknown' };

/**
 * Money given back for part of a capture (issue 16.5: one voucher at a time, several over time),
 * to the original payment method. Each refund has its own idempotency key: a retry with the key
 * never gives back twice.
 */
export type RefundRequest = {
  /** The capture (ChargeSucceeded.transactionId: Braintree sale, Klarna order, Clearpay order id). */
  transactionId: string;
  /** The order the capture paid for (ChargeRequest.orderRef). */
  orderRef: string;
  /** Integer pence, > 0. */
  amount: number;
  currency: 'GBP';
  /** Ours, 1–64 printable ASCII characters: the same key for every retry of this refund. */
  idempotencyKey: string;
  /** Why (e.g. 'ON_DEMAND_REFUND voucher <id>'): recorded with the refund, 1–500 characters. */
  reason: string;
};

export type RefundRefusalCode =
  /** Σ refunds of the capture would exceed what it captured (our check or the provider's). */
  | 'REFUND_EXCEEDS_CAPTURE'
  /** The capture has not settled yet (Braintree 91506): try again later with the same key. */
  | 'REFUND_NOT_SETTLED'
  /** Any other refusal (no such capture, voided, declined at settlement, the provider said no). */
  | 'REFUND_REFUSED';

/**
 * refunded: the provider took the refund (reference: its refund id, e.g. a Braintree credit).
 * refused: it did not and will not as asked (REFUND_NOT_SETTLED: not yet).
 * unknown: timeout, reset, 5xx: the money may have moved: ask again later with the same key;
 * never read it as refused.
 */
export type RefundResult =
  | { status: 'refunded'; reference: string }
  | { status: 'refused'; code: RefundRefusalCode; message: string }
  | { status: 'unknown' };

export interface PaymentProvider {
  name: PaymentProviderName;
  charge(req: ChargeRequest, options?: ProviderCallOptions): Promise<ChargeResult | ChargeSucceededWithVault>;
  lookup(orderRef: string, options?: ProviderCallOptions): Promise<LookupResult>;
  /** Gives a capture back (void or refund), idempotent by the transaction; absent where the adapter cannot yet. */
  reverse?(transactionId: string, options?: ProviderCallOptions): Promise<ReverseResult>;
  /** Gives back part (or all) of a capture, idempotent by req.idempotencyKey; absent where the adapter cannot. */
  refund?(req: RefundRequest, options?: ProviderCallOptions): Promise<RefundResult>;
}
