import { useState } from 'react';
import { useFormErrors, type FormError } from '../../ui/form-errors.ts';
import { requestFailed, serverErrors, type UserErrorLike } from './form-helpers.ts';

interface SendOptions<R> {
  /** Stay busy after a success (the page moves on, and the form must not be sent twice). */
  keepBusy?: boolean;
  /** Adjusts the errors of a refusal before the form shows them. */
  errors?: (errors: FormError[], result: R) => FormError[];
}

/**
 * One account form's submission (GOV.UK validation pattern): its errors (`form`, see
 * useFormErrors), whether a request is on its way (`busy`), and `send`, which runs the request,
 * lets `succeeded` handle a success (it returns true when the result was one) and otherwise
 * shows the refusal's errors, or spec §8's words for a failed request or an unknown result.
 * `name` says which request an unknown result came from, in the client error log.
 */
export function useSubmit() {
  const form = useFormErrors();
  const [busy, setBusy] = useState(false);

  async function send<R extends { readonly __typename: string }>(
    name: string,
    request: () => Promise<R>,
    succeeded: (result: R) => boolean | Promise<boolean>,
    options: SendOptions<R> = {},
  ) {
    setBusy(true);
    let errors: FormError[];
    try {
      const result = await request();
      // A synchronous answer is taken at once (no await), so its updates batch with setBusy's.
      const handled = succeeded(result);
      if (typeof handled === 'boolean' ? handled : await handled) {
        if (!options.keepBusy) setBusy(false);
        return;
      }
      errors = result.__typename === '%other' ? requestFailed(new Error(`${name}: unknown result`)) : serverErrors(result as UserErrorLike);
      if (options.errors) errors = options.errors(errors, result);
    } catch (error) {
      errors = requestFailed(error);
    }
    setBusy(false);
    form.show(errors);
  }

  return { form, busy, send };
}
