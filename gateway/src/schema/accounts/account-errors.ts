/**
 * Account errors as data (style.md §6): a zod failure of the input, or a problem from the users
 * service, becomes the member of the mutation's result union the shopper can act on, in the
 * spec's or the domain's words. Anything else (a 500, a timeout, a contract drift) is rethrown
 * and masked as "Unexpected error." with a correlation id.
 */
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, allFieldErrors, fieldErrors, messageFor, type ErrorCode } from '@shop/domain';
import { isServiceError } from '../../clients/service-error.ts';

export type AccountErrorTypename =
  | 'ValidationError'
  | 'FormErrors'
  | 'RateLimitedError'
  | 'UnauthenticatedError'
  | 'LoginFailedError'
  | 'AccountLockedError'
  | 'InvalidLinkError';

export interface UserErrorValue {
  __typename: AccountErrorTypename;
  code: ErrorCode;
  message: string;
  field: string | null;
}

export interface ValidationErrorValue extends UserErrorValue {
  __typename: 'ValidationError';
}

export interface FormErrorsValue extends UserErrorValue {
  __typename: 'FormErrors';
  errors: ValidationErrorValue[];
}

export interface RateLimitedErrorValue extends UserErrorValue {
  __typename: 'RateLimitedError';
  retryAfterSeconds: number;
}

export type AccountError = UserErrorValue | FormErrorsValue | RateLimitedErrorValue;

/** When a 429 says nothing about the wait: a minute. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

export function userError(typename: AccountErrorTypename, code: ErrorCode, field: string | null = null, message: string = messageFor(code)): UserErrorValue {
  return { __typename: typename, code, message, field };
}

export function validationError(field: string | null, message: string, code: ErrorCode = 'VALIDATION_FAILED'): ValidationErrorValue {
  return { __typename: 'ValidationError', code, message, field };
}

export function formErrors(errors: ValidationErrorValue[], code: ErrorCode = 'VALIDATION_FAILED'): FormErrorsValue {
  return { __typename: 'FormErrors', code, message: messageFor(code), field: errors[0]?.field ?? null, errors };
}

export function rateLimited(retryAfterSeconds: number | null): RateLimitedErrorValue {
  return {
    __typename: 'RateLimitedError',
    code: 'RATE_LIMITED',
    message: messageFor('RATE_LIMITED'),
    field: null,
    retryAfterSeconds: retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS,
  };
}

/** The first failing rule per field, as a ValidationError (forms that show one message). */
export function firstZodError(error: z.ZodError): ValidationErrorValue {
  const [first] = fieldErrors(error);
  return validationError(first?.field ?? 'input', first?.message ?? messageFor('VALIDATION_FAILED'));
}

/** Every failing rule (the change-password form lists each). */
export function zodFormErrors(error: z.ZodError): FormErrorsValue {
  return formErrors(allFieldErrors(error).map((e) => validationError(e.field, e.message)));
}

/** The REST bodies wrap the GraphQL fields (spec §7 names): field names as the shopper's form has them. */
const FIELD_ALIASES: Record<string, string> = { j_username: 'email', j_password: 'password' };
const WRAPPERS = /^(?:requestRegistration|loginRequest|passwordChange|user|requestSubscriptionDetails|body)\./;
const KNOWN_MESSAGES = new Set<string>(Object.values(ACCOUNT_MESSAGES));

/** A service's field errors in the form's terms; a message that is not one of ours is replaced by the generic one. */
export function serviceFieldErrors(fields: readonly { field: string; message: string }[]): ValidationErrorValue[] {
  return fields.map(({ field, message }) => {
    const plain = field.replace(WRAPPERS, '');
    const name = FIELD_ALIASES[plain] ?? (/^[A-Za-z][A-Za-z0-9_.]{0,60}$/.test(plain) ? plain : 'input');
    return validationError(name, KNOWN_MESSAGES.has(message) ? message : messageFor('VALIDATION_FAILED'));
  });
}

export interface ServiceErrorMapping {
  /** The union's members; a problem whose member is not among them is rethrown. */
  allowed: readonly AccountErrorTypename[];
  /** Where WRONG_PASSWORD points (the current password, or the delete form's password). */
  wrongPasswordField?: string;
}

/**
 * The union member for a users-service problem, or null (rethrow: masked). Unauthenticated is
 * reported to the caller too, so it can clear the dead session cookie.
 */
export function fromServiceError(error: unknown, mapping: ServiceErrorMapping): AccountError | null {
  if (!isServiceError(error) || error.service !== 'users') return null;
  const allowed = new Set(mapping.allowed);
  const pick = (value: AccountError): AccountError | null => (allowed.has(value.__typename) ? value : null);
  switch (error.code) {
    case 'RATE_LIMITED':
      return pick(rateLimited(error.retryAfterSeconds));
    case 'SIGN_IN_THROTTLED':
      // The sign-in throttle: the same answer for every email; the client offers the sign-in link.
      return pick({ ...rateLimited(error.retryAfterSeconds), code: 'SIGN_IN_THROTTLED', message: messageFor('SIGN_IN_THROTTLED') });
    case 'UNAUTHENTICATED':
      return pick(userError('UnauthenticatedError', 'UNAUTHENTICATED'));
    case 'INVALID_CREDENTIALS':
    case 'EMAIL_NOT_CONFIRMED':
      return pick(userError('LoginFailedError', error.code));
    case 'ACCOUNT_LOCKED':
      return pick(userError('AccountLockedError', 'ACCOUNT_LOCKED'));
    case 'INVALID_LINK':
      return allowed.has('InvalidLinkError')
        ? userError('InvalidLinkError', 'INVALID_LINK', 'token')
        : allowed.has('LoginFailedError')
          ? userError('LoginFailedError', 'INVALID_LINK', 'token')
          : null;
    case 'WRONG_PASSWORD': {
      const field = mapping.wrongPasswordField ?? 'password';
      return pick(formErrors([validationError(field, messageFor('WRONG_PASSWORD'), 'WRONG_PASSWORD')], 'WRONG_PASSWORD'));
    }
  }
  if (error.status === 400) {
    const fields = serviceFieldErrors(error.fieldErrors);
    if (allowed.has('FormErrors')) return formErrors(fields.length ? fields : [validationError('input', messageFor('VALIDATION_FAILED'))]);
    if (allowed.has('ValidationError')) return fields[0] ?? validationError('input', messageFor('VALIDATION_FAILED'));
  }
  if (error.status === 401 && allowed.has('UnauthenticatedError')) return userError('UnauthenticatedError', 'UNAUTHENTICATED');
  return null;
}

/** GraphQL gives explicit nulls for omitted optional fields; the domain schemas want them absent. */
export function withoutNulls<T extends object>(input: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined)) as { [K in keyof T]: Exclude<T[K], null> };
}
