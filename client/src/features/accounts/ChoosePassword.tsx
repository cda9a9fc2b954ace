import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { resetPasswordSchema } from '@shop/domain/accounts';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { PasswordField, SubmitButton } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { check, formValues } from './form-helpers.ts';
import { useSubmit } from './use-submit.ts';

/** Spec §5's rules for a new password, shown before the shopper types (each has its own error). */
export function PasswordRules({ id }: { id?: string }) {
  return (
    <div id={id}>
      Your password must:
      <ul>
        <li>be at least 8 characters long</li>
        <li>include at least one uppercase letter</li>
        <li>include at least one number or special character (e.g., ! @ # $ %)</li>
        <li>not be one of the most common passwords</li>
      </ul>
    </div>
  );
}

type Result =
  | { readonly __typename: 'PasswordReset'; readonly message: string }
  | { readonly __typename: 'InvalidLinkError'; readonly message: string }
  | { readonly __typename: 'ValidationError' | 'RateLimitedError'; readonly message: string; readonly field?: string | null; readonly retryAfterSeconds?: number }
  | { readonly __typename: '%other' };

const FIELDS = { password: 'New password', confirmPassword: 'Confirm new password' };

/**
 * The page behind a reset (/reset-password) or activation (/activate-account) link: a new
 * password twice, each failing rule with its own message. It does not sign in: on success it
 * offers the sign-in page. A used, expired or unknown link says so and offers a new one.
 */
export function ChoosePassword({ mode, submit }: { mode: 'reset' | 'activate'; submit: (input: { token: string; password: string; confirmPassword: string }) => Promise<Result> }) {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token') ?? '';
  const { form, busy, send } = useSubmit();
  const [outcome, setOutcome] = useState<{ done: boolean; message: string } | null>(null);
  const title = mode === 'reset' ? 'Choose a new password' : 'Set your password';
  const description = mode === 'reset' ? 'Choose a new password for your Thistle Deals account.' : 'Set the password of your new Thistle Deals account.';

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const checked = check(resetPasswordSchema, { ...formValues(e.currentTarget), token }, { all: true });
    if (!checked.ok) return form.show(checked.errors);
    await send(
      mode,
      () => submit(checked.data),
      (result) => {
        if (result.__typename !== 'PasswordReset' && result.__typename !== 'InvalidLinkError') return false;
        form.clear();
        setOutcome({ done: result.__typename === 'PasswordReset', message: result.message });
        return true;
      },
    );
  }

  if (outcome?.done) {
    return (
      <AuthLayout title={mode === 'reset' ? 'Password changed' : 'Password set'} description={description}>
        <Notice title={mode === 'reset' ? 'Your password has been changed' : 'Your password is set'} variant="success" focus>
          <p>{outcome.message}</p>
        </Notice>
        <p>Sign in with your email address and your new password.</p>
        <p className="form-actions">
          <Link className="button button--primary" to="/login">
            Sign in
          </Link>
        </p>
      </AuthLayout>
    );
  }

  if (!token || outcome) {
    return (
      <AuthLayout title="This link has expired" description={description}>
        <Notice title="This link can’t be used" variant="error">
          <p>{outcome?.message ?? 'The link is incomplete. Open it again from your email, or ask for a new one.'}</p>
        </Notice>
        <p>Links to choose a password work for 30 minutes, and only once.</p>
        <p className="form-actions">
          <Link className="button button--primary" to="/forgot-password">
            Get a new link
          </Link>
          <Link to="/login">Sign in</Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={title} description={description} hasErrors={form.errors.length > 0} summary={<ErrorSummary errors={form.errors} attempt={form.attempt} fields={FIELDS} />}>
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="auth-form" aria-label={title}>
        <PasswordField name="password" label="New password" hint={<PasswordRules />} autoComplete="new-password" errors={form.of('password')} />
        <PasswordField name="confirmPassword" label="Confirm new password" autoComplete="new-password" errors={form.of('confirmPassword')} />
        <div className="form-actions">
          <SubmitButton busy={busy} busyLabel="Saving…">
            {mode === 'reset' ? 'Change password' : 'Set password'}
          </SubmitButton>
        </div>
      </form>
    </AuthLayout>
  );
}

