/**
 * Email subscription from the header box, the popup and the account's subscriptions page (double
 * opt-in: a confirmation email follows). Loaded on the first submit, with domain's schema, so the
 * homepage does not carry zod for a box most visitors never use; the mutation is the form's
 * (use-subscribe-form.ts).
 */
import { subscribeSchema } from '@shop/domain/accounts';
import { messageOf, SOMETHING_WRONG } from './form-helpers.ts';
import { commitAsync, type Commit } from '../../relay/commit.ts';
import { reportClientError } from '../../errors/report.ts';
import type { useSubscribeFormMutation, EmailSubscriptionSource } from '../../__generated__/useSubscribeFormMutation.graphql';

export type SubscribeOutcome =
  /** The confirmation email is on its way: `message` says so. */
  | { ok: true; message: string }
  /** Not sent: `invalid` when the address itself is the problem (the field shows it). */
  | { ok: false; invalid: boolean; message: string };

export async function subscribe(commit: Commit<useSubscribeFormMutation>, email: string, source: EmailSubscriptionSource): Promise<SubscribeOutcome> {
  const checked = subscribeSchema.safeParse({ email, source: source === 'POPUP' ? 'popup' : source === 'ACCOUNT' ? 'account' : 'header' });
  if (!checked.success) return { ok: false, invalid: true, message: checked.error.issues[0]?.message ?? SOMETHING_WRONG };
  try {
    const { subscribeEmail: result } = await commitAsync(commit, { variables: { input: { email: checked.data.email, source } } });
    if (result.__typename === 'SubscriptionRequested') return { ok: true, message: result.message ?? '' };
    if (result.__typename === '%other') return { ok: false, invalid: false, message: SOMETHING_WRONG };
    return { ok: false, invalid: result.__typename === 'ValidationError', message: messageOf(result) };
  } catch (error) {
    reportClientError(error);
    return { ok: false, invalid: false, message: SOMETHING_WRONG };
  }
}
