import { Suspense } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { layoutOf } from '@shop/domain/layouts';
import { LoginRequired } from '../../features/layouts/LoginRequired.tsx';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { Main } from '../../ui/Main.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { SignOutButton } from '../../features/accounts/SignOutButton.tsx';
import '../../features/accounts/accounts.css';

/** The account area's own menu (spec §2 account area), beside every account page. */
const SECTIONS = [
  { to: '/myaccount', label: 'Overview', end: true },
  { to: '/myaccount/vouchers', label: 'My Vouchers' },
  { to: '/myaccount/wallet', label: 'My Wallet' },
  { to: '/myaccount/rewards', label: 'Rewards' },
  { to: '/myaccount/profile', label: 'Account details' },
  { to: '/myaccount/password', label: 'Password' },
  { to: '/myaccount/subscriptions', label: 'Subscriptions' },
  { to: '/myaccount/delete', label: 'Delete account' },
] as const;

/**
 * /myaccount and below (spec §2): the account layout (its menu beside the page) or, for
 * /myaccount/delete, the delete layout (the page alone). Both send a logged-out visitor to the
 * login page with the return path saved (LoginRequired).
 */
export function Component() {
  const { pathname } = useLocation();
  const layout = layoutOf(pathname);
  return (
    <LoginRequired layout={layout}>
      <Main>
        <div className={`container account-layout account-layout--${layout}`}>
          {layout === 'account' ? <AccountNav /> : null}
          <div className="account-layout__page">
            <Suspense key={pathname} fallback={<PageSkeleton />}>
              <Outlet />
            </Suspense>
          </div>
        </div>
      </Main>
    </LoginRequired>
  );
}

function AccountNav() {
  return (
    <nav className="account-nav" aria-label="Account sections">
      <ul className="account-nav__list">
        {SECTIONS.map((s) => (
          <li key={s.to}>
            <NavLink to={s.to} end={'end' in s} className="account-nav__link">
              {s.label}
            </NavLink>
          </li>
        ))}
        <li>
          <SignOutButton className="account-nav__link account-nav__signout">Sign out</SignOutButton>
        </li>
      </ul>
    </nav>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
