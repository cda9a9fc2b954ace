/**
 * Account errors as data (style.md §6): a zod failure of the input, or a problem from the users
 * service, becomes the member of the mutation's result union the shopper can act on, in the
 * spec's or the domain's words. Anything else (a 500, a timeout, a contract drift) is rethrown
 * and masked as "Unexpected error." with a correlation id.
 */
import type { z } from 'zod';
import { ACCOUNT_MESSAGES, allFieldErrors, fieldErrors, messageFor } from '@shop/domain';
import {
  formErrors,
  problemOf,
  userErrorOf,
  validationError,
  type FormErrorsValue,
  type MemberOf,
  type ProblemMapping,
  type UserErrorMember,
  type UserErrorTypename,
  type ValidationErrorValue,
} from '../user-errors.ts';

export { userError, validationError } from '../user-errors.ts';
export type AccountErrorTypename = UserErrorTypename;
export type AccountError = UserErrorMember;
export type { MemberOf };

/** When a 429 says nothing about the wait: a minute. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

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

export interface ServiceErrorMapping<T extends AccountErrorTypename = AccountErrorTypename> {
  /** The union's members; a problem whose member is not among them is rethrown. */
  allowed: readonly T[];
  /** Where WRONG_PASSWORD points (the current password, or the delete form's password). */
  wrongPasswordField?: string;
}

/**
 * The union member for a users-service problem (the one mapping, user-errors.ts, read the
 * accounts' way), or null (rethrow: masked). Unauthenticated is reported to the caller too, so it
 * can clear the dead session cookie.
 */
export function fromServiceError<T extends AccountErrorTypename>(error: unknown, mapping: ServiceErrorMapping<T>): MemberOf<T> | null {
  const problem = problemOf(error, ['users']);
  if (!problem) return null;
  const accounts: ProblemMapping<T> = {
    ...mapping,
    validationStatuses: [400],
    fields: serviceFieldErrors,
    fallbackField: 'input',
    defaultRetryAfterSeconds: DEFAULT_RETRY_AFTER_SECONDS,
  };
  return userErrorOf(problem, accounts);
}

/** GraphQL gives explicit nulls for omitted optional fields; the domain schemas want them absent. */
export function withoutNulls<T extends object>(input: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined)) as { [K in keyof T]: Exclude<T[K], null> };
}
