import { useState, type FormEvent } from 'react';
import { graphql } from 'react-relay';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '@shop/domain/accounts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { SubmitButton, TextField } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { AuthLayout } from '../../features/accounts/AuthLayout.tsx';
import { check, formValues } from '../../features/accounts/form-helpers.ts';
import { useSubmit } from '../../features/accounts/use-submit.ts';
import { mutate } from '../../features/accounts/mutate.ts';
import type { ForgotPasswordPageMutation } from '../../__generated__/ForgotPasswordPageMutation.graphql';

/**
 * /forgot-password (spec §2 login layout): an email address, then the same answer whether or not
 * it has an account (no one learns who shops here). The emailed link opens /reset-password.
 */
const FIELDS = { email: 'Email address' };
const DESCRIPTION = 'Reset the password of your Thistle Deals account.';

export function Component() {
  const { form, busy, send } = useSubmit();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const checked = check(forgotPasswordSchema, formValues(e.currentTarget));
    if (!checked.ok) return form.show(checked.errors);
    await send(
      'requestPasswordReset',
      async () => (await mutate<ForgotPasswordPageMutation>(mutation, { input: checked.data })).requestPasswordReset,
      (result) => {
        if (result.__typename !== 'PasswordResetRequested') return false;
        form.clear();
        setSent({ email: checked.data.email, message: result.message });
        return true;
      },
    );
  }

  if (sent) {
    return (
      <AuthLayout title="Check your email" description={DESCRIPTION}>
        <Notice title="Request received" variant="success" focus>
          <p>{sent.message}</p>
        </Notice>
        <p>
          If <strong>{sent.email}</strong> has an account with us, we’ve sent it a link to choose a new password. The link works for 30 minutes, once.
        </p>
        <p className="auth-card__note">Nothing there after a few minutes? Check your spam or junk folder, or try again.</p>
        <p className="auth-card__switch">
          <Link to="/login">Back to sign in</Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Forgotten your password?"
      description={DESCRIPTION}
      hasErrors={form.errors.length > 0}
      summary={<ErrorSummary errors={form.errors} attempt={form.attempt} fields={FIELDS} />}
      lede="Enter the email address you use with us and we’ll send you a link to choose a new password."
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="auth-form" aria-label="Reset your password">
        <TextField name="email" label="Email address" type="email" autoComplete="email" spellCheck={false} autoCapitalize="none" errors={form.of('email')} />
        <div className="form-actions">
          <SubmitButton busy={busy} busyLabel="Sending…">
            Send reset link
          </SubmitButton>
        </div>
      </form>
      <p className="auth-card__switch">
        Remembered it? <Link to="/login">Sign in</Link>
      </p>
    </AuthLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const mutation = graphql`
  mutation ForgotPasswordPageMutation($input: RequestPasswordResetInput!) {
    requestPasswordReset(input: $input) {
      __typename
      ... on PasswordResetRequested {
        message
      }
      ... on ValidationError {
        message
        field
      }
      ... on RateLimitedError {
        message
        field
        retryAfterSeconds
      }
    }
  }
`;
