import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { forgotPasswordSchema } from '@shop/domain/accounts';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { SubmitButton, TextField } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { AuthLayout } from './AuthLayout.tsx';
import { commitAsync } from '../../relay/commit.ts';
import { useRequestPasswordResetMutation, useRequestSignInLinkMutation } from './password-mutations.ts';
import { useAccountForm } from './use-account-form.ts';

const FIELDS = { email: 'Email address' };

type Kind = 'password-reset' | 'sign-in-link';

/** What each page says: what the link does, how long it works, and the way back. */
const PAGES: Record<Kind, { title: string; description: string; lede: string; submit: string; sentDetail: (email: ReactNode) => ReactNode; switchText: string }> = {
  'password-reset': {
    title: 'Forgotten your password?',
    description: 'Reset the password of your Thistle Deals account.',
    lede: 'Enter the email address you use with us and we’ll send you a link to choose a new password.',
    submit: 'Send reset link',
    sentDetail: (email) => <>If {email} has an account with us, we’ve sent it a link to choose a new password. The link works for 30 minutes, once.</>,
    switchText: 'Remembered it?',
  },
  'sign-in-link': {
    title: 'Email me a sign-in link',
    description: 'Sign in to your Thistle Deals account with a link sent by email.',
    lede: 'Enter the email address you use with us and we’ll send you a link that signs you in, no password needed.',
    submit: 'Send sign-in link',
    sentDetail: (email) => <>If {email} has an account with us, we’ve sent it a link that signs you in. The link works for 15 minutes, once.</>,
    switchText: 'Know your password?',
  },
};

/**
 * An email address, then the same answer whether or not it has an account (no one learns who
 * shops here): the one form behind /forgot-password (a link to choose a new password, which
 * opens /reset-password) and /login/email-link (a link that signs in, which opens /login/link:
 * the way in without the password, and round the sign-in throttle).
 */
export function EmailLinkRequest({ kind }: { kind: Kind }) {
  const page = PAGES[kind];
  const [requestReset] = useRequestPasswordResetMutation();
  const [requestLink] = useRequestSignInLinkMutation();
  const { form, busy, send, register, onSubmit } = useAccountForm<{ email: string }>(forgotPasswordSchema);
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  const request = (input: { email: string }) =>
    send(
      kind,
      async () => (kind === 'password-reset' ? (await commitAsync(requestReset, { variables: { input } })).requestPasswordReset : (await commitAsync(requestLink, { variables: { input } })).requestSignInLink),
      (result) => {
        if (result.__typename !== 'PasswordResetRequested' && result.__typename !== 'SignInLinkRequested') return false;
        form.clear();
        setSent({ email: input.email, message: result.message ?? '' });
        return true;
      },
    );

  if (sent) {
    return (
      <AuthLayout title="Check your email" description={page.description}>
        <Notice title="Request received" variant="success" focus>
          <p>{sent.message}</p>
        </Notice>
        <p>{page.sentDetail(<strong>{sent.email}</strong>)}</p>
        <p className="auth-card__note">Nothing there after a few minutes? Check your spam or junk folder, or try again.</p>
        <p className="auth-card__switch">
          <Link to="/login">Back to sign in</Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={page.title}
      description={page.description}
      hasErrors={form.errors.length > 0}
      summary={<ErrorSummary errors={form.errors} attempt={form.attempt} fields={FIELDS} />}
      lede={page.lede}
    >
      <form noValidate onSubmit={onSubmit(request)} className="auth-form" aria-label={kind === 'password-reset' ? 'Reset your password' : page.title}>
        <TextField {...register('email')} label="Email address" type="email" autoComplete="email" spellCheck={false} autoCapitalize="none" errors={form.of('email')} />
        <div className="form-actions">
          <SubmitButton busy={busy} busyLabel="Sending…">
            {page.submit}
          </SubmitButton>
        </div>
      </form>
      <p className="auth-card__switch">
        {page.switchText} <Link to="/login">Sign in</Link>
      </p>
    </AuthLayout>
  );
}
