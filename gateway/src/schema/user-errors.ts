/**
 * Errors a shopper can act on, as data (style.md §6; schema.graphql `interface UserError`): the
 * members of the result unions, built in the domain's and the spec §8 words, and the one mapping
 * from a service's problem to the member a mutation answers. Anything the mapping does not place
 * (a 500, a timeout, a contract drift, a member the union does not have) is rethrown by the
 * caller and masked as "Unexpected error." with a correlation id.
 */
import { BUYING_MESSAGES, ERROR_CODES, messageFor, type ErrorCode } from '@shop/domain';
import { isServiceError, type ServiceError } from '../clients/service-error.ts';

export type UserErrorTypename =
  | 'ValidationError'
  | 'FormErrors'
  | 'RateLimitedError'
  | 'UnauthenticatedError'
  | 'LoginFailedError'
  | 'AccountLockedError'
  | 'InvalidLinkError'
  | 'NotFoundError'
  | 'StockError'
  | 'PaymentError'
  | 'VoucherActionError';

export interface UserErrorValue<T extends UserErrorTypename = UserErrorTypename> {
  __typename: T;
  code: ErrorCode;
  message: string;
  field: string | null;
}
export type ValidationErrorValue = UserErrorValue<'ValidationError'>;
export type NotFoundErrorValue = UserErrorValue<'NotFoundError'>;
export interface FormErrorsValue extends UserErrorValue<'FormErrors'> {
  errors: ValidationErrorValue[];
}
export interface RateLimitedErrorValue extends UserErrorValue<'RateLimitedError'> {
  retryAfterSeconds: number;
}
export interface StockErrorValue extends UserErrorValue<'StockError'> {
  productId: number | null;
  available: number | null;
}
export interface PaymentErrorValue extends UserErrorValue<'PaymentError'> {
  retryable: boolean;
}
type PlainTypename = Exclude<UserErrorTypename, 'FormErrors' | 'RateLimitedError' | 'StockError' | 'PaymentError'>;
type Plain<T> = T extends PlainTypename ? UserErrorValue<T> : never;
export type UserErrorMember = Plain<PlainTypename> | FormErrorsValue | RateLimitedErrorValue | StockErrorValue | PaymentErrorValue;
/** The members of a union that has the error types `T`: what a mapping allowing `T` answers. */
export type MemberOf<T extends UserErrorTypename> = Extract<UserErrorMember, { __typename: T }>;

export const isErrorCode = (code: string): code is ErrorCode => (ERROR_CODES as string[]).includes(code);

export function userError<T extends UserErrorTypename>(typename: T, code: ErrorCode, field: string | null = null, message: string = messageFor(code)): UserErrorValue<T> {
  return { __typename: typename, code, message, field };
}

export const validationError = (field: string | null, message: string, code: ErrorCode = 'VALIDATION_FAILED'): ValidationErrorValue => userError('ValidationError', code, field, message);

export const formErrors = (errors: ValidationErrorValue[], code: ErrorCode = 'VALIDATION_FAILED'): FormErrorsValue => ({
  ...userError('FormErrors', code, errors[0]?.field ?? null),
  errors,
});

export const rateLimited = (retryAfterSeconds: number, field: string | null = null, code: ErrorCode = 'RATE_LIMITED'): RateLimitedErrorValue => ({
  ...userError('RateLimitedError', code, field),
  retryAfterSeconds,
});

export const notFound = (code: ErrorCode = 'NOT_FOUND', field: string | null = null): NotFoundErrorValue => userError('NotFoundError', code, field);

export const stockError = (code: ErrorCode, productId: number | null, available: number | null, field: string | null = 'quantity'): StockErrorValue => ({
  ...userError('StockError', code, field),
  productId,
  available,
});

export const paymentError = (code: ErrorCode, message: string, retryable: boolean, field: string | null = null): PaymentErrorValue => ({
  ...userError('PaymentError', code, field, message),
  retryable,
});

/** A change a voucher's status or dates no longer allow (the vouchers service's 409s): its own member, in the service's words of why. */
const VOUCHER_ACTION_CODES = new Set<string>(['VOUCHER_NOT_REFUNDABLE', 'REFUND_WINDOW_CLOSED', 'VOUCHER_NOT_REDEEMABLE', 'VOUCHER_NOT_EXCHANGEABLE', 'VOUCHER_NOT_EXPIRED', 'VOUCHER_NOT_RETURNABLE', 'GIFT_ALREADY_CLAIMED', 'OWN_GIFT', 'VOUCHER_NOT_GIFTABLE', 'GIFT_NO_LONGER_AVAILABLE', 'GIFT_RECEIVED_NOT_REFUNDABLE']);

const STOCK_CODES = new Set<string>(['DEAL_SOLD_OUT', 'INSUFFICIENT_STOCK', 'PURCHASE_LIMIT', 'HOLD_EXPIRED', 'HOLD_LIMIT', 'DEAL_CLOSED']);
const PAYMENT_CODES = new Set<string>(['PAYMENT_DECLINED', 'PAYMENT_FAILED', 'CARD_NOT_ACCEPTED', 'PAYMENT_METHOD_UNAVAILABLE', 'WALLET_INSUFFICIENT', 'IDEMPOTENCY_CONFLICT', 'PAYMENT_PENDING']);

/** The words of a payment problem: the service's own spec §8 message when it sent one of BUYING_MESSAGES, else the code's. */
const KNOWN_PAYMENT_WORDS = new Set<string>(Object.values(BUYING_MESSAGES));
export function paymentWords(code: ErrorCode, message: string | null): string {
  return message && KNOWN_PAYMENT_WORDS.has(message) ? message : messageFor(code);
}

/** A service's problem as the gateway reads it (a ServiceError's, or an order answer's status as data). */
export interface Problem {
  status: number;
  code: string;
  message?: string | null;
  retryable?: boolean | null;
  productId?: number | null;
  available?: number | null;
  retryAfterSeconds?: number | null;
  errors?: readonly { field: string; message: string }[];
}

/** How one slice reads its services' problems. */
export interface ProblemMapping<T extends UserErrorTypename = UserErrorTypename> {
  /** The union's members: a problem whose member is not among them is not placed (null). */
  allowed: readonly T[];
  /** The statuses whose field errors are a validation failure. */
  validationStatuses: readonly number[];
  /** A service's field errors in the form's terms (names and words). */
  fields(errors: readonly { field: string; message: string }[], code: ErrorCode): ValidationErrorValue[];
  /** The field of an answer that names none. */
  fallbackField: string | null;
  /** The wait of a 429 that says nothing about it. */
  defaultRetryAfterSeconds: number;
  /** Where WRONG_PASSWORD points (the current password, or the delete form's password). */
  wrongPasswordField?: string;
}

/** The one mapping: a problem as the result-union member the shopper can act on, or null. */
export function userErrorOf<T extends UserErrorTypename>(problem: Problem, mapping: ProblemMapping<T>): MemberOf<T> | null {
  const allowed = new Set<UserErrorTypename>(mapping.allowed);
  const isAllowed = (value: UserErrorMember): value is MemberOf<T> => allowed.has(value.__typename);
  // Only a member of an allowed type leaves.
  const pick = (value: UserErrorMember): MemberOf<T> | null => (isAllowed(value) ? value : null);
  const { status, code } = problem;
  const errorCode = isErrorCode(code) ? code : null;
  const firstField = problem.errors?.[0] ? (mapping.fields(problem.errors.slice(0, 1), 'VALIDATION_FAILED')[0]?.field ?? null) : null;
  switch (code) {
    case 'RATE_LIMITED':
      return pick(rateLimited(problem.retryAfterSeconds ?? mapping.defaultRetryAfterSeconds, firstField));
    case 'SIGN_IN_THROTTLED':
      // The sign-in throttle: the same answer for every email; the client offers the sign-in link.
      return pick(rateLimited(problem.retryAfterSeconds ?? mapping.defaultRetryAfterSeconds, null, 'SIGN_IN_THROTTLED'));
    case 'UNAUTHENTICATED':
      return pick(userError('UnauthenticatedError', 'UNAUTHENTICATED'));
    case 'INVALID_CREDENTIALS':
    case 'EMAIL_NOT_CONFIRMED':
      return pick(userError('LoginFailedError', code));
    case 'ACCOUNT_LOCKED':
      return pick(userError('AccountLockedError', 'ACCOUNT_LOCKED'));
    case 'INVALID_LINK':
      return pick(userError('InvalidLinkError', 'INVALID_LINK', 'token')) ?? pick(userError('LoginFailedError', 'INVALID_LINK', 'token'));
    case 'WRONG_PASSWORD':
      return pick(formErrors([validationError(mapping.wrongPasswordField ?? 'password', messageFor('WRONG_PASSWORD'), 'WRONG_PASSWORD')], 'WRONG_PASSWORD'));
    case 'PRICE_CHANGED':
      return pick(validationError('expectedCashAmount', messageFor('PRICE_CHANGED'), 'PRICE_CHANGED'));
  }
  if (status === 404) return pick(code === 'BASKET_NOT_FOUND' ? notFound('BASKET_NOT_FOUND') : notFound(errorCode ?? 'NOT_FOUND', firstField));
  if (errorCode && VOUCHER_ACTION_CODES.has(code) && allowed.has('VoucherActionError')) {
    // The service's detail says why (its status, the day the window closed) after the code's words.
    const words = messageFor(errorCode);
    return pick(userError('VoucherActionError', errorCode, null, problem.message?.startsWith(words) ? problem.message : words));
  }
  if (errorCode && STOCK_CODES.has(code) && allowed.has('StockError')) {
    return pick(stockError(errorCode, problem.productId ?? null, problem.available ?? (code === 'DEAL_SOLD_OUT' ? 0 : null)));
  }
  if (errorCode && PAYMENT_CODES.has(code) && allowed.has('PaymentError')) {
    const field = code === 'PAYMENT_METHOD_UNAVAILABLE' || code === 'CARD_NOT_ACCEPTED' ? 'method' : null;
    return pick(paymentError(errorCode, paymentWords(errorCode, problem.message ?? null), problem.retryable ?? code !== 'CARD_NOT_ACCEPTED', field));
  }
  if (mapping.validationStatuses.includes(status)) {
    const validationCode: ErrorCode = errorCode && !STOCK_CODES.has(code) && !PAYMENT_CODES.has(code) ? errorCode : 'VALIDATION_FAILED';
    const fields = mapping.fields(problem.errors ?? [], validationCode);
    if (allowed.has('FormErrors')) return pick(formErrors(fields.length ? fields : [validationError(mapping.fallbackField, messageFor('VALIDATION_FAILED'))]));
    if (allowed.has('ValidationError')) return pick(fields[0] ?? validationError(mapping.fallbackField, messageFor(validationCode), validationCode));
  }
  if (status === 401) return pick(userError('UnauthenticatedError', 'UNAUTHENTICATED'));
  return null;
}

/** A ServiceError's problem (a 4xx, of one of `services` when given), or null for anything else. */
export function problemOf(error: unknown, services?: readonly string[]): Problem | null {
  if (!isServiceError(error) || (services && !services.includes(error.service)) || error.status < 400 || error.status > 499) return null;
  const e: ServiceError = error;
  return { status: e.status, code: e.code, errors: e.fieldErrors, retryAfterSeconds: e.retryAfterSeconds, ...e.problem };
}
