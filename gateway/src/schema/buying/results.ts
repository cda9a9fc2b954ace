/**
 * Buying errors as data: the members of the result unions (ValidationError, NotFoundError,
 * StockError, PaymentError, ExpressBuyIneligibleError) in the domain's and the spec §8 words, and
 * the mapping from a service's problem to the member the shopper can act on. Anything else (a
 * 500, a timeout, a contract drift) is rethrown and masked as "Unexpected error." with a
 * correlation id.
 */
import { BUYING_MESSAGES, ERROR_CODES, messageFor, type ErrorCode } from '@shop/domain';
import { isServiceError } from '../../clients/service-error.ts';

export interface ValidationErrorValue {
  __typename: 'ValidationError';
  code: ErrorCode;
  message: string;
  field: string | null;
}
export interface NotFoundErrorValue {
  __typename: 'NotFoundError';
  code: ErrorCode;
  message: string;
  field: string | null;
}
export interface StockErrorValue {
  __typename: 'StockError';
  code: ErrorCode;
  message: string;
  field: string | null;
  productId: number | null;
  available: number | null;
}
export interface PaymentErrorValue {
  __typename: 'PaymentError';
  code: ErrorCode;
  message: string;
  field: string | null;
  retryable: boolean;
}
/** Too many code guesses or express-buy tokens (issue 14): the accounts' RateLimitedError. */
export interface RateLimitedErrorValue {
  __typename: 'RateLimitedError';
  code: ErrorCode;
  message: string;
  field: string | null;
  retryAfterSeconds: number;
}
export type BuyingError = ValidationErrorValue | NotFoundErrorValue | StockErrorValue | PaymentErrorValue | RateLimitedErrorValue;

export const validationError = (field: string | null, message: string, code: ErrorCode = 'VALIDATION_FAILED'): ValidationErrorValue => ({
  __typename: 'ValidationError',
  code,
  message,
  field,
});

export const notFound = (code: ErrorCode = 'NOT_FOUND', field: string | null = null): NotFoundErrorValue => ({
  __typename: 'NotFoundError',
  code,
  message: messageFor(code),
  field,
});

export const basketNotFound = (): NotFoundErrorValue => notFound('BASKET_NOT_FOUND');

export const stockError = (code: ErrorCode, productId: number | null, available: number | null, field: string | null = 'quantity'): StockErrorValue => ({
  __typename: 'StockError',
  code,
  message: messageFor(code),
  field,
  productId,
  available,
});

export const paymentError = (code: ErrorCode, message: string, retryable: boolean, field: string | null = null): PaymentErrorValue => ({
  __typename: 'PaymentError',
  code,
  message,
  field,
  retryable,
});

export const isErrorCode = (code: string): code is ErrorCode => (ERROR_CODES as string[]).includes(code);

const STOCK_CODES = new Set<string>(['DEAL_SOLD_OUT', 'INSUFFICIENT_STOCK', 'PURCHASE_LIMIT', 'HOLD_EXPIRED', 'HOLD_LIMIT', 'DEAL_CLOSED']);
const PAYMENT_CODES = new Set<string>(['PAYMENT_DECLINED', 'PAYMENT_FAILED', 'CARD_NOT_ACCEPTED', 'PAYMENT_METHOD_UNAVAILABLE', 'WALLET_INSUFFICIENT', 'IDEMPOTENCY_CONFLICT', 'PAYMENT_PENDING']);

/** The words of a payment problem: the service's own spec §8 message when it sent one of BUYING_MESSAGES, else the code's. */
const KNOWN_WORDS = new Set<string>(Object.values(BUYING_MESSAGES));
export function paymentWords(code: ErrorCode, message: string | null): string {
  return message && KNOWN_WORDS.has(message) ? message : messageFor(code);
}

/** A problem the service answered (code, status, fields) as the result-union member, or null when it is not one the shopper can act on. */
export function problemMember(
  problem: {
    status: number;
    code: string;
    message?: string | null;
    retryable?: boolean | null;
    productId?: number | null;
    available?: number | null;
    retryAfterSeconds?: number | null;
    errors?: { field: string; message: string }[];
  },
  options: { allowPayment?: boolean; allowStock?: boolean; fieldAliases?: Record<string, string> } = {},
): BuyingError | null {
  const { status, code } = problem;
  const alias = (field: string) => options.fieldAliases?.[field] ?? field;
  if (status === 404) {
    if (code === 'BASKET_NOT_FOUND') return basketNotFound();
    const field = problem.errors?.[0]?.field;
    return notFound(isErrorCode(code) ? code : 'NOT_FOUND', field ? alias(field) : null);
  }
  if (options.allowStock !== false && STOCK_CODES.has(code) && isErrorCode(code)) {
    return stockError(code, problem.productId ?? null, problem.available ?? (code === 'DEAL_SOLD_OUT' ? 0 : null));
  }
  if (options.allowPayment && PAYMENT_CODES.has(code) && isErrorCode(code)) {
    const retryable = problem.retryable ?? code !== 'CARD_NOT_ACCEPTED';
    return paymentError(code, paymentWords(code, problem.message ?? null), retryable, code === 'PAYMENT_METHOD_UNAVAILABLE' || code === 'CARD_NOT_ACCEPTED' ? 'method' : null);
  }
  if (status === 429 && code === 'RATE_LIMITED') {
    const field = problem.errors?.[0]?.field;
    return { __typename: 'RateLimitedError', code, message: messageFor(code), field: field ? alias(field) : null, retryAfterSeconds: problem.retryAfterSeconds ?? 600 };
  }
  if (code === 'PRICE_CHANGED') return validationError('expectedCashAmount', messageFor('PRICE_CHANGED'), 'PRICE_CHANGED');
  if (status === 400 || status === 422 || status === 409) {
    const first = problem.errors?.[0];
    const errorCode: ErrorCode = isErrorCode(code) && !STOCK_CODES.has(code) && !PAYMENT_CODES.has(code) ? code : 'VALIDATION_FAILED';
    if (first) return validationError(alias(first.field), first.message, errorCode);
    return validationError(null, messageFor(errorCode), errorCode);
  }
  return null;
}

/** A ServiceError from a basket/checkout call as a member, or rethrown. */
export function fromServiceError(error: unknown, options: Parameters<typeof problemMember>[1] = {}): BuyingError {
  if (isServiceError(error) && error.status >= 400 && error.status < 500) {
    const member = problemMember({ status: error.status, code: error.code, errors: error.fieldErrors, ...error.problem, retryAfterSeconds: error.retryAfterSeconds }, options);
    if (member) return member;
  }
  throw error;
}
