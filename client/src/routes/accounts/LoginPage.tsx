import { Suspense, useState, type FormEvent } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, useLocation, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES, loginSchema } from '@shop/domain/accounts';
import { ERROR_MESSAGES, type ErrorCode } from '@shop/domain/error-codes';
import { preloadRouteQuery } from '../../relay/preload.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { CheckboxField, PasswordField, SubmitButton, TextField } from '../../ui/Field.tsx';
import { AuthAside, AuthLayout } from '../../features/accounts/AuthLayout.tsx';
import { SocialButtons } from '../../features/accounts/SocialButtons.tsx';
import { check, formValues, SOMETHING_WRONG } from '../../features/accounts/form-helpers.ts';
import { useSubmit } from '../../features/accounts/use-submit.ts';
import { afterLoginPath, localRedirectOf, withRedirect } from '../../features/accounts/redirect.ts';
import { mutate } from '../../features/accounts/mutate.ts';
import { setViewerInStore, useAuthState, useViewer } from '../../features/accounts/auth.ts';
import { clearPostLoginUrl } from '../../features/layouts/post-login.ts';
import { QuietBoundary } from '../../features/lists/QuietBoundary.tsx';
import { allRecentlyViewedIds } from '../../features/lists/recently-viewed.ts';
import type { LoginPageQuery } from '../../__generated__/LoginPageQuery.graphql';
import type { LoginPageMutation } from '../../__generated__/LoginPageMutation.graphql';

/**
 * /login (spec §2 login layout): email and password, "Keep me signed in", the social providers,
 * and links to register and to reset a forgotten password. After signing in the shopper goes on
 * in spec §4's order (features/accounts/redirect.ts).
 */
export function loader() {
  return preloadRouteQuery<LoginPageQuery>('login', query, {});
}

const FIELDS = { email: 'Email address', password: 'Password', rememberMe: 'Keep me signed in' };

/**
 * The outcomes of social sign-in the gateway sends back as ?social_error=&provider= (INVALID_GOOGLE_TOKEN
 * 'Invalid google token id', EMAIL_NOT_REGISTERED "Email wasn't registered": spec §8 words). The
 * spec's token words are Google's: a refused Facebook sign-in gets its own.
 */
function socialError(code: string | null, provider: string | null): { message: string; register: boolean; locked: boolean } | null {
  if (code === null) return null;
  const message =
    code === 'INVALID_GOOGLE_TOKEN' && provider === 'facebook'
      ? ACCOUNT_MESSAGES.facebookFailed
      : Object.hasOwn(ERROR_MESSAGES, code)
        ? ERROR_MESSAGES[code as ErrorCode]
        : SOMETHING_WRONG;
  return { message, register: code === 'EMAIL_NOT_REGISTERED', locked: code === 'ACCOUNT_LOCKED' };
}

export function Component() {
  const { search, state } = useLocation();
  const navigate = useNavigate();
  const auth = useAuthState();
  const viewer = useViewer();
  const { form, busy, send } = useSubmit();
  // Set once this page signed the shopper in, so the "already signed in" view never flashes.
  const [done, setDone] = useState(false);
  const [locked, setLocked] = useState(false);
  const params = new URLSearchParams(search);
  const social = socialError(params.get('social_error'), params.get('provider'));
  const next = afterLoginPath(state, search);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    const checked = check(loginSchema, formValues(e.currentTarget, ['rememberMe']));
    if (!checked.ok) return form.show(checked.errors);
    await send(
      'login',
      async () => {
        // The guest's recently viewed deals go with them into the account (recommendations).
        const input = { ...checked.data, recentlyViewedDealIds: allRecentlyViewedIds() };
        return (await mutate<LoginPageMutation>(mutation, { input }, (store) => setViewerInStore(store, { root: 'login' }))).login;
      },
      async (login) => {
        if (login.__typename !== 'LoginSuccess') {
          setLocked(login.__typename === 'AccountLockedError');
          return false;
        }
        setDone(true);
        clearPostLoginUrl();
        await navigate(next, { replace: true });
        return true;
      },
      {
        keepBusy: true,
        // "Wrong email or password" is about the pair: show it at the email field.
        errors: (errors, login) => errors.map((error) => (error.field === null && login.__typename === 'LoginFailedError' ? { ...error, field: 'email' } : error)),
      },
    );
  }

  // Signed in before coming here (not by this form, which stays busy until it has moved on).
  if (auth.authenticated && viewer && !done && !busy) {
    return (
      <AuthLayout title="Sign in" heading="You’re signed in" description="Sign in to your Thistle Deals account.">
        <p className="auth-card__lede">You’re signed in as {viewer.name}.</p>
        <p className="form-actions">
          <Link className="button button--primary" to={next}>
            Continue
          </Link>
          <Link to="/myaccount">Your account</Link>
        </p>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Sign in"
      description="Sign in to your Thistle Deals account."
      hasErrors={form.errors.length > 0 || (social !== null && form.attempt === 0)}
      aside={<AuthAside />}
      summary={
        social && form.attempt === 0 ? (
          <ErrorSummary errors={[{ field: null, message: social.message }]} attempt={1} fields={{}}>
            {social.register ? (
              <p className="error-summary__more">
                <Link to={withRedirect('/register', search)}>Create an account</Link> with that email address, or sign in another way.
              </p>
            ) : null}
            {social.locked ? (
              <p className="error-summary__more">
                <Link to="/forgot-password">Reset your password</Link> to unlock your account.
              </p>
            ) : null}
          </ErrorSummary>
        ) : (
          <ErrorSummary errors={form.errors} attempt={form.attempt} fields={FIELDS}>
            {locked ? (
              <p className="error-summary__more">
                <Link to="/forgot-password">Reset your password</Link> to unlock your account.
              </p>
            ) : null}
          </ErrorSummary>
        )
      }
    >
      <form noValidate onSubmit={(e) => void onSubmit(e)} className="auth-form" aria-label="Sign in">
        <TextField name="email" label="Email address" type="email" autoComplete="email" spellCheck={false} autoCapitalize="none" errors={form.of('email')} />
        <PasswordField name="password" label="Password" autoComplete="current-password" errors={form.of('password')} />
        <p className="auth-form__forgot">
          <Link to="/forgot-password">Forgotten your password?</Link> or <Link to="/login/email-link">email me a sign-in link</Link>
        </p>
        <CheckboxField name="rememberMe" label="Keep me signed in" hint="Don’t tick this on a shared or public computer." />
        <div className="form-actions">
          <SubmitButton busy={busy} busyLabel="Signing in…">
            Sign in
          </SubmitButton>
        </div>
      </form>
      <QuietBoundary>
        <Suspense fallback={null}>
          <Social />
        </Suspense>
      </QuietBoundary>
      <p className="auth-card__switch">
        New to Thistle Deals? <Link to={withRedirect('/register', search)}>Create an account</Link>
      </p>
    </AuthLayout>
  );
}

function Social() {
  const data = usePreloadedQuery<LoginPageQuery>(query, useLoaderData() as PreloadedQuery<LoginPageQuery>);
  const { search, state } = useLocation();
  return (
    <SocialButtons
      providers={data.socialProviders}
      mode="login"
      localRedirect={localRedirectOf(state)}
      redirect={new URLSearchParams(search).get('redirect')}
      viewed={allRecentlyViewedIds()}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query LoginPageQuery {
    socialProviders
  }
`;

const mutation = graphql`
  mutation LoginPageMutation($input: LoginInput!) {
    login(input: $input) {
      __typename
      ... on LoginSuccess {
        viewer {
          id
          name
          vipUser
          firstName
          lastName
          email
        }
      }
      ... on LoginFailedError {
        code
        message
        field
      }
      ... on AccountLockedError {
        code
        message
        field
      }
      ... on RateLimitedError {
        code
        message
        field
        retryAfterSeconds
      }
      ... on ValidationError {
        code
        message
        field
      }
    }
  }
`;
