import { useState, type FormEvent } from 'react';
import { useRelayEnvironment } from 'react-relay';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFormErrors, type FormError } from '../../ui/form-errors.ts';
import { requestFailed, serverErrors, clientErrors, type Refusal } from './form-helpers.ts';
import { forgetViewer } from './session.ts';

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
 * `name` says which request an unknown result came from, in the client error log. A refusal
 * because the session has ended also forgets the viewer: the account pages' guard then sends
 * the shopper to sign in again and back.
 */
export function useSubmit() {
  const environment = useRelayEnvironment();
  const form = useFormErrors();
  const [busy, setBusy] = useState(false);

  async function send<R extends Refusal>(name: string, request: () => Promise<R>, succeeded: (result: R) => boolean | Promise<boolean>, options: SendOptions<R> = {}) {
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
      if (result.__typename === 'UnauthenticatedError') forgetViewer(environment);
      errors = result.__typename === '%other' ? requestFailed(new Error(`${name}: unknown result`)) : serverErrors(result);
      if (options.errors) errors = options.errors(errors, result);
    } catch (error) {
      errors = requestFailed(error);
    }
    setBusy(false);
    form.show(errors);
  }

  return { form, busy, send };
}

/** What useAccountForm needs of a domain schema (zod's, through the resolver). */
type Schema = Parameters<typeof zodResolver>[0];

/**
 * An account form checked with one of domain's zod schemas (react-hook-form and its zod
 * resolver), sent with useSubmit. The fields are registered with `register`; `onSubmit(handle)`
 * checks them and either shows their errors (every failing rule with `all`: spec §5's new-password
 * rules) or calls `handle` with the parsed input. The error summary takes the focus, not the
 * first field, and errors stay until the next submit (GOV.UK).
 */
export function useAccountForm<Input extends FieldValues>(schema: Schema, options: { all?: boolean; defaultValues?: DefaultValues<Input> } = {}) {
  const submit = useSubmit();
  const { register, handleSubmit, reset } = useForm<FieldValues, unknown, Input>({
    resolver: zodResolver(schema) as unknown as Resolver<FieldValues, unknown, Input>,
    criteriaMode: options.all ? 'all' : 'firstError',
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    ...(options.defaultValues ? { defaultValues: options.defaultValues } : {}),
  });
  const onSubmit = (handle: (input: Input) => Promise<void> | void) => (e: FormEvent<HTMLFormElement>) => {
    if (submit.busy) return e.preventDefault();
    void handleSubmit(handle, (errors) => submit.form.show(clientErrors(errors)))(e);
  };
  return { ...submit, register, reset, onSubmit };
}
