import { useState } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData } from 'react-router';
import { ACCOUNT_LINK_PATHS } from '@shop/domain/accounts';
import { Notice } from '../../ui/Notice.tsx';
import { preloadRouteQuery } from '../../relay/preload.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { AccountPage } from '../../features/accounts/AccountPage.tsx';
import { useSubscribeEmailMutation } from '../../features/accounts/use-subscribe-form.ts';
import { vipStatusWords } from '../../features/accounts/vip-status.ts';
import { VipCancel } from '../../features/vip/VipCancel.tsx';
import { WishlistAlertsForm } from '../../features/wishlist-alerts/WishlistAlertsForm.tsx';
import { formatDate } from '../../lib/text.ts';
import type { SubscriptionsPageQuery } from '../../__generated__/SubscriptionsPageQuery.graphql';

/**
 * /myaccount/subscriptions (spec §2 "My Subscriptions"): the VIP membership (spec §3 statuses
 * ELIGIBLE, ACTIVE, RENEW, NOT_CHECKED in plain words) and the deals email subscription: a
 * button to ask for it (source ACCOUNT, double opt-in by email) and, once there is one, a link
 * to the email preferences page (its signed token, viewer.preferencesToken). Then the wish list
 * alerts (issue 19 point 2): price drops and back on sale, each on or off.
 */
export function loader() {
  return preloadRouteQuery<SubscriptionsPageQuery>('myaccount-subscriptions', query, {});
}

export function Component() {
  const { viewer } = usePreloadedQuery<SubscriptionsPageQuery>(query, useLoaderData() as PreloadedQuery<SubscriptionsPageQuery>);
  if (!viewer) return null;
  const vip = vipStatusWords(viewer.vipStatus);
  const active = viewer.vipStatus === 'ACTIVE';
  return (
    <AccountPage title="Your subscriptions">
      <section className="panel" aria-labelledby="vip-title">
        <p className="panel__eyebrow">
          <span className={`badge ${active ? 'badge--vip' : 'badge--quiet'}`}>VIP</span>
        </p>
        <h2 id="vip-title" className="panel__title">
          {vip.title}
        </h2>
        <p>{vip.text}</p>
        <dl className="facts">
          <div>
            <dt>Membership</dt>
            <dd>{vip.short}</dd>
          </div>
          {viewer.vipValidUntil && (active || viewer.vipStatus === 'RENEW') ? (
            <div>
              <dt>{active ? 'Valid until' : 'Ended on'}</dt>
              <dd>{formatDate(viewer.vipValidUntil)}</dd>
            </div>
          ) : null}
          <div>
            <dt>Price</dt>
            <dd>£4.99 a year</dd>
          </div>
        </dl>
        <VipCancel viewer={viewer} />
      </section>
      <section className="panel" aria-labelledby="email-sub-title">
        <h2 id="email-sub-title" className="panel__title">
          Deals emails
        </h2>
        {viewer.emailSubscribed ? (
          <p>
            You get our deals emails at <strong>{viewer.email}</strong>.
          </p>
        ) : viewer.status.isSubscribed ? (
          <p>
            You’ve asked for our deals emails at <strong>{viewer.email}</strong>. Open the confirmation link we emailed you to start getting them.
          </p>
        ) : (
          <SubscribeButton email={viewer.email} />
        )}
        <h3 className="panel__subtitle">Email preferences</h3>
        {viewer.preferencesToken ? (
          <p>
            <Link to={`${ACCOUNT_LINK_PATHS.emailPreferences}?${new URLSearchParams({ token: viewer.preferencesToken })}`}>Choose your email preferences</Link>: the
            topics, how often we write, or unsubscribe.
          </p>
        ) : (
          <p>Once you get our deals emails you can choose the topics and how often we write here, or with the Email preferences link in any of them.</p>
        )}
      </section>
      <section className="panel" aria-labelledby="wishlist-alerts-title">
        <h2 id="wishlist-alerts-title" className="panel__title">
          Wish list alerts
        </h2>
        <p>We can email you when a deal on your wish list gets cheaper, or when one that sold out or ended is back on sale. Each email also has a link to stop that kind.</p>
        <WishlistAlertsForm viewer={viewer} />
      </section>
    </AccountPage>
  );
}

/** Asks for the deals emails at the account's own address: a confirmation link follows by email. */
function SubscribeButton({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const [commit] = useSubscribeEmailMutation();
  if (outcome?.ok) {
    return (
      <Notice title="Check your email" variant="success" headingLevel={3} focus>
        <p>{outcome.message}</p>
      </Notice>
    );
  }
  async function onClick() {
    if (busy) return;
    setBusy(true);
    const { subscribe } = await import('../../features/accounts/subscribe.ts');
    setOutcome(await subscribe(commit, email, 'ACCOUNT'));
    setBusy(false);
  }
  return (
    <>
      <p>You don’t get our deals emails. We’ll send a link to confirm first.</p>
      {outcome ? (
        <p className="error-message" role="alert">
          {outcome.message}
        </p>
      ) : null}
      <p>
        <button type="button" className="button button--primary" aria-disabled={busy} onClick={() => void onClick()}>
          {busy ? 'Sending…' : 'Get deals emails'}
        </button>
      </p>
    </>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query SubscriptionsPageQuery {
    viewer {
      # The id keeps the viewer one record in the store, shared with the header and the other pages.
      # eslint-disable-next-line relay/unused-fields
      id
      email
      # Refreshed here for the header's VIP flag (the same record).
      # eslint-disable-next-line relay/unused-fields
      vipUser
      vipStatus
      vipValidUntil
      ...VipCancel_viewer
      ...WishlistAlertsForm_viewer
      emailSubscribed
      preferencesToken
      status {
        isSubscribed
      }
    }
  }
`;
