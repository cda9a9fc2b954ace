import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, useParams, type LoaderFunctionArgs } from 'react-router';
import { hyperlocalHead, locationPath } from '@shop/domain';
import { preloadRouteQuery } from '../relay/preload.ts';
import { formatCount } from '../lib/text.ts';
import { ListEmpty } from '../features/lists/ListEmpty.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { MainWithSkeleton } from '../ui/Main.tsx';
import { NotFoundView } from '../ui/NotFoundView.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import type { NearMePageQuery, NearMePageQuery$data } from '../__generated__/NearMePageQuery.graphql';
import '../features/lists/lists.css';

/**
 * /near-me, the hub of the near-me (hyperlocal) pages (spec §2: titled 'Deals Near You - Local
 * Restaurants, Spas & Things To Do'): every location with its areas and how many deals each has.
 * Also /near-me/:location, one location's areas.
 */
export function loader(_args: LoaderFunctionArgs) {
  return preloadRouteQuery<NearMePageQuery>('near-me', query, {});
}

export function Component() {
  return <MainWithSkeleton><NearMePage /></MainWithSkeleton>;
}

type NearMeLocation = NearMePageQuery$data['nearMeLocations'][number];

const dealsCount = (n: number) => (n === 1 ? '1 deal' : `${formatCount(n)} deals`);

function NearMePage() {
  const { nearMeLocations } = usePreloadedQuery<NearMePageQuery>(query, useLoaderData() as PreloadedQuery<NearMePageQuery>);
  const { location: slug } = useParams();
  if (slug === undefined) return <Hub locations={nearMeLocations} />;
  const one = nearMeLocations.find((l) => l.location.slug === slug);
  if (!one) return <NotFoundView what="area" />;
  return <LocationAreas entry={one} />;
}

function Hub({ locations }: { locations: readonly NearMeLocation[] }) {
  return (
    <div className="container">
      <Seo head={hyperlocalHead('/near-me')!} />
      <header className="page-header">
        <p className="list-eyebrow">Near me</p>
        <PageHeading>Deals near you</PageHeading>
        <p className="page-header__lede">Local restaurants, spa days and things to do, a short walk from where you are. Pick your neighbourhood.</p>
      </header>
      {locations.length === 0 ? (
        <ListEmpty title="No local areas yet" actions={[{ href: '/deals/glasgow', label: 'Browse deals in Glasgow' }]}>
          We’re mapping our deals by neighbourhood. Until then, every local deal is on its city’s page.
        </ListEmpty>
      ) : (
        <div className="near-hub">
          {locations.map((entry) => (
            <section key={entry.location.slug} className="near-hub__location" aria-labelledby={`near-${entry.location.slug}`}>
              <div className="near-hub__head">
                <h2 id={`near-${entry.location.slug}`} className="section__title">
                  <Link to={`/near-me/${entry.location.slug}`}>{entry.location.name}</Link>
                </h2>
                <span className="near-hub__total">{entry.areas.length === 1 ? '1 area' : `${entry.areas.length} areas`}</span>
              </div>
              <ul className="chips" aria-label={`Areas of ${entry.location.name}`}>
                {entry.areas.map((area) => (
                  <li key={area.id}>
                    <Link className="chip" to={area.url}>
                      {area.name}
                      <span className="chip__count">
                        <span className="visually-hidden">, </span>
                        {dealsCount(area.dealCount)}
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

function LocationAreas({ entry }: { entry: NearMeLocation }) {
  const { location, areas } = entry;
  return (
    <div className="container">
      <Seo head={hyperlocalHead(`/near-me/${location.slug}`, { location: location.name })!} />
      <Breadcrumbs items={[{ label: 'Near me', href: '/near-me' }, { label: location.name }]} />
      <header className="page-header">
        <PageHeading>Deals near you in {location.name}</PageHeading>
        <p className="page-header__lede">Choose your area to see the deals closest to it first.</p>
      </header>
      {areas.length === 0 ? (
        <ListEmpty title={`No areas of ${location.name} yet`} actions={[{ href: locationPath(location.slug), label: `All deals in ${location.name}` }]}>
          Every deal in {location.name} is on its city page in the meantime.
        </ListEmpty>
      ) : (
        <ul className="area-grid" aria-label={`Areas of ${location.name}`}>
          {areas.map((area) => (
            <li key={area.id}>
              <Link className="area-card" to={area.url}>
                <span className="area-card__name">{area.name}</span>
                <span className="area-card__count">{dealsCount(area.dealCount)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <p className="near-more">
        <Link to={locationPath(location.slug)}>All deals in {location.name} ›</Link>
      </p>
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query NearMePageQuery {
    nearMeLocations {
      location {
        slug
        name
      }
      areas {
        id
        name
        url
        dealCount
      }
    }
  }
`;
