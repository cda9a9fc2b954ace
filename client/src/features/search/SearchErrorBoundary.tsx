import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Main } from '../../ui/Main.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { LocationLinks } from '../../ui/LocationLinks.tsx';
import { reportClientError } from '../../errors/report.ts';
import { TryAgainButton } from '../../errors/TryAgainButton.tsx';

/**
 * The search page's error state: the search service did not answer. The failure goes to the
 * client error log (spec §7); the shopper can try again or browse the locations' deals.
 */
export function SearchErrorBoundary() {
  const error = useRouteError();
  useEffect(() => reportClientError(error), [error]);
  if (import.meta.env.DEV) console.error(error);
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <Main>
      <Seo title="Search is unavailable" description="Search is not answering right now. Please try again." robots="noindex, follow" />
      <div className="container message-view" role="alert">
        <PageHeading>Sorry, search isn’t working right now</PageHeading>
        <p>Something went wrong{status ? ` (${status})` : ''}. Please try again, or browse today’s deals instead.</p>
        <TryAgainButton />
        <LocationLinks />
      </div>
    </Main>
  );
}
