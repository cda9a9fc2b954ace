import { useEffect, useState } from 'react';
import { graphql } from 'react-relay';
import { Link, useLocation, useNavigate } from 'react-router';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { AuthLayout } from '../../features/accounts/AuthLayout.tsx';
import { SOMETHING_WRONG } from '../../features/accounts/form-helpers.ts';
import { afterLoginPath } from '../../features/accounts/redirect.ts';
import { mutate } from '../../features/accounts/mutate.ts';
import { setViewerInStore } from '../../features/accounts/auth.ts';
import { clearPostLoginUrl } from '../../features/layouts/post-login.ts';
import { reportClientError } from '../../errors/report.ts';
import type { SignInLinkPageMutation } from '../../__generated__/SignInLinkPageMutation.graphql';

type Outcome = { kind: 'confirming' } | { kind: 'failed'; message: string; retry: boolean };

/** One request per token in this page's life (StrictMode runs effects twice). */
const signingIn = new Map<string, Promise<SignInLinkPageMutation['response']>>();

/**
 * /login/link?token= (the "Email me a sign-in link" email's link): signs the shopper in with a
 * new session and sends them on (spec §4 post-login order, else their account page).
 */
export function Component() {
  const { search, state } = useLocation();
  const navigate = useNavigate();
  const token = new URLSearchParams(search).get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: 'confirming' } : { kind: 'failed', message: 'The link is incomplete. Open it again from your email.', retry: false });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let live = true;
    const key = `${token}#${attempt}`;
    let request = signingIn.get(key);
    if (!request) {
      request = mutate<SignInLinkPageMutation>(mutation, { input: { token } }, (store) => setViewerInStore(store, { root: 'signInWithLink' }));
      signingIn.set(key, request);
    }
    request.then(
      ({ signInWithLink: result }) => {
        if (!live) return;
        if (result.__typename === 'LoginSuccess') {
          clearPostLoginUrl();
          void navigate(afterLoginPath(state, search), { replace: true, state: { flash: 'You’re signed in.' } });
        } else {
          setOutcome({ kind: 'failed', message: result.__typename === '%other' ? SOMETHING_WRONG : result.message, retry: result.__typename === 'RateLimitedError' });
        }
      },
      (error: unknown) => {
        reportClientError(error);
        if (live) setOutcome({ kind: 'failed', message: SOMETHING_WRONG, retry: true });
      },
    );
    return () => {
      live = false;
    };
    // The state and search of this visit are read once, when the answer comes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, attempt, navigate]);

  if (outcome.kind === 'confirming') {
    return (
      <AuthLayout title="Signing you in" description="Sign in to your Thistle Deals account with a link sent by email.">
        <p className="auth-card__lede" role="status">
          <span className="spinner spinner--inline" aria-hidden="true" /> Signing you in…
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="We couldn’t sign you in" description="Sign in to your Thistle Deals account with a link sent by email.">
      <Notice title="This link didn’t work" variant="error">
        <p>{outcome.message}</p>
      </Notice>
      <p>Sign-in links work for 15 minutes, and only once; a newer link replaces an older one.</p>
      <p className="form-actions">
        {outcome.retry ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setOutcome({ kind: 'confirming' });
              setAttempt((a) => a + 1);
            }}
          >
            Try again
          </button>
        ) : null}
        <Link className={outcome.retry ? undefined : 'button button--primary'} to="/login/email-link">
          Email me a new link
        </Link>
        <Link to="/login">Sign in with your password</Link>
      </p>
    </AuthLayout>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const mutation = graphql`
  mutation SignInLinkPageMutation($input: TokenInput!) {
    signInWithLink(input: $input) {
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
      }
      ... on ValidationError {
        code
        message
        field
      }
    }
  }
`;
