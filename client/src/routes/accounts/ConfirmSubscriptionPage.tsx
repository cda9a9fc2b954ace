import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { DEFAULT_LOCATION, NOINDEX_ROBOTS, locationPath } from '@shop/domain';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { Main } from '../../ui/Main.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { messageOf, SOMETHING_WRONG } from '../../features/accounts/form-helpers.ts';
import { commitAsync } from '../../relay/commit.ts';
import { readEmailPreferences, useConfirmSubscriptionMutation } from '../../features/accounts/email-mutations.ts';
import { useLinkRequest } from '../../features/accounts/use-link-request.ts';
import { frequencyLabel, topicLabel } from '../../features/accounts/email-topics.ts';
import '../../features/accounts/accounts.css';

type Confirmed = { email: string; topics: readonly string[]; frequency: string; preferencesToken: string };
type Outcome = { kind: 'confirming' } | { kind: 'confirmed'; prefs: Confirmed } | { kind: 'failed'; message: string };

/** /email/confirm?token= (the subscription email's link): the double opt-in's second step. No login. */
export function Component() {
  const { search } = useLocation();
  const token = new URLSearchParams(search).get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: 'confirming' } : { kind: 'failed', message: 'The link is incomplete. Open it again from your email.' });
  const [confirm] = useConfirmSubscriptionMutation();

  useLinkRequest(
    'confirmSubscription',
    token,
    async (token) => readEmailPreferences((await commitAsync(confirm, { variables: { input: { token } } })).confirmSubscription),
    (result) => {
      if (result.__typename === 'EmailPreferences') setOutcome({ kind: 'confirmed', prefs: { email: result.email ?? '', topics: result.topics ?? [], frequency: result.frequency ?? '', preferencesToken: result.preferencesToken ?? '' } });
      else setOutcome({ kind: 'failed', message: result.__typename === '%other' ? SOMETHING_WRONG : messageOf(result) });
    },
    () => setOutcome({ kind: 'failed', message: SOMETHING_WRONG }),
  );

  const title = outcome.kind === 'confirmed' ? 'You’re subscribed' : outcome.kind === 'failed' ? 'We couldn’t confirm your subscription' : 'Confirming your subscription';
  return (
    <Main>
      <Seo title={title} description="Confirm your Thistle Deals email subscription." robots={NOINDEX_ROBOTS} />
      <div className="container account-page account-page--narrow">
        <PageHeading>{title}</PageHeading>
        {outcome.kind === 'confirming' ? (
          <p className="account-page__lede" role="status">
            <span className="spinner spinner--inline" aria-hidden="true" /> Confirming your subscription…
          </p>
        ) : outcome.kind === 'confirmed' ? (
          <>
            <Notice title="Thanks for confirming" variant="success">
              <p>
                We’ll send the best deals to <strong>{outcome.prefs.email}</strong>
                {outcome.prefs.frequency ? `, ${frequencyLabel(outcome.prefs.frequency).toLowerCase()}` : ''}.
              </p>
              {outcome.prefs.topics.length > 0 ? <p>Topics: {outcome.prefs.topics.map(topicLabel).join(', ')}.</p> : null}
            </Notice>
            <p>You can change what we send you, or unsubscribe, at any time: every email has a link to your preferences at the bottom.</p>
            <p className="form-actions">
              <Link className="button button--primary" to={locationPath(DEFAULT_LOCATION)}>
                See today’s deals
              </Link>
              <Link to={`/email/preferences?${new URLSearchParams({ token: outcome.prefs.preferencesToken })}`}>Choose topics and how often</Link>
            </p>
          </>
        ) : (
          <>
            <Notice title="This link didn’t work" variant="error">
              <p>{outcome.message}</p>
            </Notice>
            <p>Confirmation links work for 7 days, and only once. If you’ve already confirmed, there’s nothing more to do.</p>
            <p className="form-actions">
              <Link className="button button--primary" to={locationPath(DEFAULT_LOCATION)}>
                See today’s deals
              </Link>
            </p>
          </>
        )}
      </div>
    </Main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
