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
};

/** What a successful charge tells createPayments about the instrument, so it can save it. */
export type ChargeSucceededWithVault = ChargeSucceeded & {
  vaulted?: { vaultToken: string; type: 'card' | 'paypal' | 'google' | 'apple' | 'klarna' | 'clearpay'; cardType: string | null; last4: string | null; expiryMonth: number | null; expiryYear: number | null } | null;
};

/** A captured charge given back: voided before settlement, or refunded (reference: the refund's id). */
export type ReverseResult = { status: 'reversed'; kind: 'void' | 'refund'; reference: string } | { status: 'unknown' };

export interface PaymentProvider {
  name: PaymentProviderName;
  charge(req: ChargeRequest, options?: ProviderCallOptions): Promise<ChargeResult | ChargeSucceededWithVault>;
  lookup(orderRef: string, options?: ProviderCallOptions): Promise<LookupResult>;
  /** Gives a capture back (void or refund), idempotent by the transaction; absent where the adapter cannot yet. */
  reverse?(transactionId: string, options?: ProviderCallOptions): Promise<ReverseResult>;
}
