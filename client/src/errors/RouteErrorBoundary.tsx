import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useNavigation, useRouteError } from 'react-router';
import { Main } from '../ui/Main.tsx';
import { NotFoundView } from '../ui/NotFoundView.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { reportClientError } from './report.ts';

/**
 * Each route's error boundary: a 404 response becomes the not-found view; anything else
 * (the gateway is down, a bug) shows the spec §8 message with a "Try again".
 *
 * "Try again" navigates to the same url (replace): that re-runs the loaders, so the query
 * starts afresh, and the new location resets React Router's boundary. useRevalidator() is not
 * enough: our loaders return at once, so its loading and idle states land in one render and
 * the boundary never sees them change.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The client error log (spec §7): name and message only, never the stack, and never shown.
  useEffect(() => {
    if (!notFound) reportClientError(error);
  }, [error, notFound]);
  if (notFound) return <NotFoundView />;
  if (import.meta.env.DEV) console.error(error);
  const retrying = navigation.state !== 'idle';
  return (
    <Main>
      <Seo title="Something went wrong" description="Something went wrong. Please try again." robots="noindex, follow" />
      <div className="container message-view" role="alert">
        <PageHeading>Sorry, we couldn’t load this page</PageHeading>
        <p>Something went wrong. Please try again.</p>
        <button
          type="button"
          className="button button--primary"
          disabled={retrying}
          onClick={() => void navigate(`${location.pathname}${location.search}`, { replace: true, preventScrollReset: true })}
        >
          {retrying ? 'Trying again…' : 'Try again'}
        </button>
      </div>
    </Main>
  );
}
