import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData } from 'react-router';
import { preloadRouteQuery } from '../../relay/preload.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { AccountPage } from '../../features/accounts/AccountPage.tsx';
import { vipStatusWords } from '../../features/accounts/vip-status.ts';
import type { SubscriptionsPageQuery } from '../../__generated__/SubscriptionsPageQuery.graphql';

/**
 * /myaccount/subscriptions (spec §2 "My Subscriptions"): the VIP membership (spec §3 statuses
 * ELIGIBLE, ACTIVE, RENEW, NOT_CHECKED in plain words) and the deals email subscription.
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
          <div>
            <dt>Price</dt>
            <dd>£4.99 a year</dd>
          </div>
        </dl>
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
          <p>
            You don’t get our deals emails. Sign up with the <a href="#subscribe-email">Daily deals by email</a> box at the top of the page.
          </p>
        )}
        <h3 className="panel__subtitle">Email preferences</h3>
        <p>
          To choose topics, how often we write, or to unsubscribe, use the <strong>Email preferences</strong> link at the bottom of any of our deals emails:
          it opens your preferences straight away, without signing in.
        </p>
      </section>
    </AccountPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query SubscriptionsPageQuery {
    viewer {
      id
      email
      vipUser
      vipStatus
      emailSubscribed
      status {
        isSubscribed
      }
    }
  }
`;
