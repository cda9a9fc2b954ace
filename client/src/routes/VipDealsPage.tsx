import { graphql, usePreloadedQuery, type PreloadedQuery } from 'react-relay';
import { Link, useLoaderData, useLocation, type LoaderFunctionArgs } from 'react-router';
import { DEFAULT_LOCATION, SEARCH_PAGE_SIZE, locationPath } from '@shop/domain';
import { vipHead } from '@shop/domain/page-head';
import { VIP_OFFER_LINE } from '@shop/domain/vip';
import { preloadRouteQuery } from '../relay/preload.ts';
import { pageOf } from '../lib/list-params.ts';
import { formatDate } from '../lib/text.ts';
import { VipDeals } from '../features/vip/VipDeals.tsx';
import { VipJoin } from '../features/vip/VipJoin.tsx';
import { VipCategoryChips } from '../features/vip/VipCategoryChips.tsx';
import { savePostLoginUrl } from '../features/layouts/post-login.ts';
import { ListEmpty } from '../features/lists/ListEmpty.tsx';
import { MainWithSkeleton } from '../ui/Main.tsx';
import { PageHeading } from '../ui/PageHeading.tsx';
import { Seo } from '../ui/Seo.tsx';
import { RouteErrorBoundary } from '../errors/RouteErrorBoundary.tsx';
import type { VipDealsPageQuery } from '../__generated__/VipDealsPageQuery.graphql';
import '../features/lists/lists.css';
import '../features/vip/vip.css';

/**
 * /deals/vip (spec §2: its fixed title, domain vipHead): the deals with VIP-exclusive options,
 * at most 60 (spec §9 "VIP limit 60"), with their VIP prices. A member is told until when their
 * VIP prices are theirs; anyone else reads the offer in one line (price, term, what it gives, no
 * automatic renewal) and how to join: it is added, unticked until they tick it, at checkout
 * with an order, or here on its own with "Join VIP" (VipJoin: then paid at checkout), signed in
 * (a guest is offered sign-in first and comes back here).
 */
export function loader({ request }: LoaderFunctionArgs) {
  const page = pageOf(new URL(request.url).searchParams);
  return { ref: preloadRouteQuery<VipDealsPageQuery>('deals-vip', query, { first: SEARCH_PAGE_SIZE, page: page > 1 ? page : null }) };
}

type LoaderData = ReturnType<typeof loader>;

export function Component() {
  return (
    <MainWithSkeleton>
      <VipDealsPage />
    </MainWithSkeleton>
  );
}

function VipDealsPage() {
  const { ref } = useLoaderData() as LoaderData;
  const data = usePreloadedQuery<VipDealsPageQuery>(query, ref as PreloadedQuery<VipDealsPageQuery>);
  const { pathname, search } = useLocation();
  const viewer = data.viewer;
  const member = viewer?.vipStatus === 'ACTIVE';
  return (
    <div className="container">
      <Seo head={vipHead()} />
      <header className="page-header">
        <p className="list-eyebrow">VIP members</p>
        <PageHeading>VIP deals</PageHeading>
        <p className="page-header__lede">Selected deals have a VIP option: the same deal, with an extra saving of up to 10% for VIP members.</p>
      </header>
      <section className="vip-offer" aria-labelledby="vip-offer-title">
        {member ? (
          <>
            <h2 id="vip-offer-title" className="vip-offer__title">
              You’re a VIP member
            </h2>
            <p>
              Your VIP prices are yours{viewer?.vipValidUntil ? ` until ${formatDate(viewer.vipValidUntil)}` : ''}: choose a deal’s VIP option when you buy. Your membership does not renew automatically.{' '}
              <Link to="/myaccount/subscriptions">Manage your membership</Link>
            </p>
          </>
        ) : (
          <>
            <h2 id="vip-offer-title" className="vip-offer__title">
              Join VIP
            </h2>
            <p>
              <strong>{VIP_OFFER_LINE}</strong>
            </p>
            <p>
              {viewer
                ? 'Join here and pay for it at checkout, or tick “Add VIP membership” at checkout when you buy your next deal: it is never added unless you choose it, and its VIP prices are yours as soon as you have paid.'
                : 'VIP membership belongs to an account: sign in to join here, or tick “Add VIP membership” at checkout when you buy your next deal. It is never added unless you choose it.'}{' '}
              You can cancel on My Subscriptions within 14 days of joining, for a full refund.
            </p>
            {viewer ? (
              <VipJoin />
            ) : (
              <p>
                <Link className="button button--primary" to="/login" state={{ from: pathname + search }} onClick={() => savePostLoginUrl(pathname + search)}>
                  Sign in to join VIP
                </Link>
              </p>
            )}
          </>
        )}
      </section>
      <VipCategoryChips search={data.vipCategories} />
      <VipDeals
        query={data}
        empty={
          <ListEmpty title="No VIP deals right now" actions={[{ href: locationPath(DEFAULT_LOCATION), label: 'See all deals' }]}>
            New VIP options arrive with new deals. In the meantime, there is plenty more to explore.
          </ListEmpty>
        }
      />
    </div>
  );
}

export const ErrorBoundary = RouteErrorBoundary;

const query = graphql`
  query VipDealsPageQuery($first: Int!, $page: Int) {
    viewer {
      vipStatus
      vipValidUntil
    }
    # The categories that have VIP deals, for the chips to their VIP category pages.
    vipCategories: search(vip: true, allLocations: true, first: 1) {
      ...VipCategoryChips_search
    }
    ...VipDeals_query @arguments(first: $first, page: $page)
  }
`;
