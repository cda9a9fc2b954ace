/**
 * From zod issues and GraphQL result unions to the errors a form shows (client/src/ui
 * ErrorSummary and fields). The zod schemas are domain's, so the shopper sees the same words
 * whichever side refuses the input.
 */
import type { FieldError, FieldErrors } from 'react-hook-form';
import type { FormError } from '../../ui/form-errors.ts';
import { readUserError } from '../../ui/UserErrorFields.ts';
import type { UserErrorFields$key } from '../../__generated__/UserErrorFields.graphql';
import { reportClientError } from '../../errors/report.ts';

/** Spec §8: what a shopper sees when a request fails for no reason they can act on. */
export const SOMETHING_WRONG = 'Something went wrong. Please try again.';

/** A server field name as the form knows it ("input.email" and "email" are the same field). */
const formField = (field: string | null | undefined) => (field && field !== 'input' ? field.replace(/^input\./, '') : null);

/**
 * The errors react-hook-form's zod resolver found, in the form's terms: every message of a field
 * (with criteriaMode 'all', each rule a new password breaks), each once.
 */
export function clientErrors(errors: FieldErrors): FormError[] {
  const list: FormError[] = [];
  for (const [field, error] of Object.entries(errors)) {
    if (!error) continue;
    const { types, message } = error as FieldError;
    const messages = types ? Object.values(types).flat() : [message];
    for (const message of new Set(messages)) if (typeof message === 'string') list.push({ field: formField(field), message });
  }
  return list;
}

/**
 * A refusal as every result union selects it: UserErrorFields (`...UserErrorFields
 * @alias(as: "userError")`, set on the members that are UserErrors), and a member's own extras.
 */
export interface Refusal {
  readonly __typename: string;
  readonly userError?: UserErrorFields$key | null;
  readonly retryAfterSeconds?: number;
  readonly errors?: ReadonlyArray<UserErrorFields$key>;
}

/** The words of a result union's member: its UserErrorFields message, or spec §8's words for a member this client does not know. */
export function messageOf(result: { readonly userError?: UserErrorFields$key | null }): string {
  return result.userError ? readUserError(result.userError).message : SOMETHING_WRONG;
}

/** The errors of a result union's error member (FormErrors lists every failing rule). */
export function serverErrors(result: Refusal): FormError[] {
  if (result.errors && result.errors.length > 0) return result.errors.map(readUserError).map((e) => ({ field: formField(e.field), message: e.message }));
  if (!result.userError) return [{ field: null, message: SOMETHING_WRONG }];
  const { message, field } = readUserError(result.userError);
  if (result.__typename === 'RateLimitedError' && result.retryAfterSeconds && !/\d/.test(message)) {
    const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
    return [{ field: null, message: `${message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` }];
  }
  return [{ field: formField(field), message }];
}

/** A failed request (network, outage): logged, and shown as spec §8's words. */
export function requestFailed(error: unknown): FormError[] {
  reportClientError(error);
  return [{ field: null, message: SOMETHING_WRONG }];
}
