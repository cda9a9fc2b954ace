import { useState, type FormEvent } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { EmailSubscriptionSource, useSubscribeFormMutation } from '../../__generated__/useSubscribeFormMutation.graphql';

/** The subscribe mutation (double opt-in), for these forms and the account's subscriptions page. */
export const useSubscribeEmailMutation = () =>
  useMutation<useSubscribeFormMutation>(graphql`
    mutation useSubscribeFormMutation($input: SubscribeEmailInput!) {
      subscribeEmail(input: $input) {
        __typename
        ... on SubscriptionRequested { message }
        ...UserErrorFields @alias(as: "userError")
      }
    }
  `);

/**
 * The state and submit handler of an email subscribe form (the header box, the popup): a valid
 * address is subscribed and the form emptied, with the answer in `status` (a role="status"
 * region); an invalid one shows `error` at the field and moves focus back to it. The check and
 * the request (subscribe.ts) load on the first submit.
 */
export function useSubscribeForm(source: EmailSubscriptionSource) {
  const [error, setError] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [commit] = useSubscribeEmailMutation();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const form = e.currentTarget;
    const input = form.querySelector('input');
    setBusy(true);
    setStatus('');
    const { subscribe } = await import('./subscribe.ts');
    const outcome = await subscribe(commit, String(new FormData(form).get('email') ?? ''), source);
    setBusy(false);
    setError(!outcome.ok && outcome.invalid ? outcome.message : '');
    if (!outcome.ok && outcome.invalid) input?.focus();
    else setStatus(outcome.message);
    if (outcome.ok) form.reset();
  }

  return {
    error,
    status,
    busy,
    onSubmit,
    /** Typing again hides the last answer. */
    onChange: () => status && setStatus(''),
    clearError: () => setError(''),
  };
}
