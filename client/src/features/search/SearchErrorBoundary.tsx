import { useEffect } from 'react';
import { Link, isRouteErrorResponse, useLocation, useNavigate, useNavigation, useRouteError } from 'react-router';
import { Main } from '../../ui/Main.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { LOCATIONS } from '../../ui/locations.ts';
import { reportClientError } from '../../errors/report.ts';

/**
 * The search page's error state: the search service did not answer. The failure goes to the
 * client error log (spec §7); the shopper can try again or browse the locations' deals.
 */
export function SearchErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  useEffect(() => reportClientError(error), [error]);
  if (import.meta.env.DEV) console.error(error);
  const retrying = navigation.state !== 'idle';
  const status = isRouteErrorResponse(error) ? error.status : null;
  return (
    <Main>
      <Seo title="Search is unavailable" description="Search is not answering right now. Please try again." robots="noindex, follow" />
      <div className="container message-view" role="alert">
        <PageHeading>Sorry, search isn’t working right now</PageHeading>
        <p>Something went wrong{status ? ` (${status})` : ''}. Please try again, or browse today’s deals instead.</p>
        <button
          type="button"
          className="button button--primary"
          disabled={retrying}
          onClick={() => void navigate(`${location.pathname}${location.search}`, { replace: true, preventScrollReset: true })}
        >
          {retrying ? 'Trying again…' : 'Try again'}
        </button>
        <ul className="chips">
          {LOCATIONS.map((l) => (
            <li key={l.slug}>
              <Link className="chip" to={`/deals/${l.slug}`}>
                {l.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </Main>
  );
}
