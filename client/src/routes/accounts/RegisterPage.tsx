import { Suspense, useState, type FormEvent } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, useLocation } from 'react-router';
import { ACCOUNT_MESSAGES, registerSchema } from '@shop/domain/accounts';
import { preloadRouteQuery } from '../../relay/preload.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { CheckboxField, PasswordField, SubmitButton, TextField } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { AuthAside, AuthLayout } from '../../features/accounts/AuthLayout.tsx';
import { SocialButtons } from '../../features/accounts/SocialButtons.tsx';
import { check, formValues } from '../../features/accounts/form-helpers.ts';
import { useSubmit } from '../../features/accounts/use-submit.ts';
import { localRedirectOf, withRedirect } from '../../features/accounts/redirect.ts';
import { mutate } from '../../features/accounts/mutate.ts';
import { QuietBoundary } from '../../features/lists/QuietBoundary.tsx';
import { allRecentlyViewedIds } from '../../features/lists/recently-viewed.ts';
import type { RegisterPageQuery } from '../../__generated__/RegisterPageQuery.graphql';
import type { RegisterPageMutation } from '../../__generated__/RegisterPageMutation.graphql';

/**
 * /register (spec §2 login layout): names, email, password, and deal emails if wanted. The
 * answer never says whether the address already had an account: either way an email follows
 * (to confirm the address, or to say there is an account already).
 */
export function loader() {
  return preloadRouteQuery<RegisterPageQuery>('register', query, {});
}

const FIELDS = { firstName: 'First name', lastName: 'Last name', email: 'Email address', password: 'Password', subscribe: 'Deals emails' };
const DESCRIPTION = 'Create a Thistle Deals account: your vouchers in one place and a quicker checkout.';

export function Component() {
  const { search } = useLocation();
  const { form, busy, send } = useSubmit();
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const checked = check(registerSchema, formValues(e.currentTarget, ['subscribe']));
    if (!checked.ok) return form.show(checked.errors);
    await send(
      'register',
      async () => (await mutate<RegisterPageMutation>(mutation, { input: checked.data })).register,
      (register) => {
        if (register.__typename !== 'RegisterAccepted') return false;
        form.clear();
        setSent({ email: register.email, message: register.message });
        return true;
      },
    );
  }

  // Back from a Facebook sign-up: Facebook does not vouch for the address, so an emailed link
  // confirms it (the gateway says no more, whether or not the address had an account).
  if (new URLSearchParams(search).get('check_email') === 'facebook' && !sent) {
    return (
      <AuthLayout title="Check your email" description={DESCRIPTION}>
        <Notice title="We’ve sent you an email" variant="success" focus>
          <p>{ACCOUNT_MESSAGES.facebookCheckEmail}</p>
        </Notice>
        <p className="auth-card__note">
          Nothing there after a few minutes? Check your spam or junk folder. The link works for 7 days.
        </p>
        <p className="auth-card__switch">
          Already confirmed? <Link to="/login">Sign in</Link>
        </p>
      </AuthLayout>
    );
  }

  if (sent) {
    return (
      <AuthLayout title="Check your email" description={DESCRIPTION}>
        <Notice title="We’ve sent you an email" variant="success" focus>
          <p>{sent.message}</p>
        </Notice>
        <p>
          We sent it to <strong>{sent.email}</strong>. Open the link in it to confirm your address; you’ll be signed in straight away.
        </p>
        <p className="auth-card__note">
          Nothing there after a few minutes? Check your spam or junk folder. The link works for 7 days.
        </p>
        <p className="auth-card__switch">
          Wrong address? <button type="button" className="link-button" onClick={() => setSent(null)}>Start again</button>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Create an account"
      description={DESCRIPTION}
      hasErrors={form.errors.length > 0}
      summary={<ErrorSummary errors={form.errors} attempt={form.attempt} fields={FIELDS} />}
      aside={<AuthAside />}
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="auth-form" aria-label="Create an account">
        <div className="auth-form__names">
          <TextField name="firstName" label="First name" autoComplete="given-name" spellCheck={false} errors={form.of('firstName')} />
          <TextField name="lastName" label="Last name" autoComplete="family-name" spellCheck={false} errors={form.of('lastName')} />
        </div>
        <TextField
          name="email"
          label="Email address"
          type="email"
          autoComplete="email"
          spellCheck={false}
          autoCapitalize="none"
          hint="We’ll send you a link to confirm it."
          errors={form.of('email')}
        />
        <PasswordField name="password" label="Create a password" hint="At least 6 characters." autoComplete="new-password" errors={form.of('password')} />
        <CheckboxField
          name="subscribe"
          label="Email me the best deals near me"
          hint="One email a day at most. Unsubscribe any time from the link in every email."
          errors={form.of('subscribe')}
        />
        <div className="form-actions">
          <SubmitButton busy={busy} busyLabel="Creating your account…">
            Create account
          </SubmitButton>
        </div>
        <p className="auth-card__note">
          By creating an account you agree to our <Link to="/page/termsofuse">terms of use</Link>. Read how we look after your data in our{' '}
          <Link to="/page/privacypolicy">privacy policy</Link>.
        </p>
      </form>
      <QuietBoundary>
        <Suspense fallback={null}>
          <Social />
        </Suspense>
      </QuietBoundary>
      <p className="auth-card__switch">
        Already have an account? <Link to={withRedirect('/login', search)}>Sign in</Link>
      </p>
    </AuthLayout>
  );
}

function Social() {
  const data = usePreloadedQuery<RegisterPageQuery>(query, useLoaderData() as PreloadedQuery<RegisterPageQuery>);
  const { search, state } = useLocation();
  return (
    <SocialButtons
      providers={data.socialProviders}
      mode="register"
      localRedirect={localRedirectOf(state)}
      redirect={new URLSearchParams(search).get('redirect')}
      viewed={allRecentlyViewedIds()}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query RegisterPageQuery {
    socialProviders
  }
`;

const mutation = graphql`
  mutation RegisterPageMutation($input: RegisterInput!) {
    register(input: $input) {
      __typename
      ... on RegisterAccepted {
        message
        email
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
