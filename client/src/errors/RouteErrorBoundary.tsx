import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Main } from '../ui/Main.tsx';
import { NotFoundView } from '../ui/NotFoundView.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { reportClientError } from './report.ts';
import { TryAgainButton } from './TryAgainButton.tsx';

/**
 * Each route's error boundary: a 404 response becomes the not-found view; anything else
 * (the gateway is down, a bug) shows the spec §8 message with a "Try again" (TryAgainButton).
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // The client error log (spec §7): name and message only, never the stack, and never shown.
  useEffect(() => {
    if (!notFound) reportClientError(error);
  }, [error, notFound]);
  if (notFound) return <NotFoundView />;
  if (import.meta.env.DEV) console.error(error);
  return (
    <Main>
      <Seo title="Something went wrong" description="Something went wrong. Please try again." robots="noindex, follow" />
      <div className="container message-view" role="alert">
        <PageHeading>Sorry, we couldn’t load this page</PageHeading>
        <p>Something went wrong. Please try again.</p>
        <TryAgainButton />
      </div>
    </Main>
  );
}
