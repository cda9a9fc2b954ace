import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, useLocation } from 'react-router';
import { preloadRouteQuery } from '../../relay/preload.ts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { Notice } from '../../ui/Notice.tsx';
import { AccountPage } from '../../features/accounts/AccountPage.tsx';
import { vipStatusWords } from '../../features/accounts/vip-status.ts';
import { SignOutButton } from '../../features/accounts/SignOutButton.tsx';
import type { AccountOverviewPageQuery } from '../../__generated__/AccountOverviewPageQuery.graphql';

/** /myaccount: who is signed in, and a way into each part of the account. */
export function loader() {
  return preloadRouteQuery<AccountOverviewPageQuery>('myaccount', query, {});
}

function flashOf(state: unknown): string | null {
  return state && typeof state === 'object' && 'flash' in state && typeof state.flash === 'string' ? state.flash : null;
}

export function Component() {
  const { viewer } = usePreloadedQuery<AccountOverviewPageQuery>(query, useLoaderData() as PreloadedQuery<AccountOverviewPageQuery>);
  const { state } = useLocation();
  const flash = flashOf(state);
  // Signed out meanwhile: the layout's guard is already on its way to the login page.
  if (!viewer) return null;
  const vip = vipStatusWords(viewer.vipStatus);
  return (
    <AccountPage title="Your account" heading={`Hi ${viewer.name}`} lede={<>Signed in as {viewer.email}</>}>
      {flash ? (
        <Notice title="Welcome" variant="success">
          <p>{flash}</p>
        </Notice>
      ) : null}
      {!viewer.status.DED ? (
        <Notice title="Please confirm your email address">
          <p>We’ve sent a link to {viewer.email}. Open it to confirm your address.</p>
        </Notice>
      ) : null}
      <ul className="account-cards">
        <li className="account-card">
          <h2 className="account-card__title">
            <Link to="/myaccount/vouchers">My Vouchers</Link>
          </h2>
          <p>Your vouchers and their codes, and how to redeem them.</p>
        </li>
        <li className="account-card">
          <h2 className="account-card__title">
            <Link to="/myaccount/wallet">My Wallet</Link>
          </h2>
          <p>Your wallet credit, when it expires, and everything paid in and out.</p>
        </li>
        <li className="account-card">
          <h2 className="account-card__title">
            <Link to="/myaccount/profile">Account details</Link>
          </h2>
          <p>
            {[viewer.firstName, viewer.lastName].filter(Boolean).join(' ') || 'Your name'} · {viewer.email}
          </p>
        </li>
        <li className="account-card">
          <h2 className="account-card__title">
            <Link to="/myaccount/password">Password</Link>
          </h2>
          <p>{viewer.status.hasPassword ? 'Change the password you sign in with.' : 'You sign in with a social account. You can set a password too.'}</p>
        </li>
        <li className="account-card">
          <h2 className="account-card__title">
            <Link to="/myaccount/subscriptions">Subscriptions</Link>
          </h2>
          <p>
            {vip.title}. {viewer.emailSubscribed ? 'You get our deals emails.' : 'You don’t get our deals emails.'}
          </p>
        </li>
        <li className="account-card">
          <h2 className="account-card__title">
            <Link to="/myaccount/delete">Delete account</Link>
          </h2>
          <p>Erase your personal details from Thistle Deals.</p>
        </li>
      </ul>
      <section className="panel panel--quiet" aria-labelledby="sessions-title">
        <h2 id="sessions-title" className="panel__title">
          Signed in somewhere else?
        </h2>
        <p>If you used a shared computer or lost a phone, sign out on every device at once, this one included.</p>
        <div className="form-actions">
          <SignOutButton className="button button--secondary" everywhere>
            Sign out on every device
          </SignOutButton>
        </div>
      </section>
    </AccountPage>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query AccountOverviewPageQuery {
    viewer {
      # The id keeps the viewer one record in the store, shared with the header and the other pages.
      # eslint-disable-next-line relay/unused-fields
      id
      name
      firstName
      lastName
      email
      vipStatus
      emailSubscribed
      status {
        DED
        hasPassword
      }
    }
  }
`;
