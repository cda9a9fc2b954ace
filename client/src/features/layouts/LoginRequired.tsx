import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { layoutAccess, type Layout } from '@shop/domain/layouts';
import { useAuthState } from '../navigation/nav-session.ts';
import { Main } from '../../ui/Main.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { savePostLoginUrl } from './post-login.ts';
import { guardShown } from './guard-presence.ts';

/**
 * The guard of the account and delete layouts (spec §2): a logged-out visitor goes to the login
 * page after the return path is saved (the post-login url cookie, and the router state the login
 * page reads as its "local redirect", spec §4); while the auth check runs, a placeholder shows.
 */
export function LoginRequired({ layout, children }: { layout: Layout; children: ReactNode }) {
  const auth = useAuthState();
  const location = useLocation();
  const navigate = useNavigate();
  const access = layoutAccess(layout, auth, location.pathname + location.search + location.hash);

  // On screen: leaveSignedOut waits for this page to go before it forgets the viewer.
  useEffect(() => guardShown(), []);

  const loginTo = access.kind === 'login' ? access.to : null;
  const returnPath = access.kind === 'login' ? access.returnPath : null;
  // Already on the way out of this layout (a query can find the session gone while the next page
  // loads): no login page to interrupt it. If that navigation fails and the shopper stays here,
  // the guard acts once it has settled.
  const navigation = useNavigation();
  const leaving = navigation.state !== 'idle' && navigation.location.pathname !== location.pathname;
  useEffect(() => {
    if (!loginTo || leaving) return;
    if (returnPath) savePostLoginUrl(returnPath);
    void navigate(loginTo, { replace: true, state: returnPath ? { from: returnPath } : null });
  }, [loginTo, returnPath, navigate, leaving]);

  if (access.kind === 'render') return <>{children}</>;
  return (
    <Main>
      <PageSkeleton />
    </Main>
  );
}
