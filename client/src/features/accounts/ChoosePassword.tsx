import { useState } from 'react';
import { messageOf } from './form-helpers.ts';
import { Link, useLocation } from 'react-router';
import { resetPasswordSchema, type ResetPasswordInput } from '@shop/domain/accounts';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { PasswordField, SubmitButton } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { commitAsync } from '../../relay/commit.ts';
import { readChosenPassword, useActivatePasswordMutation, useResetPasswordMutation } from './password-mutations.ts';
import { useAccountForm } from './use-account-form.ts';

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

const FIELDS = { password: 'New password', confirmPassword: 'Confirm new password' };

/**
 * The page behind a reset (/reset-password) or activation (/activate-account) link: a new
 * password twice, each failing rule with its own message. It does not sign in: on success it
 * offers the sign-in page. A used, expired or unknown link says so and offers a new one.
 */
export function ChoosePassword({ mode }: { mode: 'reset' | 'activate' }) {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token') ?? '';
  const [reset] = useResetPasswordMutation();
  const [activate] = useActivatePasswordMutation();
  const { form, busy, send, register, onSubmit } = useAccountForm<ResetPasswordInput>(resetPasswordSchema, { all: true, defaultValues: { token } });
  const [outcome, setOutcome] = useState<{ done: boolean; message: string } | null>(null);
  const title = mode === 'reset' ? 'Choose a new password' : 'Set your password';
  const description = mode === 'reset' ? 'Choose a new password for your Thistle Deals account.' : 'Set the password of your new Thistle Deals account.';

  const choose = (input: ResetPasswordInput) =>
    send(
      mode,
      async () => {
        const response = mode === 'reset' ? (await commitAsync(reset, { variables: { input } })).resetPassword : (await commitAsync(activate, { variables: { input } })).activatePassword;
        return readChosenPassword(response);
      },
      (result) => {
        if (result.__typename !== 'PasswordReset' && result.__typename !== 'InvalidLinkError') return false;
        form.clear();
        setOutcome({ done: result.__typename === 'PasswordReset', message: result.__typename === 'PasswordReset' ? (result.message ?? '') : messageOf(result) });
        return true;
      },
    );

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
      <form noValidate onSubmit={onSubmit(choose)} className="auth-form" aria-label={title}>
        <PasswordField {...register('password')} label="New password" hint={<PasswordRules />} autoComplete="new-password" errors={form.of('password')} />
        <PasswordField {...register('confirmPassword')} label="Confirm new password" autoComplete="new-password" errors={form.of('confirmPassword')} />
        <div className="form-actions">
          <SubmitButton busy={busy} busyLabel="Saving…">
            {mode === 'reset' ? 'Change password' : 'Set password'}
          </SubmitButton>
        </div>
      </form>
    </AuthLayout>
  );
}

