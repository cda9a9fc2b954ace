import { useEffect } from 'react';
import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { preloadRouteQuery } from '../relay/preload.ts';
import { StaticPageView } from '../features/content/StaticPageView.tsx';
import { Main } from '../ui/Main.tsx';
import { NotFoundView } from '../ui/NotFoundView.tsx';
import { Seo } from '../ui/Seo.tsx';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import type { StaticPageQuery } from '../__generated__/StaticPageQuery.graphql';

/**
 * /page/:slug (spec §2 static pages), and the content pages /editorial-team and /discountcodes,
 * whose slug is their path.
 */
export function loader({ params, request }: LoaderFunctionArgs) {
  const slug = params.slug ?? new URL(request.url).pathname.replace(/^\/+|\/+$/g, '');
  return preloadRouteQuery<StaticPageQuery>('static-page', query, { slug });
}

export function Component() {
  const { staticPage } = usePreloadedQuery<StaticPageQuery>(query, useLoaderData() as PreloadedQuery<StaticPageQuery>);
  const { hash } = useLocation();

  // The page renders after its query: scroll to the anchor of the url (e-commerceterms#vip) once
  // the sections exist; the browser's own jump happened before they did.
  useEffect(() => {
    if (!hash || !staticPage) return;
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      return;
    }
    document.getElementById(id)?.scrollIntoView();
  }, [hash, staticPage]);

  if (!staticPage) return <NotFoundView />;
  return (
    <Main>
      <Seo title={staticPage.title} description={staticPage.description} canonical={staticPage.path} />
      <StaticPageView page={staticPage} />
    </Main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query StaticPageQuery($slug: String!) {
    staticPage(slug: $slug) {
      title
      description
      path
      ...StaticPageView_page
    }
  }
`;
