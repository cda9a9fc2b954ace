import { useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { layoutAccess, type Layout } from '@shop/domain/layouts';
import { useAuthState } from '../navigation/nav-session.ts';
import { Main } from '../../ui/Main.tsx';
import { PageSkeleton } from '../../ui/Skeleton.tsx';
import { savePostLoginUrl } from './post-login.ts';

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

  const loginTo = access.kind === 'login' ? access.to : null;
  const returnPath = access.kind === 'login' ? access.returnPath : null;
  useEffect(() => {
    if (!loginTo) return;
    if (returnPath) savePostLoginUrl(returnPath);
    void navigate(loginTo, { replace: true, state: returnPath ? { from: returnPath } : null });
  }, [loginTo, returnPath, navigate]);

  if (access.kind === 'render') return <>{children}</>;
  return (
    <Main>
      <PageSkeleton />
    </Main>
  );
}
