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
import type { SignInLinkRequestPageMutation } from '../../__generated__/SignInLinkRequestPageMutation.graphql';

/**
 * /login/email-link: "Email me a sign-in link", the way in without the password (and round the
 * sign-in throttle). The same answer whether or not the address has an account; the emailed link
 * opens /login/link.
 */
const FIELDS = { email: 'Email address' };
const DESCRIPTION = 'Sign in to your Thistle Deals account with a link sent by email.';

export function Component() {
  const { form, busy, send } = useSubmit();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const checked = check(forgotPasswordSchema, formValues(e.currentTarget));
    if (!checked.ok) return form.show(checked.errors);
    await send(
      'requestSignInLink',
      async () => (await mutate<SignInLinkRequestPageMutation>(mutation, { input: checked.data })).requestSignInLink,
      (result) => {
        if (result.__typename !== 'SignInLinkRequested') return false;
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
          If <strong>{sent.email}</strong> has an account with us, we’ve sent it a link that signs you in. The link works for 15 minutes, once.
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
      title="Email me a sign-in link"
      description={DESCRIPTION}
      hasErrors={form.errors.length > 0}
      summary={<ErrorSummary errors={form.errors} attempt={form.attempt} fields={FIELDS} />}
      lede="Enter the email address you use with us and we’ll send you a link that signs you in, no password needed."
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="auth-form" aria-label="Email me a sign-in link">
        <TextField name="email" label="Email address" type="email" autoComplete="email" spellCheck={false} autoCapitalize="none" errors={form.of('email')} />
        <div className="form-actions">
          <SubmitButton busy={busy} busyLabel="Sending…">
            Send sign-in link
          </SubmitButton>
        </div>
      </form>
      <p className="auth-card__switch">
        Know your password? <Link to="/login">Sign in</Link>
      </p>
    </AuthLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const mutation = graphql`
  mutation SignInLinkRequestPageMutation($input: RequestSignInLinkInput!) {
    requestSignInLink(input: $input) {
      __typename
      ... on SignInLinkRequested {
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
