import { useEffect } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Navigate, useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { DEFAULT_LOCATION, GUIDE_PAGE_SIZE, TEXT_LIMITS, locationPath, truncate } from '@shop/domain';
import { preloadRouteQuery } from '../relay/preload.ts';
import { pageHref, pageOf, pagedTitle } from '../lib/list-params.ts';
import { GuideDeals } from '../features/lists/GuideDeals.tsx';
import { GuideListicle } from '../features/lists/GuideListicle.tsx';
import { ListEmpty } from '../features/lists/ListEmpty.tsx';
import { Prose } from '../features/lists/Prose.tsx';
import { Breadcrumbs } from '../ui/Breadcrumbs.tsx';
import { MainWithSkeleton } from '../ui/Main.tsx';
import { NotFoundView } from '../ui/NotFoundView.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { PageSkeleton } from '../ui/Skeleton.tsx';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import type { GuidePageQuery } from '../__generated__/GuidePageQuery.graphql';
import '../features/lists/lists.css';

/**
 * /guides/* (spec §2, §3 Guide page): the guide's name, description and text, then either its
 * listicle (numbered picks with write-ups) or its deals feed (30 a page), then its closing text.
 * A moved guide goes on to its new address (the server answers 301 on a full page load).
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const page = pageOf(new URL(request.url).searchParams);
  const slug = (params['*'] ?? '').replace(/^\/+|\/+$/g, '');
  return preloadRouteQuery<GuidePageQuery>('guide', query, { slug, first: GUIDE_PAGE_SIZE, page: page > 1 ? page : null });
}

export function Component() {
  return <MainWithSkeleton><GuidePage /></MainWithSkeleton>;
}

/** A redirectUrl as somewhere to go: a path on the shop, or another address for a full load. */
function redirectTarget(url: string): { path: string } | { href: string } | null {
  if (url.startsWith('/') && !url.startsWith('//')) return { path: url };
  try {
    const target = new URL(url);
    if (target.origin === window.location.origin) return { path: `${target.pathname}${target.search}${target.hash}` };
    return target.protocol === 'https:' ? { href: target.href } : null;
  } catch {
    return null;
  }
}

function GuidePage() {
  const { guide } = usePreloadedQuery<GuidePageQuery>(query, useLoaderData() as PreloadedQuery<GuidePageQuery>);
  const { search } = useLocation();
  const target = guide?.redirectUrl ? redirectTarget(guide.redirectUrl) : null;
  const elsewhere = target && 'href' in target ? target.href : null;
  useEffect(() => {
    if (elsewhere) window.location.replace(elsewhere);
  }, [elsewhere]);

  if (!guide) return <NotFoundView what="guide" />;
  if (target) return 'path' in target ? <Navigate to={target.path} replace /> : <PageSkeleton />;
  const page = pageOf(new URLSearchParams(search));

  return (
    <div className="container guide">
      <Seo
        title={pagedTitle(guide.displayName, page)}
        description={truncate(guide.description || guide.displayName, TEXT_LIMITS.text)}
        canonical={pageHref(guide.url, new URLSearchParams(), page)}
      />
      <Breadcrumbs items={[{ label: 'Home', href: locationPath(DEFAULT_LOCATION) }, { label: guide.displayName }]} />
      <header className="page-header guide__header">
        <p className="list-eyebrow">Guide</p>
        <PageHeading>{guide.displayName}</PageHeading>
        {guide.description ? <p className="page-header__lede">{guide.description}</p> : null}
      </header>
      {page <= 1 ? <Prose text={guide.text} className="guide__text" /> : null}
      {guide.listicleView ? (
        <GuideListicle guide={guide} />
      ) : (
        <GuideDeals
          guide={guide}
          empty={
            <ListEmpty title="The deals in this guide have sold out" actions={[{ href: locationPath(DEFAULT_LOCATION), label: 'See today’s deals' }]}>
              New deals arrive every day, so check back soon.
            </ListEmpty>
          }
        />
      )}
      {page <= 1 ? <Prose text={guide.additionalText} className="guide__text guide__text--after" /> : null}
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query GuidePageQuery($slug: String!, $first: Int!, $page: Int) {
    guide(slug: $slug) {
      url
      displayName
      description
      text
      additionalText
      listicleView
      redirectUrl
      ...GuideListicle_guide
      ...GuideDeals_guide @arguments(first: $first, page: $page)
    }
  }
`;
