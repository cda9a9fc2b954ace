import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { DEFAULT_LOCATION, locationPath } from '@shop/domain';
import { campaignSlugOf, WELCOME_PAGE_SIZE, welcomeCampaignPath, WELCOME_ROBOTS } from '@shop/domain/deal-preview';
import { preloadRouteQuery } from '../../relay/preload.ts';
import { pageOf } from '../../lib/list-params.ts';
import { ListEmpty } from '../lists/ListEmpty.tsx';
import { MainWithSkeleton } from '../../ui/Main.tsx';
import { PageHeading } from '../../ui/PageHeading.tsx';
import { Seo } from '../../ui/Seo.tsx';
import { RouteErrorBoundary } from '../../errors/RouteErrorBoundary.tsx';
import { WelcomeDeals } from './WelcomeDeals.tsx';
import type { WelcomePageQuery } from '../../__generated__/WelcomePageQuery.graphql';
import '../lists/lists.css';

/**
 * /welcome (spec §2 page type ppc; issue 19 point 8): the landing page of a paid link. The link
 * names its campaign with ?campaign= or utm_campaign= (domain campaignSlugOf); any other link
 * shows the shop's default welcome campaign, so a paid click never lands on a 404. Kept out of
 * indexes (noindex), and the subscribe popup never opens here (domain showSubscribePopup: ppc).
 */
export function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const page = pageOf(search);
  return preloadRouteQuery<WelcomePageQuery>('welcome', query, { campaign: campaignSlugOf(search), first: WELCOME_PAGE_SIZE, page: page > 1 ? page : null });
}

export function Component() {
  return (
    <MainWithSkeleton>
      <WelcomePage />
    </MainWithSkeleton>
  );
}

function WelcomePage() {
  const data = usePreloadedQuery<WelcomePageQuery>(query, useLoaderData() as PreloadedQuery<WelcomePageQuery>);
  const { slug, headline, description } = data.welcomeCampaign;
  const page = pageOf(new URLSearchParams(useLocation().search));
  return (
    <div className="container">
      <Seo title={headline} description={description} canonical={welcomeCampaignPath(slug, page)} robots={WELCOME_ROBOTS} />
      <header className="page-header">
        <PageHeading>{headline}</PageHeading>
        <p className="page-header__lede">{description}</p>
      </header>
      <WelcomeDeals
        query={data}
        label={headline}
        empty={
          <ListEmpty title="These offers have just sold out" actions={[{ href: locationPath(DEFAULT_LOCATION), label: "See today's deals in Glasgow" }]}>
            New deals arrive every day. Have a look at everything on today.
          </ListEmpty>
        }
      />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query WelcomePageQuery($campaign: String, $first: Int!, $page: Int) {
    welcomeCampaign(campaign: $campaign) {
      slug
      headline
      description
    }
    ...WelcomeDeals_query @arguments(campaign: $campaign, first: $first, page: $page)
  }
`;
