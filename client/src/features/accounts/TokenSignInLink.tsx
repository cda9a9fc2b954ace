import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { reportClientError } from '../../errors/report.ts';
import { Notice } from '../../ui/Notice.tsx';
import { clearPostLoginUrl } from '../layouts/post-login.ts';
import { AuthLayout } from './AuthLayout.tsx';
import { SOMETHING_WRONG } from './form-helpers.ts';
import { afterLoginPath } from './redirect.ts';

type Outcome = { kind: 'working' } | { kind: 'failed'; message: string; retry: boolean };
/** The answer of a mutation that signs in from an emailed link: LoginSuccess, or an error with its message. */
export interface LinkSignInResult {
  readonly __typename: string;
  readonly message?: string;
}

/** One request per link and attempt in this page's life (StrictMode runs effects twice). */
const requests = new Map<string, Promise<LinkSignInResult>>();

export interface TokenSignInLinkProps {
  /** Which link this is (keys the one-request-per-token cache). */
  name: string;
  /** Sends the token with the page's own mutation (and puts the viewer in the store). */
  run: (token: string) => Promise<LinkSignInResult>;
  description: string;
  workingTitle: string;
  working: string;
  failedTitle: string;
  /** How long such links work. */
  rules: string;
  successFlash: string;
  primary: { to: string; label: string };
  secondary: { to: string; label: string };
}

/**
 * A page an emailed link opens with `?token=` that signs the shopper in (registration's
 * /confirm-email, the sign-in link's /login/link): sends the token once, then sends the shopper on
 * (spec §4 post-login order, else their account page), or says why the link did not work.
 */
export function TokenSignInLink(props: TokenSignInLinkProps) {
  const { search, state } = useLocation();
  const navigate = useNavigate();
  const token = new URLSearchParams(search).get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: 'working' } : { kind: 'failed', message: 'The link is incomplete. Open it again from your email.', retry: false });
  const [attempt, setAttempt] = useState(0);
  const { name, run, successFlash } = props;

  useEffect(() => {
    if (!token) return;
    let live = true;
    const key = `${name}:${token}#${attempt}`;
    let request = requests.get(key);
    if (!request) {
      request = run(token);
      requests.set(key, request);
    }
    request.then(
      (result) => {
        if (!live) return;
        if (result.__typename === 'LoginSuccess') {
          clearPostLoginUrl();
          void navigate(afterLoginPath(state, search), { replace: true, state: { flash: successFlash } });
        } else {
          setOutcome({ kind: 'failed', message: result.message ?? SOMETHING_WRONG, retry: result.__typename === 'RateLimitedError' });
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
    // The state and search of this visit, and the page's own run, are read once, when the answer comes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, attempt, navigate]);

  if (outcome.kind === 'working') {
    return (
      <AuthLayout title={props.workingTitle} description={props.description}>
        <p className="auth-card__lede" role="status">
          <span className="spinner spinner--inline" aria-hidden="true" /> {props.working}
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={props.failedTitle} description={props.description}>
      <Notice title="This link didn’t work" variant="error">
        <p>{outcome.message}</p>
      </Notice>
      <p>{props.rules}</p>
      <p className="form-actions">
        {outcome.retry ? (
          <button
            type="button"
            className="button button--primary"
            onClick={() => {
              setOutcome({ kind: 'working' });
              setAttempt((a) => a + 1);
            }}
          >
            Try again
          </button>
        ) : null}
        <Link className={outcome.retry ? undefined : 'button button--primary'} to={props.primary.to}>
          {props.primary.label}
        </Link>
        <Link to={props.secondary.to}>{props.secondary.label}</Link>
      </p>
    </AuthLayout>
  );
}
