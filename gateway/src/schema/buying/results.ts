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
  type Problem,
  type ProblemMapping,
  type RateLimitedErrorValue,
  type StockErrorValue,
  type UserErrorTypename,
  type ValidationErrorValue,
} from '../user-errors.ts';

export { isErrorCode, notFound, paymentError, paymentWords, stockError, validationError } from '../user-errors.ts';
export type { NotFoundErrorValue, PaymentErrorValue, RateLimitedErrorValue, StockErrorValue, ValidationErrorValue };
export type BuyingError = ValidationErrorValue | NotFoundErrorValue | StockErrorValue | PaymentErrorValue | RateLimitedErrorValue;

export const basketNotFound = (): NotFoundErrorValue => notFound('BASKET_NOT_FOUND');

/** Spec §9: a code-guessing or express-buy lock lasts ten minutes when the service does not say. */
const DEFAULT_RETRY_AFTER_SECONDS = 600;

export interface BuyingMapping {
  /** The answer may be a PaymentError (paying, starting a payment). */
  allowPayment?: boolean;
  /** The answer may be a StockError (default: yes). */
  allowStock?: boolean;
  /** Service field names as the GraphQL input names them. */
  fieldAliases?: Record<string, string>;
}

function mappingOf(options: BuyingMapping): ProblemMapping {
  const alias = (field: string) => options.fieldAliases?.[field] ?? field;
  const allowed: UserErrorTypename[] = ['ValidationError', 'NotFoundError', 'RateLimitedError'];
  if (options.allowStock !== false) allowed.push('StockError');
  if (options.allowPayment) allowed.push('PaymentError');
  return {
    allowed,
    validationStatuses: [400, 409, 422],
    // The buying services word their field errors for the shopper already (their zod messages).
    fields: (errors, code) => errors.map((e) => validationError(alias(e.field), e.message, code)),
    fallbackField: null,
    defaultRetryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS,
  };
}

/** A problem the service answered (code, status, fields) as the result-union member, or null when it is not one the shopper can act on. */
export function problemMember(problem: Problem, options: BuyingMapping = {}): BuyingError | null {
  // The mapping allows buying members only (mappingOf), so the member is one of BuyingError's.
  return userErrorOf(problem, mappingOf(options)) as BuyingError | null;
}

/** A ServiceError from a buying call as a member, or rethrown. */
export function fromServiceError(error: unknown, options: BuyingMapping = {}): BuyingError {
  const problem = problemOf(error);
  const member = problem ? problemMember(problem, options) : null;
  if (member) return member;
  throw error;
}
