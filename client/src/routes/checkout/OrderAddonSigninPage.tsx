import { Link, useLocation } from 'react-router';
import { NOINDEX_ROBOTS } from '@shop/domain';
import { safeReturnPath } from '@shop/domain/layouts';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { Main } from '../../ui/Main.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { useViewer } from '../../features/accounts/auth.ts';
import { confirmationPath, orderAddonPath } from '../../features/buying/paths.ts';
import '../../features/buying/buying.css';

/**
 * /order-addon/signin-page (spec §2): asks a guest to sign in (or create an account) to manage
 * their vouchers, and comes back to the order's add-on page afterwards (?redirect=, the return
 * path). A signed-in shopper is sent on.
 */
export function Component() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  const order = params.get('order');
  const back = safeReturnPath(params.get('redirect')) ?? (order ? orderAddonPath(order) : '/myaccount');
  const viewer = useViewer();
  const withBack = (path: string) => `${path}?${new URLSearchParams({ redirect: back })}`;
  return (
    <Main>
      <div className="container checkout-page signin-prompt">
        <Seo title="Sign in to manage your vouchers" description="Sign in to manage your Thistle Deals vouchers." robots={NOINDEX_ROBOTS} />
        <PageHeading className="checkout-page__title">Sign in to manage your vouchers</PageHeading>
        {viewer ? (
          <>
            <p>You’re signed in as {viewer.name}.</p>
            <p className="form-actions">
              <Link className="button button--primary" to={back}>
                Continue
              </Link>
              {order ? <Link to={confirmationPath(order)}>See order {order}</Link> : null}
            </p>
          </>
        ) : (
          <>
            <p>Sign in with the email address you used at checkout to keep your vouchers in your account, extend them and buy again quickly.</p>
            <p className="form-actions">
              <Link className="button button--primary" to={withBack('/login')}>
                Sign in
              </Link>
              <Link className="button button--secondary" to={withBack('/register')}>
                Create an account
              </Link>
            </p>
            {order ? (
              <p>
                <Link to={confirmationPath(order)}>Back to order {order}</Link>
              </p>
            ) : null}
          </>
        )}
      </div>
    </Main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
