/**
 * From zod issues and GraphQL result unions to the errors a form shows (client/src/ui
 * ErrorSummary and fields). The zod schemas are domain's, so the shopper sees the same words
 * whichever side refuses the input.
 */
import { allFieldErrors, fieldErrors } from '@shop/domain/accounts';
import type { FormError } from '../../ui/form-errors.ts';
import { reportClientError } from '../../errors/report.ts';
import { forgetViewer } from './session.ts';

/** Spec §8: what a shopper sees when a request fails for no reason they can act on. */
export const SOMETHING_WRONG = 'Something went wrong. Please try again.';

/**
 * Checks `values` with a domain schema: the parsed input, or the form's errors (the first
 * message per field, or with `all` every failing rule: the new-password rules of spec §5).
 */
type ZodError = Parameters<typeof fieldErrors>[0];
/** What check() needs of a schema (zod's safeParse; the client does not depend on zod itself). */
interface Schema<T> {
  safeParse(values: unknown): { success: true; data: T } | { success: false; error: ZodError };
}

export function check<T>(schema: Schema<T>, values: unknown, options: { all?: boolean } = {}): { ok: true; data: T } | { ok: false; errors: FormError[] } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const list = options.all ? allFieldErrors(result.error) : fieldErrors(result.error);
  // One message once per field (two rules can word a problem the same way).
  const seen = new Set<string>();
  const errors = list
    .map((e) => ({ field: e.field === 'input' ? null : e.field, message: e.message }))
    .filter((e) => {
      const key = `${e.field}\u0000${e.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  return { ok: false, errors };
}

/** A server field name as the form knows it ("input.email" and "email" are the same field). */
const formField = (field: string | null | undefined) => (field ? field.replace(/^input\./, '') : null);

export interface UserErrorLike {
  readonly __typename: string;
  readonly message?: string;
  readonly field?: string | null;
  readonly retryAfterSeconds?: number;
  readonly errors?: ReadonlyArray<{ readonly message: string; readonly field?: string | null }>;
}

/**
 * The errors of a result union's error member (FormErrors lists every failing rule). A session
 * that has ended (UnauthenticatedError) also forgets the viewer: the account pages' guard then
 * sends the shopper to sign in again and back.
 */
export function serverErrors(result: UserErrorLike): FormError[] {
  if (result.__typename === 'UnauthenticatedError') forgetViewer();
  if (result.errors && result.errors.length > 0) return result.errors.map((e) => ({ field: formField(e.field), message: e.message }));
  if (!result.message) return [{ field: null, message: SOMETHING_WRONG }];
  if (result.__typename === 'RateLimitedError' && result.retryAfterSeconds && !/\d/.test(result.message)) {
    const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
    return [{ field: null, message: `${result.message} Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` }];
  }
  return [{ field: formField(result.field), message: result.message }];
}

/** A failed request (network, outage): logged, and shown as spec §8's words. */
export function requestFailed(error: unknown): FormError[] {
  reportClientError(error);
  return [{ field: null, message: SOMETHING_WRONG }];
}

/** The form's values as strings and booleans (checkboxes by name). */
export function formValues(form: HTMLFormElement, checkboxes: readonly string[] = []): Record<string, string | boolean> {
  const data = new FormData(form);
  const values: Record<string, string | boolean> = {};
  for (const [key, value] of data) if (typeof value === 'string' && !checkboxes.includes(key)) values[key] = value;
  for (const key of checkboxes) values[key] = data.get(key) !== null;
  return values;
}
