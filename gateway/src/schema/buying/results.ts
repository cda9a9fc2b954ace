/**
 * Buying errors as data: the members of the result unions (ValidationError, NotFoundError,
 * StockError, PaymentError, RateLimitedError) built by ../user-errors.ts, and the buying
 * services' problems read through its one mapping. Anything else (a 500, a timeout, a contract
 * drift) is rethrown and masked as "Unexpected error." with a correlation id.
 */
import {
  notFound,
  problemOf,
  userErrorOf,
  validationError,
  type NotFoundErrorValue,
  type PaymentErrorValue,
  type MemberOf,
  type Problem,
  type ProblemMapping,
  type RateLimitedErrorValue,
  type StockErrorValue,
  type UserErrorTypename,
  type ValidationErrorValue,
} from '../user-errors.ts';

export { isErrorCode, notFound, paymentError, paymentWords, stockError, validationError } from '../user-errors.ts';
export type { MemberOf, NotFoundErrorValue, PaymentErrorValue, RateLimitedErrorValue, StockErrorValue, ValidationErrorValue };

export const basketNotFound = (): NotFoundErrorValue => notFound('BASKET_NOT_FOUND');

/** Spec §9: a code-guessing or express-buy lock lasts ten minutes when the service does not say. */
const DEFAULT_RETRY_AFTER_SECONDS = 600;

export interface BuyingMapping<T extends UserErrorTypename> {
  /** The error members of the mutation's result union (schema.graphql): a problem of another is rethrown (masked). */
  allowed: readonly T[];
  /** Service field names as the GraphQL input names them. */
  fieldAliases?: Record<string, string>;
}

// The error members of the buying result unions, as schema.graphql has them.
export const BASKET_ERRORS = ['StockError', 'ValidationError', 'NotFoundError'] as const;
export const CHECKOUT_ERRORS = ['NotFoundError', 'ValidationError', 'StockError', 'RateLimitedError'] as const;
export const START_PAYMENT_ERRORS = ['ValidationError', 'NotFoundError', 'PaymentError'] as const;
export const ORDER_ERRORS = ['PaymentError', 'StockError', 'ValidationError', 'NotFoundError'] as const;
export const EXPRESS_BUY_ERRORS = ['ValidationError', 'RateLimitedError'] as const;

function mappingOf<T extends UserErrorTypename>(options: BuyingMapping<T>): ProblemMapping<T> {
  const alias = (field: string) => options.fieldAliases?.[field] ?? field;
  return {
    allowed: options.allowed,
    validationStatuses: [400, 409, 422],
    // The buying services word their field errors for the shopper already (their zod messages).
    fields: (errors, code) => errors.map((e) => validationError(alias(e.field), e.message, code)),
    fallbackField: null,
    defaultRetryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS,
  };
}

/** A problem the service answered (code, status, fields) as the result-union member, or null when it is not one the shopper can act on. */
export function problemMember<T extends UserErrorTypename>(problem: Problem, options: BuyingMapping<T>): MemberOf<T> | null {
  return userErrorOf(problem, mappingOf(options));
}

/** A ServiceError from a buying call as a member, or rethrown. */
export function fromServiceError<T extends UserErrorTypename>(error: unknown, options: BuyingMapping<T>): MemberOf<T> {
  const problem = problemOf(error);
  const member = problem ? problemMember(problem, options) : null;
  if (member) return member;
  throw error;
}
