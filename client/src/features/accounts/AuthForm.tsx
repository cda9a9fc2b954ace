import { Suspense, useState, type ReactNode } from 'react';
import { graphql, usePreloadedQuery, useRelayEnvironment, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, useLocation, useNavigate } from 'react-router';
import type { UseFormRegister, FieldValues } from 'react-hook-form';
import { ACCOUNT_MESSAGES, loginSchema, registerSchema, type LoginInput, type RegisterInput } from '@shop/domain/accounts';
import { ERROR_MESSAGES, type ErrorCode } from '@shop/domain/error-codes';
import { preloadRouteQuery } from '../../relay/preload.ts';
import { ErrorSummary } from '../../ui/ErrorSummary.tsx';
import { CheckboxField, PasswordField, SubmitButton, TextField } from '../../ui/Field.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { clearPostLoginUrl } from '../layouts/post-login.ts';
import { QuietBoundary } from '../lists/QuietBoundary.tsx';
import { allRecentlyViewedIds } from '../lists/recently-viewed.ts';
import { AuthAside, AuthLayout } from './AuthLayout.tsx';
import { SocialButtons } from './SocialButtons.tsx';
import { readLoginResult, useLoginMutation, useRegisterMutation } from './auth-mutations.ts';
import { setViewerInStore, useAuthState, useViewer } from './auth.ts';
import { commitAsync } from '../../relay/commit.ts';
import { SOMETHING_WRONG } from './form-helpers.ts';
import { afterLoginPath, hasReturnPath, localRedirectOf, withRedirect } from './redirect.ts';
import { landingAfterSignIn } from '../merchants/landing.ts';
import { useAccountForm } from './use-account-form.ts';
import type { AuthFormQuery } from '../../__generated__/AuthFormQuery.graphql';

const query = graphql`
  query AuthFormQuery {
    socialProviders
  }
`;

/** The route loaders of /login and /register: the social providers load with the page's code. */
export const loadAuthForm = (route: 'login' | 'register') => preloadRouteQuery<AuthFormQuery>(route, query, {});

/** One input of the form: its name (the schema's), label, and what the browser should offer. */
interface FieldSpec {
  name: string;
  label: string;
  /** The field's name in the error summary, when not its label. */
  summary?: string;
  kind: 'text' | 'email' | 'password' | 'checkbox';
  autoComplete?: 'email' | 'current-password' | 'new-password' | 'given-name' | 'family-name';
  hint?: ReactNode;
  /** What follows the field in the form (the login's forgotten-password links). */
  after?: ReactNode;
}

type Mode = 'login' | 'register';

/** What differs between the two forms: the words, the fields (a nested list sits in one row). */
const PAGES: Record<Mode, { title: string; description: string; schema: typeof loginSchema | typeof registerSchema; fields: Array<FieldSpec | FieldSpec[]>; submit: string; busy: string; note?: ReactNode; switchText: string; switchTo: { path: string; label: string } }> = {
  login: {
    title: 'Sign in',
    description: 'Sign in to your Thistle Deals account.',
    schema: loginSchema,
    fields: [
      { name: 'email', label: 'Email address', kind: 'email', autoComplete: 'email' },
      {
        name: 'password',
        label: 'Password',
        kind: 'password',
        autoComplete: 'current-password',
        after: (
          <p className="auth-form__forgot">
            <Link to="/forgot-password">Forgotten your password?</Link> or <Link to="/login/email-link">email me a sign-in link</Link>
          </p>
        ),
      },
      { name: 'rememberMe', label: 'Keep me signed in', kind: 'checkbox', hint: 'Don’t tick this on a shared or public computer.' },
    ],
    submit: 'Sign in',
    busy: 'Signing in…',
    switchText: 'New to Thistle Deals?',
    switchTo: { path: '/register', label: 'Create an account' },
  },
  register: {
    title: 'Create an account',
    description: 'Create a Thistle Deals account: your vouchers in one place and a quicker checkout.',
    schema: registerSchema,
    fields: [
      [
        { name: 'firstName', label: 'First name', kind: 'text', autoComplete: 'given-name' },
        { name: 'lastName', label: 'Last name', kind: 'text', autoComplete: 'family-name' },
      ],
      { name: 'email', label: 'Email address', kind: 'email', autoComplete: 'email', hint: 'We’ll send you a link to confirm it.' },
      { name: 'password', label: 'Create a password', summary: 'Password', kind: 'password', autoComplete: 'new-password', hint: 'At least 6 characters.' },
      { name: 'subscribe', label: 'Email me the best deals near me', summary: 'Deals emails', kind: 'checkbox', hint: 'One email a day at most. Unsubscribe any time from the link in every email.' },
    ],
    submit: 'Create account',
    busy: 'Creating your account…',
    note: (
      <p className="auth-card__note">
        By creating an account you agree to our <Link to="/page/termsofuse">terms of use</Link>. Read how we look after your data in our{' '}
        <Link to="/page/privacypolicy">privacy policy</Link>.
      </p>
    ),
    switchText: 'Already have an account?',
    switchTo: { path: '/login', label: 'Sign in' },
  },
};

/** The summary's names of a form's fields, in the order of the form. */
const summaryNames = (fields: Array<FieldSpec | FieldSpec[]>) => Object.fromEntries(fields.flat().map((f) => [f.name, f.summary ?? f.label]));

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

const unlockLine = (
  <p className="error-summary__more">
    <Link to="/forgot-password">Reset your password</Link> to unlock your account.
  </p>
);

/**
 * /login and /register (spec §2 login layout): one form, its fields and words by `mode`, the
 * social providers and the way to the other page. Signing in sends the shopper on in spec §4's
 * order (redirect.ts); registering says an email follows, and never whether the address already
 * had an account (either way an email goes: to confirm it, or to say there is an account).
 */
export function AuthForm({ mode }: { mode: Mode }) {
  const page = PAGES[mode];
  const { search, state } = useLocation();
  const navigate = useNavigate();
  const auth = useAuthState();
  const viewer = useViewer();
  const [login] = useLoginMutation();
  const [registerAccount] = useRegisterMutation();
  const { form, busy, send, register, reset, onSubmit } = useAccountForm(page.schema);
  // Set once this page signed the shopper in, so the "already signed in" view never flashes.
  const [done, setDone] = useState(false);
  const [locked, setLocked] = useState(false);
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);
  const params = new URLSearchParams(search);
  const social = mode === 'login' ? socialError(params.get('social_error'), params.get('provider')) : null;
  const next = afterLoginPath(state, search);
  const returning = hasReturnPath(state, search);
  const environment = useRelayEnvironment();

  const signIn = (input: LoginInput) =>
    send(
      'login',
      async () => {
        // The guest's recently viewed deals go with them into the account (recommendations).
        const variables = { input: { ...input, recentlyViewedDealIds: allRecentlyViewedIds() } };
        return readLoginResult((await commitAsync(login, { variables, updater: (store) => setViewerInStore(store, { root: 'login' }) })).login);
      },
      async (result) => {
        if (result.__typename !== 'LoginSuccess') {
          setLocked(result.__typename === 'AccountLockedError');
          return false;
        }
        setDone(true);
        // Nowhere to return to: a merchant lands on their dashboard (issue 17), a shopper on their account.
        const to = returning ? next : await landingAfterSignIn(environment, next);
        clearPostLoginUrl();
        await navigate(to, { replace: true });
        return true;
      },
      {
        keepBusy: true,
        // "Wrong email or password" is about the pair: show it at the email field.
        errors: (errors, result) => errors.map((error) => (error.field === null && result.__typename === 'LoginFailedError' ? { ...error, field: 'email' } : error)),
      },
    );

  const signUp = (input: RegisterInput) =>
    send(
      'register',
      async () => (await commitAsync(registerAccount, { variables: { input } })).register,
      (result) => {
        if (result.__typename !== 'RegisterAccepted') return false;
        form.clear();
        setSent({ email: result.email ?? '', message: result.message ?? '' });
        return true;
      },
    );

  // Signed in before coming here (not by this form, which stays busy until it has moved on).
  if (mode === 'login' && auth.authenticated && viewer && !done && !busy) {
    return (
      <AuthLayout title="Sign in" heading="You’re signed in" description={page.description}>
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

  // Back from a Facebook sign-up: Facebook does not vouch for the address, so an emailed link
  // confirms it (the gateway says no more, whether or not the address had an account).
  const facebook = mode === 'register' && params.get('check_email') === 'facebook';
  if (sent || facebook) {
    return (
      <AuthLayout title="Check your email" description={page.description}>
        <Notice title="We’ve sent you an email" variant="success" focus>
          <p>{sent ? sent.message : ACCOUNT_MESSAGES.facebookCheckEmail}</p>
        </Notice>
        {sent ? (
          <p>
            We sent it to <strong>{sent.email}</strong>. Open the link in it to confirm your address; you’ll be signed in straight away.
          </p>
        ) : null}
        <p className="auth-card__note">Nothing there after a few minutes? Check your spam or junk folder. The link works for 7 days.</p>
        <p className="auth-card__switch">
          {sent ? (
            <>
              Wrong address?{' '}
              <button type="button" className="link-button" onClick={() => {
                  reset();
                  setSent(null);
                }}>
                Start again
              </button>
            </>
          ) : (
            <>
              Already confirmed? <Link to="/login">Sign in</Link>
            </>
          )}
        </p>
      </AuthLayout>
    );
  }

  const showSocial = social !== null && form.attempt === 0;
  return (
    <AuthLayout
      title={page.title}
      description={page.description}
      hasErrors={form.errors.length > 0 || showSocial}
      aside={<AuthAside />}
      summary={
        showSocial ? (
          <ErrorSummary errors={[{ field: null, message: social.message }]} attempt={1} fields={{}}>
            {social.register ? (
              <p className="error-summary__more">
                <Link to={withRedirect('/register', search)}>Create an account</Link> with that email address, or sign in another way.
              </p>
            ) : null}
            {social.locked ? unlockLine : null}
          </ErrorSummary>
        ) : (
          <ErrorSummary errors={form.errors} attempt={form.attempt} fields={summaryNames(page.fields)}>
            {locked ? unlockLine : null}
          </ErrorSummary>
        )
      }
    >
      <form noValidate onSubmit={onSubmit((input) => (mode === 'login' ? signIn(input as LoginInput) : signUp(input as RegisterInput)))} className="auth-form" aria-label={page.title}>
        {page.fields.map((field) =>
          Array.isArray(field) ? (
            <div key={field[0]!.name} className="auth-form__names">
              {field.map((f) => (
                <Field key={f.name} spec={f} register={register} errors={form.of(f.name)} />
              ))}
            </div>
          ) : (
            <Field key={field.name} spec={field} register={register} errors={form.of(field.name)} />
          ),
        )}
        <div className="form-actions">
          <SubmitButton busy={busy} busyLabel={page.busy}>
            {page.submit}
          </SubmitButton>
        </div>
        {page.note}
      </form>
      <QuietBoundary>
        <Suspense fallback={null}>
          <Social mode={mode} />
        </Suspense>
      </QuietBoundary>
      <p className="auth-card__switch">
        {page.switchText} <Link to={withRedirect(page.switchTo.path, search)}>{page.switchTo.label}</Link>
      </p>
    </AuthLayout>
  );
}

function Field({ spec, register, errors }: { spec: FieldSpec; register: UseFormRegister<FieldValues>; errors: string[] }) {
  const { name, label, hint, autoComplete } = spec;
  const field =
    spec.kind === 'checkbox' ? (
      <CheckboxField {...register(name)} label={label} hint={hint} errors={errors} />
    ) : spec.kind === 'password' ? (
      <PasswordField {...register(name)} label={label} hint={hint} autoComplete={autoComplete as 'current-password' | 'new-password'} errors={errors} />
    ) : (
      <TextField
        {...register(name)}
        label={label}
        hint={hint}
        type={spec.kind}
        autoComplete={autoComplete}
        spellCheck={false}
        {...(spec.kind === 'email' ? { autoCapitalize: 'none' } : {})}
        errors={errors}
      />
    );
  return (
    <>
      {field}
      {spec.after}
    </>
  );
}

function Social({ mode }: { mode: Mode }) {
  const data = usePreloadedQuery<AuthFormQuery>(query, useLoaderData() as PreloadedQuery<AuthFormQuery>);
  const { search, state } = useLocation();
  return <SocialButtons providers={data.socialProviders} mode={mode} localRedirect={localRedirectOf(state)} redirect={new URLSearchParams(search).get('redirect')} viewed={allRecentlyViewedIds()} />;
}
