import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { DEFAULT_LOCATION, NOINDEX_ROBOTS, locationPath } from '@shop/domain';
import { WISHLIST_ALERT_LABELS, type WishlistAlertKind } from '@shop/domain/wishlist-alerts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { Main } from '../../ui/Main.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { SubmitButton } from '../../ui/Field.tsx';
import { messageOf, SOMETHING_WRONG } from '../../features/accounts/form-helpers.ts';
import { commitAsync } from '../../relay/commit.ts';
import { useUnsubscribeWishlistAlertMutation } from '../../features/wishlist-alerts/wishlist-alerts-mutations.ts';
import '../../features/accounts/accounts.css';

type Outcome = { kind: 'asking' } | { kind: 'done'; email: string; message: string } | { kind: 'failed'; message: string };

/** The kind a link names (a1.p… price drops, a1.b… back on sale), to say what the button stops; the server decides. */
function kindOf(token: string): WishlistAlertKind | null {
  if (token.startsWith('a1.p.')) return 'price_drop';
  if (token.startsWith('a1.b.')) return 'back_in_stock';
  return null;
}

const WORDS: Record<WishlistAlertKind, string> = { price_drop: 'price drop emails', back_in_stock: 'back on sale emails' };

/**
 * /email/alerts?token= (the link at the foot of every wish list alert, issue 19 point 2): stops
 * that kind of email for the account, no login (the signed token is the permission). A button,
 * not on load: a mail scanner opening the link changes nothing.
 */
export function Component() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token') ?? '';
  const kind = kindOf(token);
  const [outcome, setOutcome] = useState<Outcome>(kind ? { kind: 'asking' } : { kind: 'failed', message: 'The link is incomplete. Open it again from your email.' });
  const [commit, busy] = useUnsubscribeWishlistAlertMutation();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    try {
      const answer = (await commitAsync(commit, { variables: { input: { token } } })).unsubscribeWishlistAlert;
      if (answer.__typename === 'WishlistAlertUnsubscribed') setOutcome({ kind: 'done', email: answer.email ?? '', message: answer.message ?? '' });
      else setOutcome({ kind: 'failed', message: answer.__typename === '%other' ? SOMETHING_WRONG : messageOf(answer) });
    } catch {
      setOutcome({ kind: 'failed', message: SOMETHING_WRONG });
    }
  }

  const title = outcome.kind === 'done' ? 'You’ve been unsubscribed' : outcome.kind === 'failed' ? 'This link can’t be used' : `Stop ${kind ? WORDS[kind] : 'these emails'}?`;
  return (
    <Main>
      <Seo title={title} description="Stop wish list alert emails from Thistle Deals." robots={NOINDEX_ROBOTS} />
      <div className="container account-page account-page--narrow">
        <PageHeading>{title}</PageHeading>
        {outcome.kind === 'asking' && kind ? (
          <form noValidate onSubmit={(e) => void onSubmit(e)} className="panel" aria-label={`Stop ${WORDS[kind]}`}>
            <p>
              {WISHLIST_ALERT_LABELS[kind].label}: {WISHLIST_ALERT_LABELS[kind].hint.toLowerCase()}. You’ll still get emails about your orders, your account and, if you chose them, our deals.
            </p>
            <div className="form-actions">
              <SubmitButton busy={busy} busyLabel="Unsubscribing…">
                {`Stop ${WORDS[kind]}`}
              </SubmitButton>
            </div>
          </form>
        ) : outcome.kind === 'done' ? (
          <>
            <Notice title="Done" variant="success" focus>
              <p>
                {outcome.message} (<strong>{outcome.email}</strong>)
              </p>
            </Notice>
            <p>
              Changed your mind? Turn it back on in <Link to="/myaccount/subscriptions">My subscriptions</Link>.
            </p>
          </>
        ) : outcome.kind === 'failed' ? (
          <>
            <Notice title="This link didn’t work" variant="error" focus>
              <p>{outcome.message}</p>
            </Notice>
            <p>
              Signed in, you can choose your wish list alerts in <Link to="/myaccount/subscriptions">My subscriptions</Link>.
            </p>
            <p className="form-actions">
              <Link className="button button--primary" to={locationPath(DEFAULT_LOCATION)}>
                See today’s deals
              </Link>
            </p>
          </>
        ) : null}
      </div>
    </Main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
