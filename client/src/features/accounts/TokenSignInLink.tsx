import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Notice } from '../../ui/Notice.tsx';
import { clearPostLoginUrl } from '../layouts/post-login.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { readLoginResult, useConfirmEmailMutation, useSignInWithLinkMutation } from './auth-mutations.ts';
import { setViewerInStore } from './auth.ts';
import { commitAsync } from '../../relay/commit.ts';
import { messageOf, SOMETHING_WRONG } from './form-helpers.ts';
import { afterLoginPath } from './redirect.ts';
import { useLinkRequest } from './use-link-request.ts';

type Outcome = { kind: 'working' } | { kind: 'failed'; message: string; retry: boolean };
type Kind = 'sign-in-link' | 'confirm-email';

/** What each link's page says, and where it offers to go when the link did not work. */
const PAGES: Record<Kind, { description: string; working: string; failedTitle: string; rules: string; successFlash: string; primary: { to: string; label: string }; secondary: { to: string; label: string } }> = {
  'sign-in-link': {
    description: 'Sign in to your Thistle Deals account with a link sent by email.',
    working: 'Signing you in',
    failedTitle: 'We couldn’t sign you in',
    rules: 'Sign-in links work for 15 minutes, and only once; a newer link replaces an older one.',
    successFlash: 'You’re signed in.',
    primary: { to: '/login/email-link', label: 'Email me a new link' },
    secondary: { to: '/login', label: 'Sign in with your password' },
  },
  'confirm-email': {
    description: 'Confirm the email address of your Thistle Deals account.',
    working: 'Confirming your email address',
    failedTitle: 'We couldn’t confirm your email address',
    rules: 'Confirmation links work for 7 days, and only once. If you’ve already confirmed your address, just sign in.',
    successFlash: 'Your email address is confirmed and you’re signed in.',
    primary: { to: '/login', label: 'Sign in' },
    secondary: { to: '/register', label: 'Create an account' },
  },
};

/**
 * A page an emailed link opens with `?token=` that signs the shopper in (registration's
 * /confirm-email, the sign-in link's /login/link, each with a new session): sends the token
 * once, then sends the shopper on (spec §4 post-login order, else their account page), or says
 * why the link did not work.
 */
export function TokenSignInLink({ kind }: { kind: Kind }) {
  const page = PAGES[kind];
  const { search, state } = useLocation();
  const navigate = useNavigate();
  const token = new URLSearchParams(search).get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: 'working' } : { kind: 'failed', message: 'The link is incomplete. Open it again from your email.', retry: false });
  const [signIn] = useSignInWithLinkMutation();
  const [confirm] = useConfirmEmailMutation();

  const retry = useLinkRequest(
    kind,
    token,
    async (token) => {
      const variables = { input: { token } };
      if (kind === 'sign-in-link') return readLoginResult((await commitAsync(signIn, { variables, updater: (store) => setViewerInStore(store, { root: 'signInWithLink' }) })).signInWithLink);
      return readLoginResult((await commitAsync(confirm, { variables, updater: (store) => setViewerInStore(store, { root: 'confirmEmail' }) })).confirmEmail);
    },
    (result) => {
      if (result.__typename === 'LoginSuccess') {
        clearPostLoginUrl();
        void navigate(afterLoginPath(state, search), { replace: true, state: { flash: page.successFlash } });
      } else {
        setOutcome({ kind: 'failed', message: result.__typename === '%other' ? SOMETHING_WRONG : messageOf(result), retry: result.__typename === 'RateLimitedError' });
      }
    },
    () => setOutcome({ kind: 'failed', message: SOMETHING_WRONG, retry: true }),
  );

  if (outcome.kind === 'working') {
    return (
      <AuthLayout title={page.working} description={page.description}>
        <p className="auth-card__lede" role="status">
          <span className="spinner spinner--inline" aria-hidden="true" /> {page.working}…
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={page.failedTitle} description={page.description}>
      <Notice title="This link didn’t work" variant="error">
        <p>{outcome.message}</p>
      </Notice>
      <p>{page.rules}</p>
      <p className="form-actions">
        {outcome.retry ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setOutcome({ kind: 'working' });
              retry();
            }}
          >
            Try again
          </button>
        ) : null}
        <Link className={outcome.retry ? undefined : 'button button--primary'} to={page.primary.to}>
          {page.primary.label}
        </Link>
        <Link to={page.secondary.to}>{page.secondary.label}</Link>
      </p>
    </AuthLayout>
  );
}
